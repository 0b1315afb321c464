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

    /// Which stored item this is (`task:…`, `event:…`), for the recipient's ledger only: never
    /// released (see `CodingKeys`).
    var itemKey = ""

    public init(subject: String, kind: String) {
        self.subject = subject
        self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
        case subject, kind, course, title, description, location, start, end, due, allDay, recurring, timeZone, priority, status
        case pointsPossible, score, percentage, letter, feedback, role, person
    }

    /// Absent fields are left out; so is `subject` in a release without record codes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !subject.isEmpty { try container.encode(subject, forKey: .subject) }
        try container.encode(kind, forKey: .kind)
        for (key, value) in [
            (CodingKeys.course, course), (.title, title), (.description, description), (.location, location), (.start, start), (.end, end),
            (.due, due), (.timeZone, timeZone), (.priority, priority), (.status, status), (.letter, letter), (.feedback, feedback), (.role, role),
        ] {
            try container.encodeIfPresent(value, forKey: key)
        }
        try container.encodeIfPresent(allDay, forKey: .allDay)
        try container.encodeIfPresent(recurring, forKey: .recurring)
        try container.encodeIfPresent(pointsPossible, forKey: .pointsPossible)
        try container.encodeIfPresent(score, forKey: .score)
        try container.encodeIfPresent(percentage, forKey: .percentage)
        try container.encodeIfPresent(person, forKey: .person)
    }
}
