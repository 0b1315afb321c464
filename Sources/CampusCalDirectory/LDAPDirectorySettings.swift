/// How to reach and read one campus directory (a `[directory.NAME]` table of the configuration).
public struct LDAPDirectorySettings: Sendable, Equatable {
    /// How people's groups are followed to the groups those groups are in.
    public enum NestedGroups: String, Sendable, CaseIterable {
        /// Only the groups the entry's `memberOf` names.
        case none
        /// Active Directory's `LDAP_MATCHING_RULE_IN_CHAIN` (1.2.840.113556.1.4.1941): one search.
        case matchingRule = "matching-rule"
        /// Read each group's own `memberOf`, level by level (any server with a memberOf overlay).
        case walk
    }

    public var name: String
    /// Tried in order until one answers (failover): `ldap://` or `ldaps://`.
    public var uris: [String]
    /// Upgrade `ldap://` connections with StartTLS (required when on: never falls back to plain text).
    public var startTLS: Bool
    /// PEM file of the certificate authorities to trust; empty: the system's.
    public var caFile: String
    /// Check the server's certificate and name. Off only for a throw-away test server.
    public var verifyPeer: Bool
    public var connectTimeoutSeconds: Int
    public var operationTimeoutSeconds: Int
    /// The service account that searches for users; empty: search anonymously.
    public var bindDN: String
    public var bindPassword: String
    public var userBase: String
    /// `(uid={username})` for OpenLDAP, `(sAMAccountName={username})` for Active Directory.
    public var userFilter: String
    /// An entry that also matches this filter is a disabled account (AD:
    /// `(userAccountControl:1.2.840.113556.1.4.803:=2)`); empty: none are.
    public var disabledFilter: String
    /// An entry that also matches this filter opted out of directory information (FERPA §99.37).
    public var optOutFilter: String
    public var displayNameAttribute: String
    public var emailAttribute: String
    public var phoneAttribute: String
    public var groupAttribute: String
    public var nestedGroups: NestedGroups
    /// Where groups live (for `matching-rule`); empty: `userBase`.
    public var groupBase: String
    /// Group DNs whose members are administrators, and faculty; everyone else is a student.
    public var adminGroups: [String]
    public var facultyGroups: [String]
    /// Concurrent operations against this directory at most (each holds a thread while it waits).
    public var maxConnections: Int

    public init(
        name: String, uris: [String], startTLS: Bool = false, caFile: String = "", verifyPeer: Bool = true, connectTimeoutSeconds: Int = 5,
        operationTimeoutSeconds: Int = 10, bindDN: String = "", bindPassword: String = "", userBase: String, userFilter: String = "(uid={username})",
        disabledFilter: String = "", optOutFilter: String = "", displayNameAttribute: String = "displayName", emailAttribute: String = "mail",
        phoneAttribute: String = "telephoneNumber", groupAttribute: String = "memberOf", nestedGroups: NestedGroups = .none, groupBase: String = "",
        adminGroups: [String] = [], facultyGroups: [String] = [], maxConnections: Int = 8
    ) {
        self.name = name
        self.uris = uris
        self.startTLS = startTLS
        self.caFile = caFile
        self.verifyPeer = verifyPeer
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.operationTimeoutSeconds = operationTimeoutSeconds
        self.bindDN = bindDN
        self.bindPassword = bindPassword
        self.userBase = userBase
        self.userFilter = userFilter
        self.disabledFilter = disabledFilter
        self.optOutFilter = optOutFilter
        self.displayNameAttribute = displayNameAttribute
        self.emailAttribute = emailAttribute
        self.phoneAttribute = phoneAttribute
        self.groupAttribute = groupAttribute
        self.nestedGroups = nestedGroups
        self.groupBase = groupBase
        self.adminGroups = adminGroups
        self.facultyGroups = facultyGroups
        self.maxConnections = maxConnections
    }
}
