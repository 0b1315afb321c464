import CampusCalStorage
import CampusCalTestSupport
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `writeNow` commits where it was asked for only while the writer is free: it saves an idle
/// server two thread hand-offs, and must never make a network thread queue behind another write.
@Suite("Short writes on the calling thread while the writer is free")
struct InlineWriteTests {
    static func open(_ directory: TemporaryDirectory, inline: Bool = true) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"), migrate: false, inlineWrites: inline)
        try database.writeWaiting { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS note (text TEXT)") }
        return database
    }

    /// The thread that ran a write, and the one that asked for it (read in the same synchronous stretch).
    static func threads(of database: SQLiteDatabase, text: String) async throws -> (asked: pthread_t, ran: pthread_t) {
        let asked = pthread_self()
        let ran = try await database.writeNow { db in
            try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: [text])
            return pthread_self()
        }
        return (asked, ran)
    }

    @Test func anIdleWriterCommitsOnTheCallingThreadAndDurably() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.open(directory)
        let (asked, ran) = try await Self.threads(of: database, text: "inline")
        #expect(pthread_equal(asked, ran) != 0, "an idle writer was still handed the write")
        // Committed, not merely written: another connection sees it.
        let reopened = try DatabaseQueue(path: directory.file("db.sqlite"))
        #expect(try await reopened.read { db in try String.fetchOne(db, sql: "SELECT text FROM note") } == "inline")
    }

    @Test func aBusyWriterIsWaitedForOffTheCallingThread() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.open(directory)
        let started = AsyncStream<Void>.makeStream()
        // A long write holds the writer (as an import would).
        async let long: Void = database.write { db in
            started.continuation.yield()
            usleep(400_000)
            try db.execute(sql: "INSERT INTO note (text) VALUES ('long')")
        }
        for await _ in started.stream { break }
        let (asked, ran) = try await Self.threads(of: database, text: "short")
        #expect(pthread_equal(asked, ran) == 0, "the calling thread queued behind another write")
        try await long
        let texts = try database.readNow { db in try String.fetchAll(db, sql: "SELECT text FROM note ORDER BY rowid") }
        #expect(texts == ["long", "short"])
    }

    @Test func switchedOffEveryWriteIsHandedToTheWriter() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.open(directory, inline: false)
        let (asked, ran) = try await Self.threads(of: database, text: "handed")
        #expect(pthread_equal(asked, ran) == 0)
    }

    @Test func aFailedInlineWriteChangesNothingAndLeavesTheWriterFree() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.open(directory)
        await #expect(throws: DatabaseError.self) {
            try await database.writeNow { db in
                try db.execute(sql: "INSERT INTO note (text) VALUES ('half')")
                try db.execute(sql: "INSERT INTO nowhere VALUES (1)")
            }
        }
        #expect(try database.readNow { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") } == 0)
        // The count of writes in flight came back to zero: the next short write is inline again.
        let (asked, ran) = try await Self.threads(of: database, text: "after")
        #expect(pthread_equal(asked, ran) != 0)
    }
}
