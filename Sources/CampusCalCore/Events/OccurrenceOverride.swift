import CampusCalICalendar
import Foundation

/// A change to one occurrence of a recurring event — or, with `.thisAndFuture`, to it and every
/// later one (RFC 5545 §3.8.4.4, `RECURRENCE-ID` and `RANGE=THISANDFUTURE`).
///
/// Like an overriding VEVENT in a file, an override carries the occurrence's complete details, not
/// a diff: what it says replaces what the series says for that occurrence. The series keeps every
/// override inside itself (`CalendarEvent.overrides`), so one read, one write and one version cover
/// a series and its exceptions, and exporting writes them back as VEVENTs with the series' UID.
public struct OccurrenceOverride: Sendable, Equatable {
    /// How far an override reaches.
    public enum Range: String, Sendable, CaseIterable {
        /// Only the occurrence at `recurrenceID`.
        case thisOccurrence
        /// That occurrence and every later one: later occurrences move by the same time difference,
        /// take the same length and the same details (until a later `.thisAndFuture` override).
        case thisAndFuture
    }

    /// The original start of the occurrence this replaces (its `RECURRENCE-ID`).
    public var recurrenceID: EventTime
    public var range: Range
    public var start: EventTime
    public var end: EventTime
    public var title: String
    public var description: String?
    public var location: String?
    public var url: String?
    public var categories: [String]
    public var classification: EventClassification
    public var status: EventStatus
    public var transparency: EventTransparency
    public var sequence: Int

    public init(
        recurrenceID: EventTime, range: Range, start: EventTime, end: EventTime, title: String, description: String?, location: String?,
        url: String?, categories: [String], classification: EventClassification, status: EventStatus, transparency: EventTransparency,
        sequence: Int
    ) {
        self.recurrenceID = recurrenceID
        self.range = range
        self.start = start
        self.end = end
        self.title = title
        self.description = description
        self.location = location
        self.url = url
        self.categories = categories
        self.classification = classification
        self.status = status
        self.transparency = transparency
        self.sequence = sequence
    }

    /// The override that gives the occurrence at `recurrenceID` the details of `occurrence` (its
    /// start, end, title and the rest; its id, UID and recurrence are ignored).
    public init(recurrenceID: EventTime, range: Range, occurrence: CalendarEvent) {
        self.init(
            recurrenceID: recurrenceID, range: range, start: occurrence.start, end: occurrence.end, title: occurrence.title,
            description: occurrence.description, location: occurrence.location, url: occurrence.url, categories: occurrence.categories,
            classification: occurrence.classification, status: occurrence.status, transparency: occurrence.transparency,
            sequence: occurrence.sequence)
    }

    /// Which occurrence this is, as a number that is the same whichever kind of time names it:
    /// the UTC instant for date-times, the local seconds read as UTC for dates and floating times.
    /// (A file may write the RECURRENCE-ID of a zoned series in UTC; it still names the same occurrence.)
    public var recurrenceKey: Int { recurrenceID.recurrenceKey }

    /// `series` with this override's details, as one occurrence starting at `start` and ending at `end`.
    func details(of series: CalendarEvent, start: EventTime, end: EventTime) -> CalendarEvent {
        var event = series
        event.start = start
        event.end = end
        event.title = title
        event.description = description
        event.location = location
        event.url = url
        event.categories = categories
        event.classification = classification
        event.status = status
        event.transparency = transparency
        event.sequence = sequence
        return event
    }

    /// How far a `.thisAndFuture` override moves later occurrences, in seconds of wall-clock time
    /// when the start and the recurrence id share a zone (so 09:00 → 10:00 stays 10:00 across DST),
    /// of exact time otherwise.
    var shiftSeconds: Int {
        if recurrenceID.sharesClock(with: start) { return start.localDateTime.localSeconds - recurrenceID.localDateTime.localSeconds }
        return start.instantSeconds(viewerTimeZone: .utc) - recurrenceID.instantSeconds(viewerTimeZone: .utc)
    }

    /// The length of the overridden occurrence, in exact seconds.
    public var durationSeconds: Int { end.instantSeconds(viewerTimeZone: .utc) - start.instantSeconds(viewerTimeZone: .utc) }
}

extension EventTime {
    /// See `OccurrenceOverride.recurrenceKey`.
    public var recurrenceKey: Int { instantSeconds(viewerTimeZone: .utc) }

    /// True when both are read on the same wall clock: both dates, both floating, both UTC, or zoned in one zone.
    func sharesClock(with other: EventTime) -> Bool {
        switch (self, other) {
        case (.date, .date), (.floating, .floating), (.utc, .utc): true
        case (.zoned(_, let a), .zoned(_, let b)): a == b
        default: false
        }
    }

    /// This time moved by `seconds` on its own wall clock (whole days for dates), keeping kind and zone.
    func movedOnWallClock(by seconds: Int) -> EventTime {
        switch self {
        case .date(let date): .date(date.adding(days: RuleExpander.floorDiv(seconds, 86_400)))
        case .floating(let value): .floating(LocalDateTime(localSeconds: value.localSeconds + seconds))
        case .utc(let value): .utc(LocalDateTime(localSeconds: value.localSeconds + seconds))
        case .zoned(let value, let zone): .zoned(LocalDateTime(localSeconds: value.localSeconds + seconds), timeZone: zone)
        }
    }
}
