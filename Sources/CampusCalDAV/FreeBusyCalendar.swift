import Foundation

/// The answer to a free-busy-query (RFC 4791 §7.10.1): one VCALENDAR with one VFREEBUSY holding
/// the range asked about and a `FREEBUSY;FBTYPE=BUSY` period for each busy interval, all in UTC.
/// Nothing else: busy time is all a free-busy reader may learn.
public struct FreeBusyCalendar: Sendable {
    public var start: Date
    public var end: Date
    /// Merged busy intervals, in order.
    public var busy: [(start: Date, end: Date)]
    /// When the answer was made (DTSTAMP).
    public var stamp: Date
    /// `REPLY` for a scheduling answer (RFC 6638 §3.2.5 VFREEBUSY REQUEST); nil for free-busy-query.
    public var method: String?
    /// Content lines of the VFREEBUSY a reply repeats from its request (UID, ORGANIZER, ATTENDEE).
    public var properties: [String]

    public init(start: Date, end: Date, busy: [(start: Date, end: Date)], stamp: Date, method: String? = nil, properties: [String] = []) {
        self.start = start
        self.end = end
        self.busy = busy
        self.stamp = stamp
        self.method = method
        self.properties = properties
    }

    public static let contentType = "text/calendar; charset=utf-8"

    /// The iCalendar text, CRLF line ends. Busy periods are well under 75 octets; repeated lines are
    /// not folded (readers take long lines).
    public var text: String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CampusCal//CalDAV//EN"]
        if let method { lines.append("METHOD:" + method) }
        lines += ["BEGIN:VFREEBUSY", "DTSTAMP:" + Self.utc(stamp), "DTSTART:" + Self.utc(start), "DTEND:" + Self.utc(end)]
        // Repeated lines never break the text: line ends are taken out.
        lines += properties.map { $0.filter { $0 != "\r" && $0 != "\n" } }
        lines += busy.map { "FREEBUSY;FBTYPE=BUSY:\(Self.utc($0.start))/\(Self.utc($0.end))" }
        lines += ["END:VFREEBUSY", "END:VCALENDAR"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// `20261207T150000Z`.
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "T" + two(parts.hour) + two(parts.minute)
            + two(parts.second) + "Z"
    }
}
