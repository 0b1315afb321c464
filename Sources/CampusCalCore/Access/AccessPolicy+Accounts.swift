/// Things that belong to one user alone (tasks, to-do entries, notices, settings) and the
/// administrators' own operations.
extension AccessPolicy {
    /// A task, a to-do entry or a notice: its owner's alone. Not even administrators read students'
    /// own items (FERPA: an administrator's job does not need them); everyone else is told it does not exist.
    public static func decideOwnItem(ownerID: UserID, caller: User) -> AccessDecision {
        ownerID == caller.id ? .allow : .hide
    }

    /// Administration (user accounts, maintenance notices): the `admin` role only; the operation
    /// itself is no secret, so others are told why (403).
    public static func decideAdministration(_ caller: User, doing phrase: String) -> AccessDecision {
        caller.role == .admin ? .allow : .forbid("\(phrase) needs the admin role.")
    }
}
