import Foundation

/// A change to one optional field: leave it, set it, or clear it (JSON merge-patch semantics:
/// an absent key leaves the field, `null` clears it).
public enum FieldChange<Value: Sendable & Equatable>: Sendable, Equatable {
    case unchanged
    case set(Value)
    case clear
}

/// The profile fields a user may change about themselves.
public struct ProfileChanges: Sendable, Equatable {
    public var displayName: String?
    public var email: FieldChange<String>
    public var phone: FieldChange<String>
    public var timeZone: String?

    public init(
        displayName: String? = nil, email: FieldChange<String> = .unchanged, phone: FieldChange<String> = .unchanged,
        timeZone: String? = nil
    ) {
        self.displayName = displayName
        self.email = email
        self.phone = phone
        self.timeZone = timeZone
    }

    /// Every rule the requested values break.
    public func issues() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if let displayName { issues += ProfileRules.displayNameIssues(displayName) }
        if case .set(let email) = email { issues += ProfileRules.emailIssues(email) }
        if case .set(let phone) = phone { issues += ProfileRules.phoneIssues(phone) }
        if let timeZone { issues += ProfileRules.timeZoneIssues(timeZone) }
        return issues
    }

    /// `user` with these changes applied (validation is the caller's job).
    public func applied(to user: User) -> User {
        var user = user
        if let displayName { user.displayName = displayName.trimmingCharacters(in: .whitespacesAndNewlines) }
        switch email {
        case .unchanged: break
        case .set(let value): user.email = value
        case .clear: user.email = nil
        }
        switch phone {
        case .unchanged: break
        case .set(let value): user.phone = value
        case .clear: user.phone = nil
        }
        if let timeZone { user.timeZone = timeZone }
        return user
    }
}
