/// Who a campus directory says a user is, after it accepted their password.
public struct DirectoryIdentity: Sendable, Equatable {
    /// The login name as CampusCal keeps it (lower case, without `@REALM` or `DOMAIN\`).
    public var username: String
    /// The entry's distinguished name.
    public var distinguishedName: String
    public var displayName: String?
    public var email: String?
    public var phone: String?
    /// The DNs of the groups the user is in (nested ones too when the directory is set to follow them).
    public var groups: [String]
    /// The role the directory's groups give (`adminGroups`, `facultyGroups`), else `student`.
    public var role: Role
    /// The user asked the university not to disclose their directory information (FERPA §99.37).
    public var optedOut: Bool
    /// The configured name of the directory that vouched for them.
    public var directory: String
    /// The directory entry's immutable identifier (OpenLDAP `entryUUID`, AD `objectGUID`): the
    /// person, whatever their login name becomes, and never the next person given that name.
    public var entryID: String?

    public init(
        username: String, distinguishedName: String, displayName: String? = nil, email: String? = nil, phone: String? = nil,
        groups: [String] = [], role: Role = .student, optedOut: Bool = false, directory: String, entryID: String? = nil
    ) {
        self.entryID = entryID
        self.role = role
        self.username = username
        self.distinguishedName = distinguishedName
        self.displayName = displayName
        self.email = email
        self.phone = phone
        self.groups = groups
        self.optedOut = optedOut
        self.directory = directory
    }
}
