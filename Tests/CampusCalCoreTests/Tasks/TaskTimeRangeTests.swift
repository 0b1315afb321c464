import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

/// RFC 4791 §9.9's VTODO time-range, as the task calendar's calendar-query applies it: a task is
/// found by its due time (a repeating one by any occurrence), else by when it was made and done —
/// so a phone asking for "this week" gets this week's work, not every task ever made.
@Suite("A VTODO time-range finds tasks by due time, occurrence, completion and creation")
struct TaskTimeRangeTests {
    static let made = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21
    static let utc = TimeZone(identifier: "UTC")!

    static func task(due: EventTime? = nil, rule: String? = nil, completedAt: Date? = nil) throws -> TaskItem {
        TaskItem(
            id: .generate(), ownerID: UserID(rawValue: "u1"), title: "T", due: due, status: completedAt == nil ? .open : .completed,
            completedAt: completedAt, recurrence: try rule.map { try RecurrenceRule(parsing: $0) }, createdAt: made, updatedAt: made)
    }

    static func day(_ day: Int, month: Int = 12) -> Date {
        EventTime.utc(LocalDateTime(year: 2026, month: month, day: day, hour: 0)).instant(viewerTimeZone: utc)
    }

    @Test func aDueTaskIsInARangeHoldingItsDueTimeAndNowhereElse() throws {
        let task = try Self.task(due: .utc(LocalDateTime(year: 2026, month: 12, day: 3, hour: 12)))
        #expect(task.overlaps(start: Self.day(1), end: Self.day(8), timeZone: Self.utc))
        #expect(!task.overlaps(start: Self.day(4), end: Self.day(8), timeZone: Self.utc))
        #expect(task.overlaps(start: nil, end: Self.day(4), timeZone: Self.utc) && task.overlaps(start: Self.day(2), end: nil, timeZone: Self.utc))
    }

    @Test func aRepeatingTaskIsFoundByALaterOccurrence() throws {
        let weekly = try Self.task(due: .utc(LocalDateTime(year: 2026, month: 12, day: 1, hour: 17)), rule: "FREQ=WEEKLY;COUNT=4")
        #expect(weekly.overlaps(start: Self.day(14), end: Self.day(16), timeZone: Self.utc))
        #expect(!weekly.overlaps(start: Self.day(23), end: Self.day(31), timeZone: Self.utc))
    }

    @Test func anUndatedTaskIsFoundByWhenItWasMadeAndDone() throws {
        let open = try Self.task()
        #expect(open.overlaps(start: Self.day(1), end: Self.day(8), timeZone: Self.utc))
        #expect(!open.overlaps(start: Self.day(1, month: 8), end: Self.day(20, month: 8), timeZone: Self.utc))
        let done = try Self.task(completedAt: Self.day(1, month: 10))
        #expect(done.overlaps(start: Self.day(25, month: 9), end: Self.day(27, month: 9), timeZone: Self.utc))
        #expect(!done.overlaps(start: Self.day(1), end: Self.day(8), timeZone: Self.utc))
    }
}
