import CampusCalCore
import Foundation

/// How an `EventTime` is stored in one TEXT column, keeping its kind and zone:
/// `D:20261122`, `F:20261122T093000`, `U:20261122T163000`, `Z:America/Denver:20261122T093000`.
enum EventTimeColumn {
    static func encode(_ time: EventTime) -> String {
        switch time {
        case .date(let date): "D:" + digits(date)
        case .floating(let value): "F:" + digits(value)
        case .utc(let value): "U:" + digits(value)
        case .zoned(let value, let zone): "Z:\(zone):" + digits(value)
        }
    }

    static func decode(_ text: String) -> EventTime? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("D", 2): return date(parts[1]).map(EventTime.date)
        case ("F", 2): return dateTime(parts[1]).map(EventTime.floating)
        case ("U", 2): return dateTime(parts[1]).map(EventTime.utc)
        case ("Z", 3...): return dateTime(parts.last!).map { .zoned($0, timeZone: parts[1..<(parts.count - 1)].joined(separator: ":")) }
        default: return nil
        }
    }

    static func encodeList(_ times: [EventTime]) -> String { times.map(encode).joined(separator: ",") }

    static func decodeList(_ text: String) -> [EventTime] { text.split(separator: ",").compactMap { decode(String($0)) } }

    private static func digits(_ date: LocalDate) -> String { String(format: "%04d%02d%02d", date.year, date.month, date.day) }

    private static func digits(_ value: LocalDateTime) -> String {
        digits(value.date) + String(format: "T%02d%02d%02d", value.hour, value.minute, value.second)
    }

    private static func date(_ text: String) -> LocalDate? {
        let scalars = Array(text.utf8)
        guard scalars.count == 8, let year = Int(text.prefix(4)), let month = Int(text.dropFirst(4).prefix(2)), let day = Int(text.suffix(2))
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    private static func dateTime(_ text: String) -> LocalDateTime? {
        guard text.count == 15, let date = date(String(text.prefix(8))), let hour = Int(text.dropFirst(9).prefix(2)),
            let minute = Int(text.dropFirst(11).prefix(2)), let second = Int(text.suffix(2))
        else { return nil }
        return LocalDateTime(date: date, hour: hour, minute: minute, second: second)
    }
}
