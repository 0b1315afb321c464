/// Invitations: who may see, answer and be sent them.
///
/// - The organiser and the invitees see an invitation; everyone else is told it does not exist (404).
/// - Only invitees answer, as often as they like, until the invited event is deleted.
/// - A user is invited only as their setting allows: `everyone`, `groupMembers` (people sharing a
///   study group with them) or `nobody`; a refusal is reported per recipient, never as an error.
extension AccessPolicy {
    public static func mayViewInvitation(isOrganizer: Bool, isInvitee: Bool) -> Bool { isOrganizer || isInvitee }

    public static func mayRespondToInvitation(isInvitee: Bool) -> Bool { isInvitee }

    /// Whether someone may invite a user whose setting is `setting`; `sharesGroup` is asked only when it matters.
    public static func mayInvite(setting: InvitationPrivacy, sharesGroup: () async throws -> Bool) async rethrows -> Bool {
        switch setting {
        case .everyone: return true
        case .nobody: return false
        case .groupMembers: return try await sharesGroup()
        }
    }
}
