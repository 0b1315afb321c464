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
    /// The student has not finished signing in at the LMS for this connection.
    case awaitingAuthorization
    /// The LMS sent the student back without a usable answer (declined, expired or unknown attempt).
    case authorizationFailed(String)
    /// A sync of this connection is running already; its report comes with it.
    case syncRunning
    /// The connection request itself is wrong (URL, host not allowed, missing token).
    case invalid(ValidationIssue)
}
