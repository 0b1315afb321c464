import CampusCalCore
import Foundation

/// Reminders in one TEXT column: `b:1440` (minutes before), `a:1790000000` (at an instant), comma-separated.
enum RemindersColumn {
    static func encode(_ reminders: [Reminder]) -> String {
        reminders.map { reminder in
            switch reminder {
            case .before(let minutes): "b:\(minutes)"
            case .at(let date): "a:\(Int(date.timeIntervalSince1970))"
            }
        }.joined(separator: ",")
    }

    static func decode(_ text: String) -> [Reminder] {
        text.split(separator: ",").compactMap { item in
            guard let number = Int(item.dropFirst(2)) else { return nil }
            switch item.prefix(2) {
            case "b:": return .before(minutes: number)
            case "a:": return .at(Date(timeIntervalSince1970: TimeInterval(number)))
            default: return nil
            }
        }
    }
}
