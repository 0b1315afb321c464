import Foundation

extension CalendarReport {
    /// The range of `<free-busy-query><time-range start=… end=…/></free-busy-query>`. RFC 4791
    /// §7.10 requires the element; this server also requires both ends, since busy time is expanded
    /// from recurring events and an open end would ask for all of time.
    static func freeBusyRange(_ root: DAVElement) throws(CalendarReportError) -> TimeRange {
        guard let range = root.child(.calDAV("time-range")) else {
            throw .invalidTimeRange("A free-busy-query holds a <time-range start=\"…\" end=\"…\"/>.")
        }
        guard let startText = range.attributes["start"], let endText = range.attributes["end"] else {
            throw .invalidTimeRange("A free-busy-query's time-range needs both a start and an end.")
        }
        let start: Date
        let end: Date
        do {
            start = try utcTime(startText)
            end = try utcTime(endText)
        } catch {
            throw .invalidTimeRange(error.message)
        }
        if end <= start { throw .invalidTimeRange("A time-range's end must be after its start.") }
        return TimeRange(start: start, end: end)
    }
}
