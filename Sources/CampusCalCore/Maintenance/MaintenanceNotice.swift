import Foundation

/// Planned downtime announced by an administrator (SRS 3.7.3): every user is told in advance.
public struct MaintenanceNotice: Sendable, Equatable {
    public var id: MaintenanceNoticeID
    public var title: String
    public var message: String
    public var startsAt: Date
    public var endsAt: Date
    /// Posted less than two days ahead, which only an urgent notice may be.
    public var urgent: Bool
    public var createdBy: UserID
    public var createdAt: Date

    public init(
        id: MaintenanceNoticeID, title: String, message: String, startsAt: Date, endsAt: Date, urgent: Bool, createdBy: UserID, createdAt: Date
    ) {
        self.id = id
        self.title = title
        self.message = message
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.urgent = urgent
        self.createdBy = createdBy
        self.createdAt = createdAt
    }
}

public struct MaintenanceNoticeID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> MaintenanceNoticeID { MaintenanceNoticeID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}
