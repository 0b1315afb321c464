import CampusCalICalendar
import Foundation

/// The fields of an event a user chooses: on creation (`title` and `start` required) or as a merge patch.
public struct EventChanges: Sendable {
    public var uid: String?
    public var title: String?
    public var description: FieldChange<String>
    public var location: FieldChange<String>
    public var url: FieldChange<String>
    public var start: EventTime?
    /// `.clear` (or absent on creation) means "the default length": one hour, or one day for all-day events.
    public var end: FieldChange<EventTime>
    /// RFC 5545 RRULE text, e.g. `FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261212`.
    public var recurrenceRule: FieldChange<String>
    /// The shortest period a stored series may repeat at.
    public static let shortestFrequency = RecurrenceFrequency.hourly
    public var exceptionDates: [EventTime]?
    /// RFC 5545 RDATEs: extra occurrences besides the rule's (or, with no rule, the only other ones).
    public var recurrenceDates: [EventTime]?
    public var categories: [String]?
    public var classification: EventClassification?
    public var status: EventStatus?
    public var transparency: EventTransparency?
    /// Replaces the event's reminders (an empty list removes them); they belong to the whole series.
    public var reminders: [Reminder]?

    public init(
        uid: String? = nil, title: String? = nil, description: FieldChange<String> = .unchanged, location: FieldChange<String> = .unchanged,
        url: FieldChange<String> = .unchanged, start: EventTime? = nil, end: FieldChange<EventTime> = .unchanged,
        recurrenceRule: FieldChange<String> = .unchanged, exceptionDates: [EventTime]? = nil, recurrenceDates: [EventTime]? = nil,
        categories: [String]? = nil,
        classification: EventClassification? = nil, status: EventStatus? = nil, transparency: EventTransparency? = nil,
        reminders: [Reminder]? = nil
    ) {
        self.uid = uid
        self.title = title
        self.description = description
        self.location = location
        self.url = url
        self.start = start
        self.end = end
        self.recurrenceRule = recurrenceRule
        self.exceptionDates = exceptionDates
        self.recurrenceDates = recurrenceDates
        self.categories = categories
        self.classification = classification
        self.status = status
        self.transparency = transparency
        self.reminders = reminders
    }

    public static let maximumTitleLength = 500
    public static let maximumTextLength = 10_000
    /// RDATE and EXDATE lists longer than this are refused (each costs work on every expansion).
    public static let maximumDateListLength = 1000

    /// `event` with these changes applied, or every broken rule (SRS 3.7.2: a title and a time).
    /// `now` refuses reminders at past instants; nil (imports, which drop those first) skips that check.
    public func applied(to event: CalendarEvent, now: Date? = nil) throws -> CalendarEvent {
        var issues: [ValidationIssue] = []
        func issue(_ field: String, _ code: String, _ message: String) {
            issues.append(ValidationIssue(field: field, code: "\(field).\(code)", message: message))
        }
        var event = event
        if let title {
            let trimmed = title.trimmingWhitespaceAndNewlines()
            if trimmed.isEmpty { issue("title", "empty", "An event needs a title.") }
            if title.unicodeScalars.count > Self.maximumTitleLength {
                issue("title", "length", "Title must be at most \(Self.maximumTitleLength) characters long.")
            }
            event.title = trimmed
        }
        if let uid {
            if uid.isEmpty || uid.unicodeScalars.count > 255 || uid.contains(where: { $0.isNewline }) {
                issue("uid", "format", "UID must be 1 to 255 characters on one line.")
            }
            event.uid = uid
        }
        for (field, change, keyPath) in [
            ("description", description, \CalendarEvent.description), ("location", location, \CalendarEvent.location),
        ] as [(String, FieldChange<String>, WritableKeyPath<CalendarEvent, String?>)] {
            switch change {
            case .unchanged: break
            case .clear: event[keyPath: keyPath] = nil
            case .set(let value):
                if value.unicodeScalars.count > Self.maximumTextLength {
                    issue(field, "length", "\(field.capitalized) must be at most \(Self.maximumTextLength) characters long.")
                }
                event[keyPath: keyPath] = value
            }
        }
        switch url {
        case .unchanged: break
        case .clear: event.url = nil
        case .set(let value):
            if let parsed = URL(string: value), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme), parsed.host != nil,
                value.count <= 2000
            {
                event.url = value
            } else {
                issue("url", "format", "Link '\(value.prefix(80))' must be an http or https address.")
            }
        }
        if let start {
            issues += Self.timeIssues(start, field: "start")
            event.start = start
        }
        switch end {
        case .unchanged:
            // A start that changes kind (timed ↔ all-day) without a new end takes the default length.
            if start != nil, event.end.isAllDay != event.start.isAllDay { event.end = Self.defaultEnd(for: event.start) }
        case .clear: event.end = Self.defaultEnd(for: event.start)
        case .set(let value):
            issues += Self.timeIssues(value, field: "end")
            event.end = value
        }
        if issues.isEmpty {
            if event.end.isAllDay != event.start.isAllDay {
                issue("end", "kind", "End must be a date when start is a date (all-day), and a date-time otherwise.")
            } else if event.durationSeconds < 0 || (event.isAllDay && event.durationSeconds == 0) {
                // A timed event may last no time at all: a deadline, as Canvas, Moodle and Brightspace
                // write them (DTEND = DTSTART). An all-day event lasts at least its day.
                let rule = event.isAllDay ? "after" : "at or after"
                issue("end", "before-start", "End (\(event.end.localDateTime)) must be \(rule) start (\(event.start.localDateTime)).")
            }
        }
        var rule: RecurrenceRule?
        switch recurrenceRule {
        case .unchanged: rule = event.recurrence?.rules.first
        case .clear: rule = nil
        case .set(let text):
            do {
                rule = try RecurrenceRule(parsing: text)
            } catch {
                issue("recurrenceRule", "invalid", "Recurrence rule '\(text.prefix(120))' is not valid: \(error.message)")
            }
            // A series repeating every second or minute is never a real calendar entry, and each
            // one would be tens of thousands of occurrences in any view (review H6): refused when
            // written; older stored ones are bounded by the expansion budget (`ExpansionBudget`).
            if let parsed = rule, parsed.frequency < Self.shortestFrequency {
                issue(
                    "recurrenceRule", "too-frequent",
                    "An event may repeat at most hourly; FREQ=\(parsed.frequency.icsName) is not supported. Use FREQ=HOURLY or longer.")
                rule = nil
            }
        }
        let exdates = exceptionDates ?? event.recurrence?.exdates ?? []
        let rdates = recurrenceDates ?? event.recurrence?.rdates ?? []
        for (field, noun, dates) in [("exceptionDates", "Exception", exdates), ("recurrenceDates", "Recurrence", rdates)] {
            if dates.contains(where: { $0.isAllDay != event.start.isAllDay }) {
                issue(field, "kind", "\(noun) dates must be dates for all-day events and date-times otherwise.")
            }
            if dates.count > Self.maximumDateListLength {
                issue(field, "length", "At most \(Self.maximumDateListLength) \(noun.lowercased()) dates are allowed.")
            }
            for date in dates { issues += Self.timeIssues(date, field: field) }
        }
        let previous = event
        if rule != nil || !rdates.isEmpty {
            event.recurrence = RecurrenceSet(start: event.start, rules: rule.map { [$0] } ?? [], rdates: rdates, exdates: exdates)
        } else {
            event.recurrence = nil
        }
        if event.recurrence != previous.recurrence || event.start != previous.start {
            event.overrides = event.overrides.filter { event.instance(recurrenceKey: $0.recurrenceKey) != nil }
        }
        if let categories {
            event.categories = categories.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        if let classification { event.classification = classification }
        if let status { event.status = status }
        if let transparency { event.transparency = transparency }
        if let reminders {
            do {
                try Reminders.check(reminders, now: now, field: "reminders")
            } catch let error as ValidationError {
                issues += error.issues
            }
            event.reminders = reminders
        }
        try ValidationError.check(issues)
        return event
    }

    static func timeIssues(_ time: EventTime, field: String) -> [ValidationIssue] {
        let valid: Bool
        switch time {
        case .date(let date): valid = date.isValid
        case .floating(let value), .utc(let value): valid = value.isValid
        case .zoned(let value, let zone):
            guard EventTime.isKnownTimeZone(zone) else {
                return [
                    ValidationIssue(
                        field: field, code: "\(field).time-zone",
                        message: "Time zone '\(zone.prefix(64))' of \(field) is not an IANA time zone name; use one like 'America/Denver'.")
                ]
            }
            valid = value.isValid
        }
        return valid ? [] : [ValidationIssue(field: field, code: "\(field).invalid", message: "The \(field) is not a real date or time.")]
    }

    /// One hour after a timed start; the next day after an all-day start.
    static func defaultEnd(for start: EventTime) -> EventTime {
        switch start {
        case .date(let date): .date(date.adding(days: 1))
        case .floating(let value): .floating(LocalDateTime(localSeconds: value.localSeconds + 3600))
        case .utc(let value): .utc(LocalDateTime(localSeconds: value.localSeconds + 3600))
        case .zoned(let value, let zone): .zoned(LocalDateTime(localSeconds: value.localSeconds + 3600), timeZone: zone)
        }
    }
}
