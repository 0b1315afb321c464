import CampusCalTestSupport
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real binary killed with SIGKILL at random moments of a write-heavy run, again and again
/// (SRS 4.7, issue #11): after every restart each acknowledged write is there, the one in flight
/// is either wholly there or not at all, and SQLite's integrity check is clean.
///
/// `CAMPUSCAL_CRASH_KILLS` sets the number of kills (50 by default, as CI runs it).
@Suite("Crash safety (the campuscal process under SIGKILL)", .serialized)
struct CrashSafetyTests {
    static let kills = Int(ProcessInfo.processInfo.environment["CAMPUSCAL_CRASH_KILLS"] ?? "") ?? 50
    static let writerCount = 3

    @Test func killedAtRandomMomentsOfAWriteHeavyRunTheServerLosesNoAcknowledgedWriteAndHalfAppliesNone() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("campuscal.sqlite")
        var server = try ServerProcess(database: database, workingDirectory: directory.path)
        try await server.waitUntilReady()
        _ = try await server.request("POST", "/api/v1/auth/register", json: ["username": "casey", "password": "Passw0rd!"])
        let (login, _) = try await server.request("POST", "/api/v1/auth/login", json: ["username": "casey", "password": "Passw0rd!"])
        let token = try #require((try JSONSerialization.jsonObject(with: login) as? [String: Any])?["token"] as? String)
        let (made, _) = try await server.request("POST", "/api/v1/calendars", json: ["name": "Crash"], token: token)
        let calendar = try #require((try JSONSerialization.jsonObject(with: made) as? [String: Any])?["id"] as? String)

        var writers = (0..<Self.writerCount).map { CrashWriter(number: $0) }
        for round in 1...Self.kills {
            let current = server
            let running = writers.map { writer in
                Task {
                    var writer = writer
                    try await writer.write(to: current, token: token, calendar: calendar, round: round)
                    return writer
                }
            }
            // A random moment: early on some rounds (mid-startup of the writes), later on others.
            try await Task.sleep(for: .milliseconds(Int.random(in: 20...400)))
            try await server.stop(signal: SIGKILL)
            writers = []
            for writer in running { writers.append(try await writer.value) }

            let problems = try Self.check(database, calendar: calendar, writers: &writers)
            #expect(problems.isEmpty, "after kill \(round):\n\(problems.prefix(20).joined(separator: "\n"))")
            if !problems.isEmpty { return }  // the server stays down; the ledger is no longer trustworthy

            server = try ServerProcess(database: database, workingDirectory: directory.path)
            try await server.waitUntilReady()
            // Each restart answers with the data: the token still works and the calendar is there.
            #expect(try await server.request("GET", "/api/v1/calendars/\(calendar)", token: token).1 == 200)
        }
        let acknowledged = writers.map(\.acknowledged).reduce(0, +)
        // Every round wrote: the kills fell among writes, not on an idle server.
        #expect(acknowledged > Self.kills * Self.writerCount, "only \(acknowledged) writes acknowledged over \(Self.kills) kills")
        #expect(try await server.stop(signal: SIGTERM) == 0)
    }

    /// Opens the database the killed server left (as the next server would, recovering its
    /// write-ahead log), runs SQLite's integrity check, and compares every writer's ledger.
    static func check(_ database: String, calendar: String, writers: inout [CrashWriter]) throws -> [String] {
        let queue = try DatabaseQueue(path: database)
        defer { try? queue.close() }
        return try queue.read { db in
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            var events: [String: (state: String, id: String)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT uid, id, description FROM event WHERE calendarID = ?", arguments: [calendar]) {
                events[row["uid"]] = (row["description"] ?? "", row["id"])
            }
            var tasks: [String: (state: String, id: String)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT title, id, status FROM task") { tasks[row["title"]] = (row["status"], row["id"]) }
            // An event with a reminder is written together with its planned notice, never alone.
            let unplanned = try String.fetchAll(
                db,
                sql: """
                    SELECT uid FROM event WHERE calendarID = ? AND reminders != ''
                    AND NOT EXISTS (SELECT 1 FROM scheduledNotice WHERE key LIKE 'event:' || event.id || ':%')
                    """, arguments: [calendar])
            problems += unplanned.map { "event \($0) is there without its planned reminder" }
            for index in writers.indices { problems += writers[index].settle(events: events, tasks: tasks) }
            return problems
        }
    }
}
