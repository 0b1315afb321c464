import CampusCalCore
import CampusCalICalendar
import Foundation

/// Imports an LMS's (or any calendar's) secret iCalendar feed: the one way in when the campus has
/// not registered CampusCal with its LMS (LMS reference §1–3, "ICS feed").
///
/// Deadlines become assignments, everything else calendar events:
/// - Canvas: UIDs `event-assignment-…`; SUMMARY ends in `[course code]`. An assignment due at 23:59
///   comes as a bare date (the "23:59 trap"): it is kept as the timed deadline it is — 23:59 in the
///   course's zone (the feed's X-WR-TIMEZONE, else the campus's zone), not an all-day item, so a
///   student abroad sees the real instant in their own zone.
/// - Brightspace: `… - Due` items (their `… - Available` / `… - Availability Ends` twins are dates
///   of the same assignment and are not imported separately); LOCATION is the course name.
/// - Moodle: `… is due` items, or zero-length items with a course in CATEGORIES.
/// - VTODOs are assignments too. Recurring events keep their RRULE.
/// The whole feed is one listing: when it arrives and parses, it is complete, so items gone from it are removed.
public struct ICSFeedImporter: LMSImporter {
    public let kind = LMSKind.ics
    let http: LMSHTTPClient
    /// Where the courses are (`lms.campus_time_zone`): the zone of deadlines a feed gives as dates.
    let campusTimeZone: String
    static let scope = "feed"

    public init(http: LMSHTTPClient = LMSHTTPClient(), campusTimeZone: String) {
        self.http = http
        self.campusTimeZone = campusTimeZone
    }

    public func snapshot(
        of connection: LMSConnection, credentials: LMSCredentials, owner: User, refreshed: @escaping @Sendable (LMSCredentials) async throws -> Void
    ) async throws -> LMSSnapshot {
        guard case .feedURL(let url) = credentials else { throw LMSImportError.credentialsRefused("this connection has no feed address") }
        let response = try await http.get(url)
        switch response.status {
        case 200..<300: break
        case 401, 403, 404, 410:
            throw LMSImportError.credentialsRefused(
                "the calendar feed link no longer works; copy the new link from your LMS")
        default:
            // The status goes to the log only: a feed URL is the student's to aim, so answers must not describe what is behind it.
            throw http.unreachable(url, "the calendar feed answered HTTP \(response.status)")
        }
        let body = response.body
        // Off the event loop: a feed of tens of thousands of events takes a while to read.
        let file = await OffTheEventLoop.run { ICalendarImport(bytes: body) }
        if file.document.isTruncated {
            throw LMSImportError.unavailable(
                "The calendar feed from \(LMSHTTPClient.host(url)) holds more than CampusCal reads in one sync; nothing was changed.")
        }
        guard !file.document.calendars.isEmpty else {
            throw LMSImportError.unavailable("The calendar feed from \(LMSHTTPClient.host(url)) is not an iCalendar file; check the link.")
        }
        return Self.snapshot(of: file, campusTimeZone: campusTimeZone)
    }

    /// The feed's items in the domain's terms (pure, for tests).
    static func snapshot(of file: ICalendarImport, campusTimeZone: String) -> LMSSnapshot {
        let declared = file.document.calendars.first?.property("X-WR-TIMEZONE")?.value
        let courseZone = declared.flatMap { TimeZone(identifier: $0) != nil ? $0 : nil } ?? campusTimeZone
        var snapshot = LMSSnapshot(completeScopes: [scope])
        var courses: Set<String> = []
        for vevent in file.events {
            guard let start = vevent.start, vevent.recurrenceID == nil else { continue }
            let summary = vevent.summary?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "Untitled"
            let (title, bracketCourse) = Self.splitCanvasCourse(summary)
            let course = bracketCourse ?? vevent.categories.first ?? (vevent.uid.contains("@") && summary.hasSuffix(" - Due") ? vevent.location : nil)
            if let course { courses.insert(course) }
            if summary.hasSuffix(" - Available") || summary.hasSuffix(" - Availability Ends") { continue }
            let zeroLength = vevent.end == nil || vevent.end == start
            let isDeadline =
                vevent.uid.hasPrefix("event-assignment-") || summary.hasSuffix(" - Due") || summary.hasSuffix(" is due")
                || (zeroLength && !start.isAllDay && !vevent.categories.isEmpty)
            if isDeadline {
                var due = start
                // The 23:59 trap: a dated Canvas deadline is the end of that day, as a time.
                if case .date(let day) = start, vevent.uid.hasPrefix("event-assignment-") {
                    due = .zoned(LocalDateTime(date: day, hour: 23, minute: 59), timeZone: courseZone)
                }
                var name = title
                for suffix in [" - Due", " is due"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
                snapshot.assignments.append(
                    LMSAssignment(
                        key: "ics|\(vevent.uid)", scope: scope, course: course, title: name, description: Self.plain(vevent.description), due: due))
            } else {
                let end =
                    vevent.end ?? vevent.duration.map { EventService.shifted(start, by: $0.totalSeconds) }
                    ?? (start.isAllDay ? EventService.shifted(start, by: 86_400) : start)
                snapshot.events.append(
                    LMSCalendarItem(
                        key: "ics|\(vevent.uid)", scope: scope, title: title, description: Self.plain(vevent.description), location: vevent.location,
                        start: start, end: end, recurrenceRule: vevent.recurrenceRule))
            }
        }
        for todo in file.todos where todo.recurrenceID == nil {
            snapshot.assignments.append(
                LMSAssignment(
                    key: "ics-todo|\(todo.uid)", scope: scope, course: todo.categories.first, title: todo.summary ?? "Untitled",
                    description: Self.plain(todo.description), due: todo.due))
        }
        snapshot.courses = courses.sorted().map { LMSCourse(nativeID: $0, code: $0, name: $0) }
        for issue in file.issues.prefix(20) {
            snapshot.problems.append(LMSSyncProblem(scope: scope, message: "The feed has a problem at line \(issue.line ?? 0): \(issue.message)"))
        }
        // A feed that parsed with problems may have lost items: do not remove anything on its word.
        if !file.issues.isEmpty { snapshot.completeScopes = [] }
        return snapshot
    }

    /// "Project Milestone 1 [CS 246]" → ("Project Milestone 1", "CS 246").
    static func splitCanvasCourse(_ summary: String) -> (String, String?) {
        guard summary.hasSuffix("]"), let open = summary.lastIndex(of: "[") else { return (summary, nil) }
        let course = summary[summary.index(after: open)..<summary.index(before: summary.endIndex)].trimmingCharacters(in: .whitespaces)
        let title = summary[..<open].trimmingCharacters(in: .whitespaces)
        return course.isEmpty || title.isEmpty ? (summary, nil) : (title, course)
    }

    /// Descriptions without Brightspace's trailing "View event - <url>" line; nil when empty.
    static func plain(_ text: String?) -> String? {
        guard var text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        if let range = text.range(of: "View event - ", options: .backwards) { text = String(text[..<range.lowerBound]) }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
