import CampusCalICalendar
import Foundation

/// What is due, in plain language, for screen readers and voice assistants (SRS 3.2.46, 3.2.55),
/// and which assignment to start next.
public struct AgendaSummary: Sendable, Equatable {
    /// How far ahead a summary looks, from the start of today in the student's zone.
    public enum Range: String, Sendable, CaseIterable {
        case today, week, month

        var days: Int {
            switch self {
            case .today: 1
            case .week: 7
            case .month: 30
            }
        }

        var phrase: String {
            switch self {
            case .today: "today"
            case .week: "in the next 7 days"
            case .month: "in the next 30 days"
            }
        }
    }

    public var range: Range
    public var from: Date
    public var to: Date
    /// Open items due in the range, by due time then priority (repeating tasks by occurrence).
    public var items: [TaskService.Due]
    /// One or more sentences saying what is due.
    public var text: String

    /// The summary of `due` (already limited to the range and ranked).
    public init(range: Range, from: Date, to: Date, items: [TaskService.Due], timeZone: TimeZone) {
        self.range = range
        self.from = from
        self.to = to
        self.items = items
        guard !items.isEmpty else {
            text = "Nothing is due \(range.phrase)."
            return
        }
        let count = items.count == 1 ? "one item" : "\(items.count) items"
        let lines = items.map { item in
            var line = item.task.displayText ?? item.task.title
            if let course = item.task.course { line += " for \(course)" }
            line += ", due \(Self.spoken(item.due, dueAt: item.dueAt, timeZone: timeZone))"
            if let priority = item.task.priority { line += ", \(priority.rawValue) priority" }
            return line
        }
        text = "You have \(count) due \(range.phrase): " + lines.joined(separator: "; ") + "."
    }

    /// "Tuesday, November 24 at 11:59 PM", or "Tuesday, November 24" for a due date.
    ///
    /// Written by hand rather than with a `DateFormatter`, which builds an ICU formatter per call:
    /// every reminder an LMS sync plans has one of these sentences.
    static func spoken(_ due: EventTime, dueAt: Date, timeZone: TimeZone) -> String {
        if case .date = due {
            // `dueAt` is the end of the day (the next midnight); the day is the one before it.
            let day = LocalDateTime(instant: dueAt.addingTimeInterval(-1), in: timeZone).date
            return "\(weekdayNames[day.weekday.rawValue]), \(monthNames[day.month - 1]) \(day.day)"
        }
        let local = LocalDateTime(instant: dueAt, in: timeZone)
        let hour = local.hour % 12 == 0 ? 12 : local.hour % 12
        let minute = local.minute < 10 ? "0\(local.minute)" : "\(local.minute)"
        return "\(weekdayNames[local.date.weekday.rawValue]), \(monthNames[local.date.month - 1]) \(local.date.day) at \(hour):\(minute) "
            + (local.hour < 12 ? "AM" : "PM")
    }

    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
}

/// The assignment to start next: of the open items due from now on, the one whose latest sensible
/// start (due time minus the estimated work) comes first; ties go to the higher priority.
public struct NextSuggestion: Sendable, Equatable {
    public var item: TaskService.Due?
    /// Why, in a sentence; or that there is nothing yet.
    public var text: String

    public init(candidates: [TaskService.Due], now: Date, timeZone: TimeZone) {
        func startBy(_ due: TaskService.Due) -> Date { due.dueAt.addingTimeInterval(-Double((due.task.estimatedMinutes ?? 0) * 60)) }
        let ranked = candidates.filter { $0.task.status == .open && $0.dueAt > now }.sorted {
            (startBy($0), $0.task.priority?.rank ?? 3, $0.task.title) < (startBy($1), $1.task.priority?.rank ?? 3, $1.task.title)
        }
        guard let first = ranked.first else {
            item = nil
            text = "Nothing is due yet: there is no assignment to start."
            return
        }
        item = first
        var sentence = "Start \"\(first.task.displayText ?? first.task.title)\" next: it is due "
        sentence += AgendaSummary.spoken(first.due, dueAt: first.dueAt, timeZone: timeZone)
        if let minutes = first.task.estimatedMinutes {
            let hours = minutes / 60
            let rest = minutes % 60
            let length = hours == 0 ? "\(rest) minutes" : rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
            sentence += " and takes about \(length)"
        }
        text = sentence + "."
    }
}
