import CampusCalICalendar
import Foundation

/// What an importer found in the LMS, in the domain's terms: the importers speak Brightspace,
/// Canvas, Moodle and iCalendar; the sync speaks only this.
public struct LMSSnapshot: Sendable, Equatable {
    public var courses: [LMSCourse]
    public var assignments: [LMSAssignment]
    public var events: [LMSCalendarItem]
    /// The listings that finished completely (every page, no refusal): only items of these scopes that
    /// are gone may be marked removed. A scope is e.g. `assignments:5173` or `events`.
    public var completeScopes: Set<String>
    /// What went wrong on the way, per scope; the rest of the snapshot still counts.
    public var problems: [LMSSyncProblem]
    /// Who the student is in the LMS (the account the token or key belongs to), when the LMS said:
    /// how classmates' class lists find this student once they have a CampusCal account.
    public var me: LMSPerson?

    /// The scope whose presence says the course listing finished: only then do the student's
    /// enrolments in courses it no longer lists end.
    public static let coursesScope = "courses"

    /// The scope whose presence says a course's class list was read whole (`members:5173`).
    public static func membersScope(_ course: String) -> String { "members:\(course)" }

    public init(
        courses: [LMSCourse] = [], assignments: [LMSAssignment] = [], events: [LMSCalendarItem] = [], completeScopes: Set<String> = [],
        problems: [LMSSyncProblem] = [], me: LMSPerson? = nil
    ) {
        self.me = me
        self.courses = courses
        self.assignments = assignments
        self.events = events
        self.completeScopes = completeScopes
        self.problems = problems
    }
}

/// A course the student is enrolled in (and can still act on: importers leave out concluded and
/// hidden courses).
public struct LMSCourse: Sendable, Equatable {
    public var nativeID: String
    public var code: String
    public var name: String
    /// The course's zone (Canvas `time_zone`), for deadlines a feed gives as dates only.
    public var timeZone: String?
    /// `Fall 2026`, when the LMS says.
    public var term: String?
    /// The student's own role in it.
    public var role: CourseRole
    /// The class list as the LMS shows it to the student; it counts only when
    /// `LMSSnapshot.membersScope(nativeID)` is complete (a refused list keeps the last one).
    public var members: [LMSPerson]

    public init(
        nativeID: String, code: String, name: String, timeZone: String? = nil, term: String? = nil, role: CourseRole = .student,
        members: [LMSPerson] = []
    ) {
        self.nativeID = nativeID
        self.code = code
        self.name = name
        self.timeZone = timeZone
        self.term = term
        self.role = role
        self.members = members
    }
}

/// Someone in an LMS: the student themselves, or a classmate in a class list.
public struct LMSPerson: Sendable, Equatable {
    /// The LMS's id of the person (Canvas user id, Brightspace `Identifier`, Moodle user id).
    public var nativeID: String
    /// The login name the LMS shows, when it does (the campus username on SSO campuses).
    public var loginID: String?
    /// The name as the LMS shows it.
    public var name: String
    public var role: CourseRole

    public init(nativeID: String, loginID: String? = nil, name: String, role: CourseRole = .student) {
        self.nativeID = nativeID
        self.loginID = loginID
        self.name = name
        self.role = role
    }
}

/// An assignment (a task with a source): due time, points, grade and feedback as the LMS has them.
public struct LMSAssignment: Sendable, Equatable {
    /// `type|nativeID` within the connection, e.g. `assignment|30413`: the item's identity across syncs.
    public var key: String
    /// The scope whose complete listing vouches for this item's absence (`assignments:5173`).
    public var scope: String
    public var course: String?
    /// The LMS's id of that course (`LMSCourse.nativeID`): how the task finds the shared course record.
    public var courseNativeID: String?
    public var title: String
    public var description: String?
    /// An instant (timed deadline) or a date; nil: no due date.
    public var due: EventTime?
    public var pointsPossible: Double?
    /// nil: not graded, or the grade not released — never zero.
    public var grade: TaskGrade?
    public var feedback: String?
    /// False when the grade listing could not be read this time (a 403 on a student route, an error
    /// body): the grade and feedback are unknown, not absent, and the last known ones stay.
    public var gradeKnown: Bool
    /// When submissions open and are cut off, where the LMS says (Moodle).
    public var opensAt: Date?
    public var cutoffAt: Date?
    /// The student's submission state as the LMS names it; nil: unknown this time (the last one stays).
    public var submissionStatus: String?

    public init(
        key: String, scope: String, course: String? = nil, title: String, description: String? = nil, due: EventTime? = nil,
        pointsPossible: Double? = nil, grade: TaskGrade? = nil, feedback: String? = nil, gradeKnown: Bool = true,
        courseNativeID: String? = nil
    ) {
        self.courseNativeID = courseNativeID
        self.gradeKnown = gradeKnown
        self.key = key
        self.scope = scope
        self.course = course
        self.title = title
        self.description = description
        self.due = due
        self.pointsPossible = pointsPossible
        self.grade = grade
        self.feedback = feedback
    }
}

/// A calendar event from the LMS (a lecture series, a field trip, an exam).
public struct LMSCalendarItem: Sendable, Equatable {
    /// `type|nativeID`, e.g. `calendar|90001` or `ics|6_90001@ilearn.example.edu`.
    public var key: String
    public var scope: String
    public var title: String
    public var description: String?
    public var location: String?
    public var start: EventTime
    public var end: EventTime
    /// An RRULE, for repeating events the LMS sends as a rule.
    public var recurrenceRule: String?
    /// The LMS's id of the course whose calendar it is in (`LMSCourse.nativeID`); nil for the
    /// student's own or institution-wide events.
    public var courseNativeID: String?

    public init(
        key: String, scope: String, title: String, description: String? = nil, location: String? = nil, start: EventTime, end: EventTime,
        recurrenceRule: String? = nil, courseNativeID: String? = nil
    ) {
        self.courseNativeID = courseNativeID
        self.key = key
        self.scope = scope
        self.title = title
        self.description = description
        self.location = location
        self.start = start
        self.end = end
        self.recurrenceRule = recurrenceRule
    }
}

/// One thing a sync could not do, in words a student (or the help desk) can act on.
public struct LMSSyncProblem: Sendable, Equatable, Codable {
    public var scope: String
    public var message: String

    public init(scope: String, message: String) {
        self.scope = scope
        self.message = message
    }
}
