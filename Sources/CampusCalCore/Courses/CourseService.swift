/// Courses and the people in them (SRS 3.2.19): a student's courses, and the class list with the
/// contact details classmates and instructors have given — for reaching each other about the course.
///
/// Access follows `AccessPolicy.decideCourse`: only people enrolled in a course see who else is;
/// everyone else gets `CourseError.notFound`. People who opted out of directory information
/// (FERPA §99.37) are left out of every list but their own view. The lists fill themselves from the
/// students' LMS syncs (`LMSCourseSync`); classmates without an account are listed by the name and
/// role the LMS shows, with no contact details.
public struct CourseService: Sendable {
    public let courses: any CourseStore

    public init(courses: any CourseStore) { self.courses = courses }

    public func courses(for caller: User) async throws -> [(Course, CourseRole)] { try await courses.courses(of: caller.id) }

    /// The class list, instructors first, then alphabetically by name.
    public func members(of id: CourseID, for caller: User) async throws -> (Course, [ClassMember]) {
        guard let course = try await courses.course(id: id),
            AccessPolicy.decideCourse(role: try await courses.role(of: caller.id, in: id)) == .allow
        else { throw CourseError.notFound }
        let visible = try await courses.members(of: id).filter { !($0.user?.directoryOptOut ?? false) || $0.user?.id == caller.id }
        let sorted = visible.sorted {
            ($0.role == .student ? 1 : 0, $0.displayName.lowercased(), $0.user?.username ?? "")
                < ($1.role == .student ? 1 : 0, $1.displayName.lowercased(), $1.user?.username ?? "")
        }
        return (course, sorted)
    }
}

/// What can go wrong with courses, in the domain's words.
public enum CourseError: Error, Sendable, Equatable {
    /// No course with this id that the caller is enrolled in.
    case notFound
}
