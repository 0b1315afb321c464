import Foundation

/// Persistent maintenance notices.
public protocol MaintenanceNoticeStore: Sendable {
    func insert(_ notice: MaintenanceNotice) async throws
    func notice(id: MaintenanceNoticeID) async throws -> MaintenanceNotice?
    /// Notices whose downtime has not ended by `now`, soonest first.
    func current(at now: Date) async throws -> [MaintenanceNotice]
    /// Deletes a notice; false when there is none with that id.
    func delete(id: MaintenanceNoticeID) async throws -> Bool
}
