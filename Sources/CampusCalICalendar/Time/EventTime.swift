import Foundation

/// When something happens, in the three ways iCalendar can say it (RFC 5545 §3.3.4, §3.3.5).
///
/// The distinction matters for correctness: an all-day date is the same date in every zone; a
/// floating time is the same wall-clock time in every zone; a zoned time is one instant, shown at
/// different wall-clock times in different zones.
public enum EventTime: Sendable, Hashable {
    /// A whole day (`VALUE=DATE`), e.g. a holiday or a due date without a time.
    case date(LocalDate)
    /// A wall-clock time with no zone ("09:00 wherever you are").
    case floating(LocalDateTime)
    /// A wall-clock time in UTC (`…Z`).
    case utc(LocalDateTime)
    /// A wall-clock time in an IANA time zone (`TZID=America/Denver`).
    case zoned(LocalDateTime, timeZone: String)

    /// True for `.date`.
    public var isAllDay: Bool {
        if case .date = self { return true }
        return false
    }

    /// The wall-clock fields, with midnight for a date.
    public var localDateTime: LocalDateTime {
        switch self {
        case .date(let date): LocalDateTime(date: date)
        case .floating(let value), .utc(let value), .zoned(let value, _): value
        }
    }
}
