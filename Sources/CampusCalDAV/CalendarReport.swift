import Foundation

/// The REPORTs this server answers: CalDAV's (RFC 4791 §7.8, §7.9) and WebDAV sync (RFC 6578).
public enum CalendarReport: Sendable, Equatable {
    /// `calendar-multiget`: the listed resources, by href; `expand`: their calendar data as the
    /// occurrences in that range (RFC 4791 §9.6.5).
    case multiget(properties: [DAVName], hrefs: [String], expand: TimeRange? = nil)
    /// `calendar-query`: the resources of a collection that pass `filter` (RFC 4791 §9.7).
    case query(properties: [DAVName], filter: CalendarQueryFilter = .all, expand: TimeRange? = nil)
    /// `sync-collection` (RFC 6578 §3.2): what changed since `token` (empty: an initial sync), at
    /// most `limit` results when the client set `DAV:limit` (§3.7).
    case syncCollection(properties: [DAVName], token: String, limit: Int?)
    /// `free-busy-query` (RFC 4791 §7.10): when the collection is busy in a closed time range.
    case freeBusy(TimeRange)

    /// RFC 4791 §9.9: either end may be open.
    public struct TimeRange: Sendable, Equatable {
        public var start: Date?
        public var end: Date?

        public init(start: Date?, end: Date?) {
            self.start = start
            self.end = end
        }
    }

    /// Reads a REPORT body. Throws `unexpected` for a report this server does not make (the route
    /// answers with `DAV:supported-report`) and for a filter it cannot apply (`CALDAV:supported-filter`).
    public init(body: [UInt8], limits: DAVXMLReader.Limits = .standard) throws(CalendarReportError) {
        let root: DAVElement
        do { root = try DAVXMLReader.parse(body, limits: limits) } catch { throw .body(error) }
        let properties = root.child(.dav("prop"))?.children.map(\.name) ?? []
        let expand = try Self.expansion(root.child(.dav("prop"))?.child(.calDAV("calendar-data")))
        switch root.name {
        case .calDAV("calendar-multiget"):
            let hrefs = root.children(.dav("href")).map { $0.trimmedText }
            self = .multiget(properties: properties, hrefs: hrefs, expand: expand)
        case .calDAV("calendar-query"):
            self = .query(properties: properties, filter: try CalendarQueryFilter(filter: root.child(.calDAV("filter"))), expand: expand)
        case .dav("sync-collection"):
            let token = root.child(.dav("sync-token"))?.trimmedText ?? ""
            var limit: Int?
            if let text = root.child(.dav("limit"))?.child(.dav("nresults"))?.trimmedText {
                guard let count = Int(text), count > 0 else {
                    throw .unsupportedFilter("DAV:limit's nresults must be a whole number above 0 (it was '\(text.prefix(20))').")
                }
                limit = count
            }
            self = .syncCollection(properties: properties, token: token, limit: limit)
        case .calDAV("free-busy-query"):
            self = .freeBusy(try Self.freeBusyRange(root))
        default:
            throw .unsupportedReport(root.name)
        }
    }

    /// A `time-range` element's range: UTC date-times, either end open but not both (RFC 4791 §9.9).
    static func range(_ range: DAVElement) throws(CalendarReportError) -> TimeRange {
        let start = try range.attributes["start"].map(Self.utcTime)
        let end = try range.attributes["end"].map(Self.utcTime)
        if start == nil && end == nil { throw .unsupportedFilter("A time-range needs a start, an end or both.") }
        if let start, let end, end <= start { throw .unsupportedFilter("A time-range's end must be after its start.") }
        return TimeRange(start: start, end: end)
    }

    /// The range of `<calendar-data><expand start=… end=…/></calendar-data>`: both ends required (RFC 4791 §9.6.5).
    static func expansion(_ calendarData: DAVElement?) throws(CalendarReportError) -> TimeRange? {
        guard let expand = calendarData?.child(.calDAV("expand")) else { return nil }
        guard let startText = expand.attributes["start"], let endText = expand.attributes["end"] else {
            throw .unsupportedFilter("An expand element needs both start and end.")
        }
        let start = try utcTime(startText)
        let end = try utcTime(endText)
        if end <= start { throw .unsupportedFilter("An expand element's end must be after its start.") }
        return TimeRange(start: start, end: end)
    }

    /// `20261201T000000Z` (RFC 4791 requires UTC date-times here).
    public static func utcTime(_ text: String) throws(CalendarReportError) -> Date {
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: digits[range], as: UTF8.self)) }
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z"),
            let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(9..<11),
            let minute = number(11..<13), let second = number(13..<15),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { throw .unsupportedFilter("A time-range takes UTC date-times such as 20261201T000000Z, not '\(text.prefix(40))'.") }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { throw .unsupportedFilter("'\(text.prefix(40))' is not a date-time.") }
        return date
    }
}

/// Why a REPORT body was refused.
public enum CalendarReportError: Error, Sendable, Equatable {
    case body(DAVXMLError)
    /// A report this server does not make (`DAV:supported-report`).
    case unsupportedReport(DAVName)
    /// A filter it cannot apply (`CALDAV:supported-filter`).
    case unsupportedFilter(String)
    /// A text-match collation it does not know (`CALDAV:supported-collation`).
    case unsupportedCollation(String)
    /// A free-busy-query without a usable time range (400, `CALDAV:valid-filter`).
    case invalidTimeRange(String)

    public var message: String {
        switch self {
        case .body(let error): error.message
        case .unsupportedReport(let name):
            "This server does not make the \(name) report; it makes calendar-multiget, calendar-query, free-busy-query and sync-collection."
        case .unsupportedFilter(let reason), .invalidTimeRange(let reason): reason
        case .unsupportedCollation(let name):
            "This server compares text with i;ascii-casemap, i;unicode-casemap or i;octet, not '\(name.prefix(40))'."
        }
    }
}
