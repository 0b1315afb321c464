import Foundation

/// What a person submits to create a local account.
public struct Registration: Sendable {
    public var username: String
    public var password: String
    public var displayName: String?
    public var email: String?
    public var phone: String?
    public var timeZone: String?
    public var role: Role

    public init(
        username: String, password: String, displayName: String? = nil, email: String? = nil, phone: String? = nil,
        timeZone: String? = nil, role: Role = .student
    ) {
        self.username = username
        self.password = password
        self.displayName = displayName
        self.email = email
        self.phone = phone
        self.timeZone = timeZone
        self.role = role
    }

    /// Every rule the submission breaks, all at once.
    public func issues() -> [ValidationIssue] {
        var issues = Username.issues(for: username) + PasswordPolicy.issues(for: password)
        let changes = ProfileChanges(
            displayName: displayName, email: email.map { .set($0) } ?? .unchanged, phone: phone.map { .set($0) } ?? .unchanged,
            timeZone: timeZone)
        issues += changes.issues()
        return issues
    }
}
