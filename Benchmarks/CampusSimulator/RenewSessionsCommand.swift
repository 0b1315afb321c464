import ArgumentParser
import CampusCalStorage
import Foundation
import GRDB

/// `campus-simulator renew-sessions`: makes the seeded sessions as if their students had just logged in.
///
/// Sessions end after `auth.session_idle_timeout_seconds` (an hour) without use and at their
/// absolute lifetime (12 hours), and the server deletes ended ones. A campus seeded yesterday would
/// otherwise answer every request with 401; the scripts run this before starting the server.
struct RenewSessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "renew-sessions", abstract: "Make every session in a seeded database fresh (stop the server first).")

    @Option(help: "The seeded SQLite file.") var database: String
    @Option(help: "The session lifetime to give them, in seconds (the server's default is 43200).") var lifetime: Double = 43_200

    func run() async throws {
        let store = try SQLiteDatabase(path: database)
        let now = Date()
        let renewed = try await store.pool.write { db in
            try db.execute(
                sql: "UPDATE session SET createdAt = ?, lastSeenAt = ?, expiresAt = ?", arguments: [now, now, now.addingTimeInterval(lifetime)])
            return db.changesCount
        }
        print("renewed \(renewed) sessions")
    }
}
