/// Courses: a class list is for the people in the class. Administrators and everyone else are told
/// the course does not exist: a class list is education records territory (FERPA), and nobody's
/// job needs another class's list through this server.
extension AccessPolicy {
    /// `role` is the caller's role in the course, nil when not enrolled.
    public static func decideCourse(role: CourseRole?) -> AccessDecision {
        role == nil ? .hide : .allow
    }
}
