import CampusCalICalendar
import Foundation

extension TaskItem {
    /// Whether the task's VTODO overlaps a CalDAV time-range (either end open), by RFC 4791 §9.9's
    /// table for VTODOs as this server writes them — DUE when it has one (a repeating task: any
    /// occurrence's), else COMPLETED and CREATED, which every task has:
    ///
    /// - DUE: `start < DUE` and `end >= DUE`;
    /// - COMPLETED and CREATED: `(start <= CREATED or start <= COMPLETED) and (end >= CREATED or end >= COMPLETED)`;
    /// - CREATED only: `end > CREATED`.
    ///
    /// A due date (no time) is due from the start of that day in the owner's zone, as a DATE DUE is.
    public func overlaps(start: Date?, end: Date?, timeZone: TimeZone) -> Bool {
        let from = start ?? .distantPast
        let to = end ?? .distantFuture
        if let due {
            let instances: [Date]
            if let recurrence {
                // Up to one past `to` (the range's end is inclusive here), from just after `from`.
                instances = RecurrenceSet(start: due, rules: [recurrence])
                    .occurrences(from: from, to: to.addingTimeInterval(1), viewerTimeZone: timeZone, limit: 10)
                    .map { $0.instant(viewerTimeZone: timeZone) }
            } else {
                instances = [due.instant(viewerTimeZone: timeZone)]
            }
            return instances.contains { from < $0 && to >= $0 }
        }
        if let completedAt {
            return (from <= createdAt || from <= completedAt) && (to >= createdAt || to >= completedAt)
        }
        return to > createdAt
    }
}
