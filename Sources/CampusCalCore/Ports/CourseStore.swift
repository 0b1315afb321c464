/// Persistent courses and enrolments. Every method is atomic.
public protocol CourseStore: Sendable {
    func insert(_ course: Course) async throws
    func course(id: CourseID) async throws -> Course?
    /// Enrols `user` (or changes their role).
    func enrol(_ user: UserID, in course: CourseID, as role: CourseRole) async throws
    /// The user's role in the course; nil when not enrolled.
    func role(of user: UserID, in course: CourseID) async throws -> CourseRole?
    /// The courses the user is enrolled in, by code.
    func courses(of user: UserID) async throws -> [(Course, CourseRole)]
    /// Everyone enrolled, with their accounts.
    func members(of course: CourseID) async throws -> [ClassMember]
}
