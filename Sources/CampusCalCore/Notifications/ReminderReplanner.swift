import Foundation

/// Tops up the reminders of repeating tasks and events as their occurrences fire: only the next
/// `NotificationService.plannedOccurrences` are planned at a time, so an endless weekly series
/// costs a few rows, not thousands.
///
/// Runs after each firing round; a crash before it runs is harmless, since the next change to the
/// item or the next round that fires one of its reminders plans again from "now".
public struct ReminderReplanner: Sendable {
    public let users: any UserStore
    public let tasks: TaskService
    public let events: EventService

    public init(users: any UserStore, tasks: TaskService, events: EventService) {
        self.users = users
        self.tasks = tasks
        self.events = events
    }

    /// Re-plans each repeating item that `fired` touched, once. Returns how many were re-planned.
    @discardableResult
    public func replan(after fired: [FiredNotice]) async throws -> Int {
        var seen: Set<String> = []
        for notice in fired {
            guard let series = ReminderKey.series(of: notice.key), seen.insert("\(series.kind):\(series.id)").inserted else { continue }
            guard let owner = try await users.credentials(id: notice.notice.userID)?.user else { continue }
            switch series.kind {
            case .task: try await tasks.replanReminders(TaskID(rawValue: series.id), owner: owner)
            case .event: try await events.replanReminders(EventID(rawValue: series.id), owner: owner)
            }
        }
        return seen.count
    }
}
