import CampusCalCore
import CampusCalStorage
import CampusCalTestSupport
import Foundation
import Testing

/// The recipients' ledger (issue #27): a release reads its floors a batch of students at a time,
/// so a recipient given a whole campus before is never read whole into memory.
@Suite("Release ledger")
struct ReleaseLedgerStoreTests {
    @Test func floorsAreReadForTheAskedKeysOfOneRecipientOnly() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = SQLiteReleaseLedgerStore(database: try SQLiteDatabase(path: directory.file("db.sqlite")))
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        // More keys than SQLite takes bound variables in one statement (32,766).
        let keys = (0..<40_000).map { "task:\($0)" }
        try await store.record(recipient: "research-a", entries: Dictionary(uniqueKeysWithValues: keys.map { ($0, "0,1") }), at: now)
        try await store.record(recipient: "research-b", entries: ["task:7": "2,2"], at: now)

        let asked = ["task:7", "task:39999", "task:absent", "event:7"]
        #expect(try await store.entries(recipient: "research-a", keys: asked) == ["task:7": "0,1", "task:39999": "0,1"])
        #expect(try await store.entries(recipient: "research-b", keys: asked) == ["task:7": "2,2"])
        #expect(try await store.entries(recipient: "nobody", keys: asked).isEmpty)
        #expect(try await store.entries(recipient: "research-a", keys: []).isEmpty)
        #expect(try await store.entries(recipient: "research-a", keys: keys).count == 40_000)
    }
}
