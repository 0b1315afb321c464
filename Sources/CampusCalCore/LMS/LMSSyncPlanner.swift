import CampusCalICalendar
import Foundation

/// Works out what a sync changes (pure: no I/O), given what the LMS has now and what was imported before.
///
/// The rules (issue #8, pitfalls 3–5 of the LMS reference):
/// - Items are keyed by (kind, host, type, native id): a task's source id is `host|scope|key`, an
///   event's UID `scope|key`; a re-sync finds them again and never duplicates.
/// - Only the LMS's fields are updated (title, course, description, due, points, grade, feedback;
///   for events every field): the student's priority, completion, personal title, estimate and
///   reminders survive. Nothing that did not change is written.
/// - An item the LMS no longer lists is removed only when its scope was listed completely this
///   time; a failed or partial listing removes nothing. Assignments are marked removed (kept with
///   their grade and the student's notes); events in the connection's own calendar are deleted.
public struct LMSSyncPlanner: Sendable {
    public let connection: LMSConnection
    public let owner: User
    public let now: Date
    /// The shared course record of each LMS course id this sync listed (`LMSCourseSync.records`).
    /// An item whose course is not among them (its listing failed this time) keeps the one it had.
    public let courseRecords: [String: CourseID]

    public init(connection: LMSConnection, owner: User, now: Date, courseRecords: [String: CourseID] = [:]) {
        self.courseRecords = courseRecords
        self.connection = connection
        self.owner = owner
        self.now = now
    }

    /// `existingTasks`: the owner's tasks from this connection (any state); `existingEvents`: the
    /// events of the connection's calendar.
    public func plan(_ snapshot: LMSSnapshot, existingTasks: [TaskItem], existingEvents: [CalendarEvent]) -> LMSSyncPlan {
        var plan = LMSSyncPlan()
        planTasks(snapshot, existingTasks, into: &plan)
        planEvents(snapshot, existingEvents, into: &plan)
        return plan
    }

    /// The source id of an assignment: `host|scope|key`.
    public func sourceID(scope: String, key: String) -> String { "\(connection.host)|\(scope)|\(key)" }

    /// The scope written into a source id or event UID (`…|scope|key` / `scope|key`).
    static func scope(ofSourceID sourceID: String) -> String? {
        let parts = sourceID.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count == 3 ? String(parts[1]) : nil
    }

    static func scope(ofUID uid: String) -> String? {
        uid.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    }

    /// The shared record of the course an item names, when this sync listed that course.
    private func record(of courseNativeID: String?) -> CourseID? { courseNativeID.flatMap { courseRecords[$0] } }

    private func planTasks(_ snapshot: LMSSnapshot, _ existing: [TaskItem], into plan: inout LMSSyncPlan) {
        var bySource: [String: TaskItem] = [:]
        for task in existing {
            if case .lms(_, let id) = task.source { bySource[id] = task }
        }
        var seen: Set<String> = []
        for assignment in snapshot.assignments {
            let id = sourceID(scope: assignment.scope, key: assignment.key)
            guard seen.insert(id).inserted else { continue }  // an LMS listing the same item twice counts once
            guard var task = bySource[id] else {
                let task = TaskItem(
                    id: .generate(), ownerID: owner.id, title: assignment.title, course: assignment.course, description: assignment.description,
                    due: assignment.due, source: .lms(system: connection.kind.rawValue, nativeID: id), pointsPossible: assignment.pointsPossible,
                    grade: assignment.grade, feedback: assignment.feedback, createdAt: now, updatedAt: now, opensAt: assignment.opensAt,
                    cutoffAt: assignment.cutoffAt, submissionStatus: assignment.submissionStatus,
                    courseID: record(of: assignment.courseNativeID))
                plan.insertTasks.append(task)
                if task.grade != nil || task.feedback != nil { plan.gradeChanges.append((nil, task)) }
                continue
            }
            let old = task
            task.title = assignment.title
            task.course = assignment.course
            task.courseID = record(of: assignment.courseNativeID) ?? task.courseID
            task.description = assignment.description
            task.due = assignment.due
            task.pointsPossible = assignment.pointsPossible
            task.opensAt = assignment.opensAt
            task.cutoffAt = assignment.cutoffAt
            if let status = assignment.submissionStatus { task.submissionStatus = status }
            if assignment.gradeKnown {
                task.grade = assignment.grade
                task.feedback = assignment.feedback
            }
            task.removedAt = nil
            if task == old {
                plan.unchanged += 1
                continue
            }
            task.updatedAt = now
            plan.updateTasks.append((task, old.version))
            if old.due != nil, old.due != task.due { plan.dueChanges.append((old, task)) }
            if old.grade != task.grade || old.feedback != task.feedback { plan.gradeChanges.append((old, task)) }
        }
        for (id, task) in bySource where !seen.contains(id) && task.removedAt == nil {
            guard let scope = Self.scope(ofSourceID: id), snapshot.completeScopes.contains(scope) else { continue }
            var removed = task
            removed.removedAt = now
            removed.updatedAt = now
            plan.updateTasks.append((removed, task.version))
            plan.removed += 1
        }
    }

    private func planEvents(_ snapshot: LMSSnapshot, _ existing: [CalendarEvent], into plan: inout LMSSyncPlan) {
        let byUID = Dictionary(existing.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        for item in snapshot.events {
            let uid = "\(item.scope)|\(item.key)"
            guard seen.insert(uid).inserted else { continue }
            var event =
                byUID[uid]
                ?? CalendarEvent(
                    id: .generate(), calendarID: connection.calendarID, uid: uid, title: item.title, start: item.start, end: item.end,
                    createdAt: now, updatedAt: now)
            let old = byUID[uid]
            event.title = item.title
            event.description = item.description
            event.location = item.location
            event.courseID = record(of: item.courseNativeID) ?? event.courseID
            event.start = item.start
            event.end = item.end
            event.recurrence = item.recurrenceRule.flatMap { try? RecurrenceRule(parsing: $0) }.map {
                RecurrenceSet(start: item.start, rules: [$0])
            }
            if let old {
                if event == old {
                    plan.unchanged += 1
                    continue
                }
                event.updatedAt = now
                event.sequence += 1
                event.version = old.version + 1
                plan.replaceEvents.append(event)
            } else {
                plan.insertEvents.append(event)
            }
        }
        for (uid, event) in byUID where !seen.contains(uid) {
            guard let scope = Self.scope(ofUID: uid), snapshot.completeScopes.contains(scope) else { continue }
            plan.deleteEvents.append(event.id)
            plan.removed += 1
        }
    }
}
