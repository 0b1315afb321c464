import Foundation

/// The id of an LMS connection.
public struct LMSConnectionID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> LMSConnectionID { LMSConnectionID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}

/// A student's link to one LMS account (or one calendar feed). The credentials are kept apart,
/// sealed (`LMSCredentials`), and never leave the server.
public struct LMSConnection: Sendable, Equatable {
    public var id: LMSConnectionID
    public var ownerID: UserID
    public var kind: LMSKind
    /// Where the LMS is: `https://ilearn.example.edu`. For a feed, the feed's scheme and host only
    /// (the full URL is a secret: whoever has it reads the calendar).
    public var baseURL: String
    /// The calendar the connection's events go to (made with the connection).
    public var calendarID: CalendarID
    public var status: LMSConnectionStatus
    public var lastSyncAt: Date?
    public var lastReport: LMSSyncReport?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: LMSConnectionID, ownerID: UserID, kind: LMSKind, baseURL: String, calendarID: CalendarID, status: LMSConnectionStatus = .active,
        lastSyncAt: Date? = nil, lastReport: LMSSyncReport? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.kind = kind
        self.baseURL = baseURL
        self.calendarID = calendarID
        self.status = status
        self.lastSyncAt = lastSyncAt
        self.lastReport = lastReport
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The host part of `baseURL`, the middle of every item key.
    public var host: String { URLComponents(string: baseURL)?.host?.lowercased() ?? baseURL.lowercased() }

    /// Whether `task` was imported through this connection (its source id is `host|scope|key`, see `LMSSyncPlanner`).
    public func imported(_ task: TaskItem) -> Bool {
        guard case .lms(let system, let source) = task.source else { return false }
        return system == kind.rawValue && source.hasPrefix(host + "|")
    }
}

/// Whether a connection syncs.
public enum LMSConnectionStatus: Sendable, Equatable {
    case active
    /// Made, but the student has not yet signed in at the LMS (OAuth): nothing syncs until then.
    case awaitingAuthorization
    /// The LMS refused the credentials (revoked, expired beyond refresh): the student must connect again.
    case needsReconnect(String)

    public var name: String {
        switch self {
        case .active: "active"
        case .awaitingAuthorization: "awaiting-authorization"
        case .needsReconnect: "needs-reconnect"
        }
    }
}
