import Foundation

/// Turning calendar times into instants and back (RFC 5545 §3.3.5).
extension EventTime {
    /// The instant this time denotes for someone whose zone is `viewerTimeZone`.
    ///
    /// Floating times and dates have no zone of their own, so they are read in the viewer's zone
    /// (a date as its midnight). A zoned time that falls in a spring-forward gap uses the offset
    /// before the gap; one that occurs twice means the first. An unknown zone identifier is read
    /// as floating (validate identifiers on input with `isKnownTimeZone(_:)`).
    public func instant(viewerTimeZone: TimeZone) -> Date {
        Date(timeIntervalSince1970: Double(instantSeconds(viewerTimeZone: viewerTimeZone)))
    }

    /// The wall-clock time this event time shows in `timeZone`.
    public func wallClock(in timeZone: TimeZone, viewerTimeZone: TimeZone) -> LocalDateTime {
        LocalDateTime(instant: instant(viewerTimeZone: viewerTimeZone), in: timeZone)
    }

    /// The same instant expressed as a zoned time in another IANA zone (nil if the zone is unknown).
    public func converted(toTimeZone identifier: String, viewerTimeZone: TimeZone) -> EventTime? {
        guard let table = ZoneOffsetCache.shared.table(identifier: identifier) else { return nil }
        let seconds = instantSeconds(viewerTimeZone: viewerTimeZone)
        return .zoned(LocalDateTime(localSeconds: table.local(fromUTC: seconds)), timeZone: identifier)
    }

    /// Whether Foundation's tz database knows an IANA zone identifier such as `Europe/London`.
    public static func isKnownTimeZone(_ identifier: String) -> Bool { TimeZone(identifier: identifier) != nil }

    package func instantSeconds(viewerTimeZone: TimeZone) -> Int {
        switch self {
        case .utc(let value):
            return value.localSeconds
        case .zoned(let value, let identifier):
            let table = ZoneOffsetCache.shared.table(identifier: identifier) ?? ZoneOffsetCache.shared.table(for: viewerTimeZone)
            return table.utc(fromLocal: value.localSeconds)
        case .floating, .date:
            return ZoneOffsetCache.shared.table(for: viewerTimeZone).utc(fromLocal: localDateTime.localSeconds)
        }
    }
}

extension LocalDateTime {
    /// The wall-clock time an instant shows in a zone (fractions of a second are dropped).
    public init(instant: Date, in timeZone: TimeZone) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        self.init(localSeconds: ZoneOffsetCache.shared.table(for: timeZone).local(fromUTC: seconds))
    }

    /// The instant of this wall-clock time in a zone, with RFC 5545's gap and overlap rules.
    public func instant(in timeZone: TimeZone) -> Date {
        Date(timeIntervalSince1970: Double(ZoneOffsetCache.shared.table(for: timeZone).utc(fromLocal: localSeconds)))
    }
}
