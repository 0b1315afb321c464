import ArgumentParser
import CampusCalCore
import CampusCalICalendar
import CampusCalSecurity
import CampusCalStorage
import Foundation
import GRDB

/// `campus-simulator seed`: a new database holding a whole campus, and campus.json for the driver.
struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed", abstract: "Create a campus (students, courses, classes, assignments, groups…) in a new SQLite database.")

    @Option(help: "The SQLite file to create (must not exist).") var database: String
    @Option(help: "Students on the campus (instructors: one per 30 students; 5 administrators).") var users = 45_000
    @Option(help: "Random seed: the same seed and day give the same campus.") var seed: UInt64 = 1
    @Option(help: "Where to write what the driver needs (tokens of the active students and their ids).") var campus: String
    @Option(help: "The day to seed for (YYYY-MM-DD; default: today in UTC). The term is placed around it.") var today: String?
    @Option(help: "The password every simulated account gets (hashed once, at the server's minimum bcrypt cost).")
    var password = "Campus-sim-2026"

    func run() async throws {
        guard !FileManager.default.fileExists(atPath: database) else {
            throw ValidationError("\(database) exists: seed into a new file (delete it first to re-seed).")
        }
        guard users >= 2 else { throw ValidationError("--users must be at least 2.") }
        let day =
            try today.map { text in
                guard let date = RFC3339.parseDate(text), date.isValid else { throw ValidationError("--today must be a date like 2026-11-25.") }
                return date
            } ?? LocalDateTime(instant: Date(), in: TimeZone(identifier: "UTC")!).date
        let shape = CampusShape(students: users, seed: seed, today: day)
        let started = ContinuousClock.now
        // Migrations run as the server runs them; the rows below follow the schema they made.
        let store = try SQLiteDatabase(path: database)
        let hash = try await BcryptPasswordHasher().hash(password)
        print("campus: \(users) students, term \(shape.termStart) – \(shape.termEnd), seed \(seed); bcrypt hash made once")
        let seeder = CampusSeeder(shape: shape, database: store, passwordHash: hash, now: Date())
        let active = try await seeder.run { print($0) }
        try CampusFile(
            seed: seed, students: users, today: day.description, termStart: shape.termStart.description, termEnd: shape.termEnd.description,
            timeZone: CampusShape.campusZone, active: active
        ).write(campus)
        // No ANALYZE: the server never runs it, so a campus's real database has no planner statistics either.
        let elapsed = ContinuousClock.now - started
        print(String(format: "seeded in %.1f s; %d active students written to %@", elapsed.seconds, active.count, campus))
        try await printCounts(store)
    }

    private func printCounts(_ store: SQLiteDatabase) async throws {
        let tables = [
            "user", "session", "course", "enrolment", "calendar", "calendarFeed", "event", "task", "todoEntry", "studyGroup", "groupMember",
            "calendarShare", "invitation", "invitationInvitee", "notice",
        ]
        let counts = try await store.pool.read { db in
            try tables.map { ($0, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? 0) }
        }
        for (table, count) in counts { print("  \(table.padding(toLength: 18, withPad: " ", startingAt: 0)) \(count)") }
        let size = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
        print(String(format: "  database file      %.0f MB", Double(size) / 1_048_576))
    }
}

extension Duration {
    /// Seconds as a Double, for printing.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
