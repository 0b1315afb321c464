import CampusCalCore
import CampusCalICalendar
import Foundation
import Synchronization

/// Turns one person's domain data into de-identified records for one recipient (34 CFR §99.31(b)):
/// the person becomes a record code, free text is scrubbed, times are generalised, and nothing that
/// points at a stored object (ids, URLs, calendar names) goes out.
public struct Deidentifier: Sendable {
    public let recipientID: String
    public let codes: RecordCodes
    public let scrubber: TextScrubber
    /// Texts scrubbed so far in this release: a campus repeats its titles (every student of a
    /// course has "Problem set 4"), and scrubbing is most of a release's time.
    private let memo = ScrubMemo()
    public let dates: DateGranularity
    public let stripTimeZones: Bool
    /// Each person's consent period towards the recipient (`ConsentService.consentPeriods`): their
    /// record code changes with it. Absent: 0.
    public let periods: [UserID: Int]

    public init(
        recipientID: String, codes: RecordCodes, scrubber: TextScrubber, dates: DateGranularity, stripTimeZones: Bool,
        periods: [UserID: Int] = [:]
    ) {
        self.periods = periods
        self.recipientID = recipientID
        self.codes = codes
        self.scrubber = scrubber
        self.dates = dates
        self.stripTimeZones = stripTimeZones
    }

    /// The record code of `user` for this recipient in their current consent period; `identified`
    /// for records released with their identity (a code never used for their de-identified ones).
    public func subject(_ user: UserID, identified: Bool = false) -> String {
        codes.code(for: user, recipient: recipientID, period: periods[user] ?? 0, identified: identified)
    }

    /// An event. Private and confidential events say only that the time was taken: their owner marked
    /// even the title as nobody's business.
    public func record(_ event: CalendarEvent, of user: User) -> DeidentifiedRecord {
        let zone = TimeZone(identifier: user.timeZone) ?? TimeZone(identifier: "UTC") ?? .current
        var record = DeidentifiedRecord(subject: subject(user.id), kind: "event")
        record.itemKey = "event:" + event.id.rawValue
        if event.classification == .public {
            record.title = scrub(event.title)
            record.description = event.description.map(scrub)
            record.location = event.location.map(scrub)
        } else {
            record.title = "Busy"
        }
        record.start = dates.release(event.start, viewerTimeZone: zone, stripTimeZones: stripTimeZones)
        record.end = dates.release(event.end, viewerTimeZone: zone, stripTimeZones: stripTimeZones)
        record.allDay = event.isAllDay
        record.recurring = event.recurrence != nil
        record.status = event.status.rawValue.lowercased()
        if !stripTimeZones, case .zoned(_, let eventZone) = event.start { record.timeZone = eventZone }
        return record
    }

    /// A task or an assignment; with `grades`, an assignment's grade and scrubbed feedback too.
    public func record(_ task: TaskItem, of user: User, includingTask: Bool, includingGrades: Bool) -> DeidentifiedRecord {
        let zone = TimeZone(identifier: user.timeZone) ?? TimeZone(identifier: "UTC") ?? .current
        var record = DeidentifiedRecord(subject: subject(user.id), kind: task.isAssignment ? "assignment" : "task")
        record.itemKey = "task:" + task.id.rawValue
        record.course = task.course.map(scrub)
        record.title = scrub(task.title)
        record.due = task.due.map { dates.release($0, viewerTimeZone: zone, stripTimeZones: stripTimeZones) }
        if includingTask {
            record.description = task.description.map(scrub)
            record.priority = task.priority?.rawValue
            record.status = task.status.rawValue
            record.recurring = task.recurrence != nil
            if !stripTimeZones, case .zoned(_, let dueZone) = task.due { record.timeZone = dueZone }
        }
        if includingGrades && task.isAssignment {
            record.pointsPossible = task.pointsPossible
            record.score = task.grade?.score
            record.percentage = task.grade?.percentage
            record.letter = task.grade?.letter
            record.feedback = task.feedback.map(scrub)
        }
        return record
    }

    /// An enrolment: the course and the person's role in it.
    public func record(_ course: Course, role: CourseRole, of user: User) -> DeidentifiedRecord {
        var record = DeidentifiedRecord(subject: subject(user.id), kind: "enrolment")
        record.itemKey = "enrolment:" + course.id.rawValue + ":" + user.id.rawValue
        record.course = scrub(course.code)
        record.title = scrub(course.name)
        record.role = role.rawValue
        return record
    }

    /// `scrubber.scrub`, once per distinct text.
    func scrub(_ text: String) -> String {
        if let known = memo.texts.withLock({ $0[text] }) { return known }
        let scrubbed = scrubber.scrub(text)
        memo.texts.withLock { texts in
            // A bound, not an expected size: past it, start afresh.
            if texts.count >= ScrubMemo.limit { texts.removeAll(keepingCapacity: true) }
            texts[text] = scrubbed
        }
        return scrubbed
    }
}

/// Shared by the copies of one `Deidentifier` (a class, so the struct stays a value).
final class ScrubMemo: Sendable {
    static let limit = 500_000
    let texts = Mutex<[String: String]>([:])
}
