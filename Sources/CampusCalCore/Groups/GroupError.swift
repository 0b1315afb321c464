/// What can go wrong with groups, in the domain's words.
public enum GroupError: Error, Sendable, Equatable {
    /// No group with this id that the caller may know of.
    case notFound
    /// No such member, invitation, request, announcement or link in a group the caller may see.
    case itemNotFound(String)
    /// The caller knows the group but may not do this; the sentence says why.
    case forbidden(String)
    /// The request conflicts with the group's state (already a member, owner leaving…).
    case conflict(code: String, message: String)
    /// The group changed since the caller read it (`If-Match` failed).
    case versionMismatch(current: Int)
}
