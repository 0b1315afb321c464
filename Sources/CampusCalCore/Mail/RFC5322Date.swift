import Foundation

/// Dates in the form RFC 5322 wants for `Date:` (`Tue, 04 Mar 2025 09:05:00 +0000`), always UTC.
///
/// Formatted by hand rather than with `DateFormatter`, whose output depends on the process locale.
enum RFC5322Date {
    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let weekday = weekdays[parts.weekday! - 1]
        let month = months[parts.month! - 1]
        return "\(weekday), \(twoDigits(parts.day!)) \(month) \(parts.year!) "
            + "\(twoDigits(parts.hour!)):\(twoDigits(parts.minute!)):\(twoDigits(parts.second!)) +0000"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
