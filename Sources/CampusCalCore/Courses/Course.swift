import Foundation

/// A course's id: a random UUID.
public struct CourseID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> CourseID { CourseID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}

/// A course students take (SRS 3.2.19): what the LMS importers find, or an administrator enters.
public struct Course: Sendable, Equatable {
    public var id: CourseID
    /// `CS 101`.
    public var code: String
    public var name: String
    /// `Fall 2026`, when known.
    public var term: String?
    public var createdAt: Date
    /// The LMS course it is (`canvas|canvas.example.edu|course|5173`); nil for one an administrator entered.
    public var source: String?

    public init(id: CourseID, code: String, name: String, term: String? = nil, createdAt: Date, source: String? = nil) {
        self.source = source
        self.id = id
        self.code = code
        self.name = name
        self.term = term
        self.createdAt = createdAt
    }
}

/// How someone takes part in a course.
public enum CourseRole: String, Sendable, CaseIterable {
    case student, instructor, assistant
}

/// One person in a course, as their classmates may see them: a CampusCal account, or someone the
/// LMS class list names who has no account yet (then only the name and role the LMS shows).
public struct ClassMember: Sendable, Equatable {
    /// nil: no CampusCal account is known to be this person yet.
    public var user: User?
    public var displayName: String
    public var role: CourseRole

    public init(user: User, role: CourseRole) {
        self.user = user
        self.displayName = user.displayName
        self.role = role
    }

    /// Someone an LMS class list names, without a CampusCal account (yet).
    public init(listedAs name: String, role: CourseRole) {
        self.user = nil
        self.displayName = name
        self.role = role
    }

    /// Said when someone has given neither an email address nor a phone number.
    public static let noContactDetails = "This user has not provided their information!"

    /// Whether classmates have a way to reach them.
    public var hasContactDetails: Bool { !(user?.email ?? "").isEmpty || !(user?.phone ?? "").isEmpty }
}
