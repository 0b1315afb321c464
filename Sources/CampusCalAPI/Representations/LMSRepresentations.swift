import CampusCalCore
import Foundation

/// A connection as the API shows it: never its credentials.
struct LMSConnectionRepresentation: Encodable {
    var connection: LMSConnection
    /// Where the student signs in at the LMS (a connection just made, awaiting authorization).
    var authorizationURL: String?
    /// When the sync running now began; nil when none runs.
    var syncStartedAt: Date?

    init(_ connection: LMSConnection, authorizationURL: String? = nil, syncStartedAt: Date? = nil) {
        self.connection = connection
        self.authorizationURL = authorizationURL
        self.syncStartedAt = syncStartedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, baseUrl, calendarId, status, statusReason, syncing, syncStartedAt, lastSyncAt, lastReport, createdAt, authorizationUrl
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(connection.id.rawValue, forKey: .id)
        try container.encode(connection.kind.rawValue, forKey: .kind)
        try container.encode(connection.baseURL, forKey: .baseUrl)
        try container.encode(connection.calendarID.rawValue, forKey: .calendarId)
        try container.encode(connection.status.name, forKey: .status)
        var reason: String?
        if case .needsReconnect(let why) = connection.status { reason = why }
        try container.encode(reason, forKey: .statusReason)
        try container.encode(syncStartedAt != nil, forKey: .syncing)
        try container.encode(syncStartedAt, forKey: .syncStartedAt)
        try container.encode(connection.lastSyncAt, forKey: .lastSyncAt)
        try container.encode(connection.lastReport.map(LMSSyncReportRepresentation.init), forKey: .lastReport)
        try container.encode(connection.createdAt, forKey: .createdAt)
        try container.encodeIfPresent(authorizationURL, forKey: .authorizationUrl)
    }
}

/// What a sync did.
struct LMSSyncReportRepresentation: Encodable {
    var startedAt: Date
    var finishedAt: Date
    var added: Int
    var updated: Int
    var removed: Int
    var unchanged: Int
    var failed: Int
    var complete: Bool
    var problems: [LMSSyncProblem]
    var courses: [LMSCourseSyncCounts]

    init(_ report: LMSSyncReport) {
        startedAt = report.startedAt
        finishedAt = report.finishedAt
        added = report.added
        updated = report.updated
        removed = report.removed
        unchanged = report.unchanged
        failed = report.failed
        complete = report.complete
        problems = report.problems
        courses = report.courses
    }
}
