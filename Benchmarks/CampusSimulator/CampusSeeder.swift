import CampusCalCore
import CampusCalICalendar
import CampusCalSecurity
import CampusCalStorage
import Foundation
import GRDB

/// Writes a whole campus into a fresh database through the project's storage layer.
///
/// Events and tasks go through the stores' batch writes (`SQLiteEventStore.save`,
/// `SQLiteTaskStore.insert(contentsOf:)`), so their columns — series bounds, the time encoding,
/// reminders — are exactly what the server writes. Rows the stores only write one at a time
/// (users, calendars, enrolments, groups, invitations…) are written with the stores' own SQL, but
/// thousands per transaction: one transaction per row would mean one fsync per row
/// (`synchronous=FULL`), hours for a campus instead of minutes.
struct CampusSeeder: Sendable {
    let shape: CampusShape
    let catalogue: CampusCatalogue
    let database: SQLiteDatabase
    let events: SQLiteEventStore
    let tasks: SQLiteTaskStore
    /// One bcrypt hash for every simulated account: hashing 46,000 passwords at cost 12 would take hours.
    let passwordHash: String
    /// When rows are "created": midnight UTC the day before `today`, so the same seed and day give
    /// the same rows. Sessions are the exception (they are logins: `now`, renewed before each run).
    let createdAt: Date
    let now: Date
    let tokens = SessionTokenIssuer()

    /// Students written per round of transactions: large enough that commits are rare, small
    /// enough that a round's rows (≈ 80 tasks and 15 events a student) stay a few hundred MB at most.
    static let batchSize = 1_000

    init(shape: CampusShape, database: SQLiteDatabase, passwordHash: String, now: Date) {
        self.shape = shape
        self.catalogue = CampusCatalogue(shape: shape)
        self.database = database
        self.events = SQLiteEventStore(database: database)
        self.tasks = SQLiteTaskStore(database: database)
        self.passwordHash = passwordHash
        self.now = now
        let day = shape.today.adding(days: -1)
        self.createdAt = LocalDateTime(date: day).instant(in: TimeZone(identifier: "UTC")!)
    }

    /// Seeds everything; returns what the driver needs about the active students.
    func run(log: (String) -> Void) async throws -> [ActiveStudent] {
        try await seedPeopleAndCourses()
        log("  people and courses written")
        var active: [Int: ActiveStudent] = [:]
        var start = 0
        while start < shape.students {
            let range = start..<min(start + Self.batchSize, shape.students)
            for student in try await seedStudents(range) { active[student.index] = student }
            start = range.upperBound
            log("  students \(start)/\(shape.students)")
        }
        try await seedGroupsAndShares()
        log("  groups and shares written")
        try await seedInvitations(into: &active)
        try await seedNotices()
        log("  invitations and notices written")
        return active.keys.sorted().map { active[$0]! }
    }

    /// Runs `batches` in one write transaction, each row through one cached statement.
    func write(_ batches: [RowBatch]) async throws {
        try await database.pool.write { db in
            for batch in batches where !batch.rows.isEmpty {
                let statement = try db.cachedStatement(sql: batch.sql)
                for row in batch.rows { try statement.execute(arguments: row) }
            }
        }
    }
}

/// Rows for one INSERT statement, built outside the write transaction so that it stays short.
struct RowBatch: Sendable {
    var sql: String
    var rows: [StatementArguments] = []

    init(_ sql: String) { self.sql = sql }

    mutating func append(_ values: [(any DatabaseValueConvertible)?]) { rows.append(StatementArguments(values)) }
}

/// The INSERT statements of the rows the seeder writes by SQL, column for column as the stores
/// write them (`SQLiteUserStore.insert`, `SQLiteCalendarStore.insert`, `SQLiteCourseStore`, …).
enum SeedSQL {
    static let user = """
        INSERT INTO user (id, username, passwordHash, displayName, email, phone, timeZone, role, createdAt, updatedAt, version,
                          directoryOptOut)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let session = "INSERT INTO session (id, tokenHash, userID, createdAt, lastSeenAt, expiresAt) VALUES (?, ?, ?, ?, ?, ?)"
    static let course = "INSERT INTO course (id, code, name, term, createdAt) VALUES (?, ?, ?, ?, ?)"
    static let enrolment = "INSERT INTO enrolment (courseID, userID, role) VALUES (?, ?, ?)"
    static let calendar = """
        INSERT INTO calendar (id, ownerID, name, description, color, timeZone, createdAt, updatedAt, version, groupID)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let feed = "INSERT INTO calendarFeed (calendarID, tokenHash, createdAt) VALUES (?, ?, ?)"
    static let appPassword = "INSERT INTO appPassword (id, userID, name, secretHash, createdAt) VALUES (?, ?, ?, ?, ?)"
    static let todo = "INSERT INTO todoEntry (id, ownerID, position, taskID, text, completedAt, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)"
    static let group = "INSERT INTO studyGroup (id, name, description, ownerID, createdAt, updatedAt, version) VALUES (?, ?, ?, ?, ?, ?, ?)"
    static let member = "INSERT INTO groupMember (groupID, userID, role, permissions, joinedAt) VALUES (?, ?, ?, ?, ?)"
    static let share = """
        INSERT INTO calendarShare (id, calendarID, recipientUserID, level, sharedByID, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)
        """
    static let invitation = """
        INSERT INTO invitation (id, organizerID, eventID, title, message, startsAt, endsAt, createdAt, cancelledAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let invitee = "INSERT INTO invitationInvitee (invitationID, userID, response, respondedAt, viaGroupID) VALUES (?, ?, ?, ?, ?)"
    static let notice = "INSERT INTO notice (id, userID, kind, title, body, link, createdAt, readAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
}
