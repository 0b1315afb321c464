import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

/// The sync rules, without I/O: keys, user-owned fields, removal only after complete listings.
@Suite("LMS sync planner: upsert by key, keep the student's fields, remove only after a complete listing")
struct LMSSyncPlannerTests {
    static let now = Date(timeIntervalSince1970: 1_789_000_000)
    static let owner = User(
        id: UserID(rawValue: "avery"), username: "atestwell", displayName: "Avery Testwell", email: nil, phone: nil, timeZone: "America/Denver",
        role: .student, createdAt: now, updatedAt: now, version: 1)
    static let connection = LMSConnection(
        id: LMSConnectionID(rawValue: "c1"), ownerID: owner.id, kind: .canvas, baseURL: "https://canvas.example.edu",
        calendarID: CalendarID(rawValue: "cal"), createdAt: now, updatedAt: now)

    static func due(_ text: String) -> EventTime { .utc(LocalDateTime(instant: ISO8601DateFormatter().date(from: text)!, in: .gmt)) }

    static let snapshot = LMSSnapshot(
        assignments: [
            LMSAssignment(
                key: "assignment|30413", scope: "assignments:5173", course: "CS 246", title: "Design Document", due: due("2026-10-07T18:00:00Z"),
                pointsPossible: 50),
            LMSAssignment(key: "assignment|30411", scope: "assignments:5173", course: "CS 246", title: "Code Review 1", grade: TaskGrade(score: 9)),
        ],
        events: [
            LMSCalendarItem(
                key: "calendar_event|7782", scope: "events", title: "Guest lecture", start: due("2026-09-30T21:00:00Z"),
                end: due("2026-09-30T22:15:00Z"))
        ],
        completeScopes: ["assignments:5173", "events"])

    /// Applies a plan to in-memory copies, as the store would.
    static func applied(_ plan: LMSSyncPlan, tasks: [TaskItem], events: [CalendarEvent]) -> ([TaskItem], [CalendarEvent]) {
        var tasks = tasks
        for (task, version) in plan.updateTasks {
            var next = task
            next.version = version + 1
            tasks = tasks.map { $0.id == next.id ? next : $0 }
        }
        tasks += plan.insertTasks
        var events = events.filter { !plan.deleteEvents.contains($0.id) }
        for event in plan.replaceEvents { events = events.map { $0.id == event.id ? event : $0 } }
        events += plan.insertEvents
        return (tasks, events)
    }

    @Test func aFirstSyncInsertsAndTheSameSnapshotAgainWritesNothing() {
        let planner = LMSSyncPlanner(connection: Self.connection, owner: Self.owner, now: Self.now)
        let first = planner.plan(Self.snapshot, existingTasks: [], existingEvents: [])
        #expect(first.insertTasks.count == 2 && first.insertEvents.count == 1 && first.updateTasks.isEmpty)
        let source = first.insertTasks.first { $0.title == "Design Document" }?.source
        #expect(source == .lms(system: "canvas", nativeID: "canvas.example.edu|assignments:5173|assignment|30413"))
        #expect(first.insertEvents.first?.uid == "events|calendar_event|7782")
        let (tasks, events) = Self.applied(first, tasks: [], events: [])
        let again = planner.plan(Self.snapshot, existingTasks: tasks, existingEvents: events)
        #expect(again.isEmpty && again.unchanged == 3)
    }

    @Test func aMovedDueDateUpdatesInPlaceAndKeepsTheStudentsFields() throws {
        let planner = LMSSyncPlanner(connection: Self.connection, owner: Self.owner, now: Self.now)
        var (tasks, events) = Self.applied(planner.plan(Self.snapshot, existingTasks: [], existingEvents: []), tasks: [], events: [])
        // The student prioritises, completes and renames it for their list, and sets a reminder.
        let index = try #require(tasks.firstIndex { $0.title == "Design Document" })
        tasks[index].priority = .high
        tasks[index].status = .completed
        tasks[index].completedAt = Self.now
        tasks[index].displayText = "DD for Tue"
        tasks[index].reminders = [.before(minutes: 60)]
        var moved = Self.snapshot
        moved.assignments[0].due = Self.due("2026-10-14T18:00:00Z")
        let plan = planner.plan(moved, existingTasks: tasks, existingEvents: events)
        #expect(plan.insertTasks.isEmpty && plan.updateTasks.count == 1 && plan.unchanged == 2)
        let updated = try #require(plan.updateTasks.first?.task)
        #expect(updated.id == tasks[index].id && updated.due == Self.due("2026-10-14T18:00:00Z"))
        #expect(updated.priority == .high && updated.status == .completed && updated.displayText == "DD for Tue")
        #expect(updated.reminders == [.before(minutes: 60)])
        #expect(plan.dueChanges.count == 1 && plan.gradeChanges.isEmpty)
        (tasks, events) = Self.applied(plan, tasks: tasks, events: events)
        // A new grade is a grade change, nothing else.
        var graded = moved
        graded.assignments[0].grade = TaskGrade(score: 45)
        graded.assignments[0].feedback = "Clear and complete."
        let gradePlan = planner.plan(graded, existingTasks: tasks, existingEvents: events)
        #expect(gradePlan.gradeChanges.count == 1 && gradePlan.dueChanges.isEmpty)
    }

    @Test func goneItemsAreRemovedOnlyAfterACompleteListingOfTheirScope() {
        let planner = LMSSyncPlanner(connection: Self.connection, owner: Self.owner, now: Self.now)
        let (tasks, events) = Self.applied(planner.plan(Self.snapshot, existingTasks: [], existingEvents: []), tasks: [], events: [])
        var shrunk = Self.snapshot
        shrunk.assignments.removeFirst()
        shrunk.events = []
        // Page 2 failed: the assignments listing is incomplete, the events listing too: nothing goes.
        shrunk.completeScopes = []
        let partial = planner.plan(shrunk, existingTasks: tasks, existingEvents: events)
        #expect(partial.removed == 0 && partial.deleteEvents.isEmpty && partial.updateTasks.isEmpty)
        // Complete listings: the assignment is marked removed (kept), the event deleted.
        shrunk.completeScopes = ["assignments:5173", "events"]
        let complete = planner.plan(shrunk, existingTasks: tasks, existingEvents: events)
        #expect(complete.removed == 2 && complete.deleteEvents.count == 1)
        #expect(complete.updateTasks.first?.task.removedAt == Self.now && complete.updateTasks.first?.task.title == "Design Document")
        // Removed once is removed: the next complete sync writes nothing more; if it comes back, it is restored.
        let (afterTasks, afterEvents) = Self.applied(complete, tasks: tasks, events: events)
        #expect(planner.plan(shrunk, existingTasks: afterTasks, existingEvents: afterEvents).isEmpty)
        let back = planner.plan(Self.snapshot, existingTasks: afterTasks, existingEvents: afterEvents)
        #expect(back.updateTasks.first?.task.removedAt == nil && back.insertEvents.count == 1)
    }

    @Test func anUnreadableGradeListingKeepsTheLastKnownGrade() {
        let planner = LMSSyncPlanner(connection: Self.connection, owner: Self.owner, now: Self.now)
        let (tasks, events) = Self.applied(planner.plan(Self.snapshot, existingTasks: [], existingEvents: []), tasks: [], events: [])
        var unknown = Self.snapshot
        unknown.assignments[1].grade = nil
        unknown.assignments[1].gradeKnown = false
        let plan = planner.plan(unknown, existingTasks: tasks, existingEvents: events)
        #expect(plan.isEmpty && plan.gradeChanges.isEmpty)
    }

    /// Items point at the shared course record of the course they name; a sync whose course listing
    /// failed (so it has no record for the course) leaves the link as it was, never clears it.
    @Test func itemsPointAtTheirCourseRecordAndAFailedCourseListingKeepsTheLink() {
        var snapshot = Self.snapshot
        for index in snapshot.assignments.indices { snapshot.assignments[index].courseNativeID = "5173" }
        snapshot.events[0].courseNativeID = "5173"
        let record = CourseID(rawValue: "course-cs246")
        let linked = LMSSyncPlanner(connection: Self.connection, owner: Self.owner, now: Self.now, courseRecords: ["5173": record])
        let first = linked.plan(snapshot, existingTasks: [], existingEvents: [])
        #expect(first.insertTasks.allSatisfy { $0.courseID == record } && first.insertEvents.allSatisfy { $0.courseID == record })
        let (tasks, events) = Self.applied(first, tasks: [], events: [])
        #expect(linked.plan(snapshot, existingTasks: tasks, existingEvents: events).isEmpty)
        // The course listing failed this time: no records, and nothing to write either.
        let unlinked = LMSSyncPlanner(connection: Self.connection, owner: Self.owner, now: Self.now)
        let again = unlinked.plan(snapshot, existingTasks: tasks, existingEvents: events)
        #expect(again.isEmpty && again.unchanged == 3)
        // The LMS refiled the assignment under another course: the link follows.
        let moved = LMSSyncPlanner(
            connection: Self.connection, owner: Self.owner, now: Self.now, courseRecords: ["5173": CourseID(rawValue: "course-cs247")])
        let refiled = moved.plan(snapshot, existingTasks: tasks, existingEvents: events)
        #expect(refiled.updateTasks.count == 2 && refiled.updateTasks.allSatisfy { $0.0.courseID?.rawValue == "course-cs247" })
    }

    @Test func anItemListedTwiceIsImportedOnce() {
        var doubled = Self.snapshot
        doubled.assignments.append(doubled.assignments[0])
        let plan = LMSSyncPlanner(connection: Self.connection, owner: Self.owner, now: Self.now).plan(doubled, existingTasks: [], existingEvents: [])
        #expect(plan.insertTasks.count == 2)
    }
}
