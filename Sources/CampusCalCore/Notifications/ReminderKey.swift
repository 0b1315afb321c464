import Foundation

/// The keys reminders are scheduled under: `task:<id>:<instant>:<offset>` for a one-off item,
/// `task:<id>:series:<instant>:<offset>` for a repeating one (only a few occurrences are planned
/// ahead; the series marker tells the replanner to top them up as they fire).
///
/// The instant is the occurrence's due or start time in Unix seconds, so re-planning the same
/// reminder for the same occurrence yields the same key — and a key that fired never fires again.
public enum ReminderKey {
    public enum Kind: String, Sendable {
        case task, event
    }

    /// What every pending reminder of one item starts with.
    public static func prefix(_ kind: Kind, _ id: String) -> String { "\(kind.rawValue):\(id):" }

    static func key(_ kind: Kind, _ id: String, repeating: Bool, instant: Date, reminder: Reminder) -> String {
        let label: String
        switch reminder {
        case .before(let minutes): label = "before-\(minutes)"
        case .at(let date): label = "at-\(Int(date.timeIntervalSince1970))"
        }
        return prefix(kind, id) + (repeating ? "series:" : "") + "\(Int(instant.timeIntervalSince1970)):\(label)"
    }

    /// The repeating item a fired key belongs to, or nil for one-off items and other notices.
    public static func series(of key: String) -> (kind: Kind, id: String)? {
        let parts = key.split(separator: ":", maxSplits: 3)
        guard parts.count == 4, parts[2] == "series", let kind = Kind(rawValue: String(parts[0])) else { return nil }
        return (kind, String(parts[1]))
    }
}
