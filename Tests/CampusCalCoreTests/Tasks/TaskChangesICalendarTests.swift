import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

/// What a VTODO from a phone's task app does to a task (issue #29, the ground CalDAV PUT stands
/// on): RFC 5545's priority thirds, a round trip that changes nothing, completion both ways, and
/// an assignment's LMS-owned fields refused with a sentence.
@Suite("Tasks from VTODOs: priority thirds, no-op round trips, LMS-owned fields read-only")
struct TaskChangesICalendarTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let zone = TimeZone(identifier: "America/Denver")!

    static func task(source: TaskSource = .manual, due: EventTime? = .date(LocalDate(year: 2027, month: 1, day: 10))) -> TaskItem {
        TaskItem(
            id: TaskID(rawValue: "t1"), ownerID: UserID(rawValue: "u1"), title: "Essay", course: "HIST 201", description: "Two pages",
            due: due, priority: .high, source: source, reminders: [.before(minutes: 60)], createdAt: now, updatedAt: now)
    }

    @Test func prioritiesMapByThirdsOfTheScaleAndZeroMeansNone() {
        #expect((1...4).allSatisfy { TaskPriority(iCalendarPriority: $0) == .high })
        #expect(TaskPriority(iCalendarPriority: 5) == .medium)
        #expect((6...9).allSatisfy { TaskPriority(iCalendarPriority: $0) == .low })
        #expect(
            TaskPriority(iCalendarPriority: 0) == nil && TaskPriority(iCalendarPriority: 10) == nil && TaskPriority(iCalendarPriority: nil) == nil)
        #expect(TaskPriority.allCases.allSatisfy { TaskPriority(iCalendarPriority: $0.iCalendarPriority) == $0 })
    }

    @Test func puttingBackWhatWasReadChangesNothingEvenWhenOverdue() throws {
        // Due long before `now`: "a due date in the past" must not stop the student ticking it off.
        for task in [Self.task(), Self.task(source: .lms(system: "canvas", nativeID: "x"))] {
            let changes = try TaskChanges(importing: task.iCalendarTodo, current: task, now: Self.now, timeZone: Self.zone)
            #expect(try changes.applied(to: task, now: Self.now, timeZone: Self.zone) == task)
            var done = task.iCalendarTodo
            done.status = "COMPLETED"
            let completed = try TaskChanges(importing: done, current: task, now: Self.now, timeZone: Self.zone)
                .applied(to: task, now: Self.now, timeZone: Self.zone)
            #expect(completed.status == .completed && completed.completedAt == Self.now && completed.due == task.due)
            // …and reopening it from the phone.
            var reopened = completed.iCalendarTodo
            reopened.status = "NEEDS-ACTION"
            reopened.completed = nil
            reopened.percentComplete = nil
            let open = try TaskChanges(importing: reopened, current: completed, now: Self.now, timeZone: Self.zone)
                .applied(to: completed, now: Self.now, timeZone: Self.zone)
            #expect(open.status == .open && open.completedAt == nil)
        }
    }

    @Test func aZonedDueTimeWrittenBackAsUTCIsNoChange() throws {
        let zoned = Self.task(
            due: .zoned(LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 10), hour: 9, minute: 0), timeZone: "America/Denver"))
        var todo = zoned.iCalendarTodo
        todo.due = .utc(LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 10), hour: 16, minute: 0))
        let changes = try TaskChanges(importing: todo, current: zoned, now: Self.now, timeZone: Self.zone)
        #expect(try changes.applied(to: zoned, now: Self.now, timeZone: Self.zone) == zoned)
    }

    @Test func anAssignmentsLMSFieldsAreRefusedWithWhereToChangeThem() throws {
        let assignment = Self.task(source: .lms(system: "canvas", nativeID: "x"))
        var todo = assignment.iCalendarTodo
        todo.due = .date(LocalDate(year: 2027, month: 2, day: 1))
        todo.summary = "Essay (extended)"
        todo.priority = 9
        #expect {
            try TaskChanges(importing: todo, current: assignment, now: Self.now, timeZone: Self.zone)
        } throws: { error in
            let issues = (error as? ValidationError)?.issues ?? []
            return Set(issues.map(\.field)) == ["due", "title"] && issues.allSatisfy { $0.message.contains("comes from Canvas; change it there") }
        }
        // The student's own fields are theirs: priority and reminders change.
        var mine = assignment.iCalendarTodo
        mine.priority = 9
        mine.alarms = []
        let changed = try TaskChanges(importing: mine, current: assignment, now: Self.now, timeZone: Self.zone)
            .applied(to: assignment, now: Self.now, timeZone: Self.zone)
        #expect(changed.priority == .low && changed.reminders.isEmpty && changed.title == "Essay")
    }

    @Test func aNewTaskFromABareVTODOGetsATitleAndMediumPriority() throws {
        let todo = ICalendarTodo(uid: "from-phone")
        let changes = try TaskChanges(importing: todo, current: nil, now: Self.now, timeZone: Self.zone)
        #expect(changes.title == "Untitled task")
        if case .set(.medium) = changes.priority {} else { Issue.record("priority \(changes.priority)") }
    }
}
