/// What can go wrong with LMS connections, in the domain's words.
public enum LMSError: Error, Sendable, Equatable {
    /// No connection with this id among the caller's.
    case notFound
    /// No importer for this kind is configured on this server (e.g. OAuth apps not registered yet).
    case kindUnavailable(LMSKind, String)
    /// The LMS refused the connection's credentials: the student must connect again.
    case needsReconnect(String)
    /// The LMS could not be reached or failed; the last good data stays.
    case unavailable(String)
    /// The connection request itself is wrong (URL, host not allowed, missing token).
    case invalid(ValidationIssue)
}
