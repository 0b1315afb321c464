import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("Task rules in the core")
struct TaskRulesTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21T14:13:20Z
    let denver = TimeZone(identifier: "America/Denver")!

    func task(_ source: TaskSource = .manual, priority: TaskPriority? = nil) -> TaskItem {
        TaskItem(id: .generate(), ownerID: UserID(rawValue: "u"), title: "T", priority: priority, source: source, createdAt: now, updatedAt: now)
    }

    @Test func assignmentsFromAnLMSMayLackAPriorityTasksMayNot() throws {
        let assignment = task(.lms(system: "brightspace", nativeID: "123"))
        let changed = try TaskChanges(title: "Essay 2").applied(to: assignment, now: now, timeZone: denver)
        #expect(changed.priority == nil && changed.isAssignment)
        #expect(throws: ValidationError.self) { try TaskChanges(title: "Essay 2").applied(to: task(), now: now, timeZone: denver) }
    }

    @Test func aDueDateOfTodayIsNotPastUntilTheDayEndsInTheOwnersZone() throws {
        // 14:13 UTC is 08:13 in Denver on 21 September: the 21st is today there, the 20th is past.
        let today = TaskChanges(due: .set(.date(LocalDate(year: 2026, month: 9, day: 21))))
        #expect(try today.applied(to: task(priority: .low), now: now, timeZone: denver).due != nil)
        let yesterday = TaskChanges(due: .set(.date(LocalDate(year: 2026, month: 9, day: 20))))
        #expect(throws: ValidationError.self) { try yesterday.applied(to: task(priority: .low), now: now, timeZone: denver) }
    }

    @Test func aRepeatingTaskNeedsADueDate() {
        #expect(throws: ValidationError.self) {
            try TaskChanges(recurrenceRule: .set("FREQ=WEEKLY")).applied(to: task(priority: .low), now: now, timeZone: denver)
        }
    }

    @Test func descendingOrderStillPutsMissingKeysLast() {
        var a = task(priority: .high)
        a.estimatedMinutes = 10
        var b = task(priority: .low)
        b.estimatedMinutes = 50
        let c = task(priority: .medium)
        var query = TaskQuery()
        query.sort = .estimatedTime
        #expect(query.apply(to: [c, a, b], timeZone: denver).map(\.id) == [a.id, b.id, c.id])
        query.descending = true
        #expect(query.apply(to: [c, a, b], timeZone: denver).map(\.id) == [b.id, a.id, c.id])
        query.sort = .priority
        #expect(query.apply(to: [c, a, b], timeZone: denver).map(\.id) == [b.id, c.id, a.id])
    }
}
