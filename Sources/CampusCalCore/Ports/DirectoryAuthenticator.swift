/// A campus directory (OpenLDAP, Active Directory) that can check a user's password.
public protocol DirectoryAuthenticator: Sendable {
    /// The name it is configured under (shown in logs and on provisioned accounts).
    var name: String { get }
    /// The identity of `accountName` when `password` is theirs; nil when the directory has no such
    /// user (so the next directory may be asked). Throws `DirectoryError` for a refusal.
    ///
    /// Never called with an empty password: an LDAP bind without one is an anonymous bind, which
    /// must never count as a login.
    func authenticate(accountName: String, password: String) async throws -> DirectoryIdentity?
}
