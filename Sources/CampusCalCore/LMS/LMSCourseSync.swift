import Foundation

/// What one sync learnt about courses, in the terms the course store keeps (pure: no I/O).
///
/// Courses and people are keyed by the LMS's own ids, never by names: a course is
/// `kind|host|course|nativeID`, shared by every student of it (one record for its code and name);
/// a person is `kind|host|user|nativeID`. The student's own person key (`LMSSnapshot.me`) is how
/// the class lists other students' syncs bring in find this student once they have an account.
///
/// Like assignments, nothing is removed on a partial sync: the student's enrolments in courses of
/// this LMS that are no longer listed end only when the course listing finished, and a class list
/// is replaced only when it was read whole.
public struct LMSCourseSync: Sendable, Equatable {
    /// One course as this sync saw it.
    public struct Entry: Sendable, Equatable {
        public var key: String
        /// The LMS's own id of the course (`LMSCourse.nativeID`): what assignments and events name.
        public var nativeID: String
        public var code: String
        public var name: String
        public var term: String?
        /// The student's role in it.
        public var role: CourseRole
        /// The whole class list; nil when it could not be read whole this time (the last one stays).
        public var members: [Member]?
    }

    /// One person of a class list.
    public struct Member: Sendable, Equatable {
        public var personKey: String
        /// Lower-cased; matched only against accounts the campus directory vouches for.
        public var loginID: String?
        public var name: String
        public var role: CourseRole
    }

    /// `kind|host`: the prefix of every course and person key of this LMS.
    public var site: String
    public var owner: UserID
    /// The student's own person key in this LMS, when the LMS said who they are.
    public var ownerPersonKey: String?
    public var courses: [Entry]
    /// The course listing finished: the student's enrolments in this LMS's other courses end.
    public var coursesComplete: Bool

    /// The course part of a snapshot; nil for a feed, whose items name no course the LMS can vouch for.
    public init?(snapshot: LMSSnapshot, connection: LMSConnection) {
        guard connection.kind != .ics else { return nil }
        let site = "\(connection.kind.rawValue)|\(connection.host)"
        self.site = site
        owner = connection.ownerID
        ownerPersonKey = snapshot.me.map { Self.personKey(site: site, nativeID: $0.nativeID) }
        coursesComplete = snapshot.completeScopes.contains(LMSSnapshot.coursesScope)
        var seen: Set<String> = []
        courses = snapshot.courses.compactMap { course in
            let key = "\(site)|course|\(course.nativeID)"
            guard seen.insert(key).inserted else { return nil }
            var members: [Member]?
            if snapshot.completeScopes.contains(LMSSnapshot.membersScope(course.nativeID)) {
                var listed: Set<String> = []
                members = course.members.compactMap { person in
                    let personKey = Self.personKey(site: site, nativeID: person.nativeID)
                    guard listed.insert(personKey).inserted else { return nil }
                    let login = person.loginID?.trimmingCharacters(in: .whitespaces).lowercased()
                    return Member(personKey: personKey, loginID: login?.isEmpty == false ? login : nil, name: person.name, role: person.role)
                }
            }
            return Entry(
                key: key, nativeID: course.nativeID, code: course.code, name: course.name, term: course.term, role: course.role, members: members)
        }
    }

    /// The shared course record of each LMS course id, given what `CourseStore.apply` returned.
    public func records(_ byKey: [String: CourseID]) -> [String: CourseID] {
        Dictionary(courses.compactMap { entry in byKey[entry.key].map { (entry.nativeID, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    static func personKey(site: String, nativeID: String) -> String { "\(site)|user|\(nativeID)" }
}
