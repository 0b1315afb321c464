import CampusCalICalendar
import Foundation

/// RFC 9110's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), as `getlastmodified` and
/// `Last-Modified` write it.
///
/// By integer arithmetic rather than a `DateFormatter`: a PROPFIND of a 1,000-event calendar writes
/// a thousand of them, and making a formatter for each cost more than everything else the
/// answer does (issue #29's comparison with Radicale and Xandikos).
enum HTTPDate {
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func string(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let time = LocalDateTime(localSeconds: seconds)
        let dayNumber = Int((Double(seconds) / 86_400).rounded(.down))
        let weekday = weekdays[((dayNumber + 3) % 7 + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(weekday), \(two(time.date.day)) \(months[time.date.month - 1]) \(time.date.year) "
            + "\(two(time.hour)):\(two(time.minute)):\(two(time.second)) GMT"
    }
}
