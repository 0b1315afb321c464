import Foundation

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
    /// Everyone enrolled, with their accounts, and everyone the course's LMS class list names: with
    /// their account when the LMS identity is known to be theirs, else as the LMS shows them.
    func members(of course: CourseID) async throws -> [ClassMember]
    /// Writes what one LMS sync learnt (`LMSCourseSync`) in one transaction: the courses (one shared
    /// record per LMS course), the student's enrolments, the class lists read whole, and which
    /// account the student's LMS identity is.
    /// - Returns: the shared record of each course the sync listed, by its `LMSCourseSync.Entry.key`.
    @discardableResult
    func apply(_ sync: LMSCourseSync, at date: Date) async throws -> [String: CourseID]
}
