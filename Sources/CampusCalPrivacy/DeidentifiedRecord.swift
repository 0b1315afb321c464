import CampusCalCore

/// One record of a third-party view: a person's event, task, assignment or enrolment with every
/// direct identifier gone. `subject` is the record code of the person for this recipient; nothing
/// else in the record refers to a person or to a stored object (no ids: they would be the same for
/// every recipient and let two recipients join their data).
public struct DeidentifiedRecord: Sendable, Equatable, Encodable {
    public var subject: String
    /// `event`, `task`, `assignment` or `enrolment`.
    public var kind: String
    /// The course code ("CS 124"), when the item belongs to a course.
    public var course: String?
    /// Scrubbed free text.
    public var title: String?
    public var description: String?
    public var location: String?
    /// Times at the release's granularity.
    public var start: String?
    public var end: String?
    public var due: String?
    public var allDay: Bool?
    public var recurring: Bool?
    /// The item's time zone, only when the release keeps zones.
    public var timeZone: String?
    public var priority: String?
    public var status: String?
    /// Grades (category `grades`): points, score, percentage, letter, and the instructor's scrubbed feedback.
    public var pointsPossible: Double?
    public var score: Double?
    public var percentage: Double?
    public var letter: String?
    public var feedback: String?
    /// The person's role in a course (enrolments).
    public var role: String?
    /// Who the person is — only for people who consented to this recipient having it (`identity`).
    public var person: Person?

    public struct Person: Sendable, Equatable, Encodable {
        public var username: String
        public var displayName: String
        public var email: String?
    }

    public init(subject: String, kind: String) {
        self.subject = subject
        self.kind = kind
    }
}
