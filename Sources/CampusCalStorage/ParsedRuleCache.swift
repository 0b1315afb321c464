import CampusCalCore
import CampusCalICalendar
import Foundation
import Synchronization

/// RRULE texts already parsed, shared by every read: a calendar view reads hundreds of events, and
/// many share their rule text (every Monday class of a term has the same one). A parse costs
/// microseconds; a lookup, a fraction of one. Bounded: when full it starts again, which is cheap
/// and keeps no stale entry alive (a text always parses to the same rule).
enum ParsedRuleCache {
    static let capacity = 4096
    private static let rules = Mutex<[String: RecurrenceRule]>([:])

    /// The rule `text` parses to, or nil if it does not parse (rows written by a newer version).
    static func rule(_ text: String) -> RecurrenceRule? {
        if let known = rules.withLock({ $0[text] }) { return known }
        guard let parsed = try? RecurrenceRule(parsing: text) else { return nil }
        rules.withLock { rules in
            if rules.count >= capacity { rules.removeAll(keepingCapacity: true) }
            rules[text] = parsed
        }
        return parsed
    }
}
