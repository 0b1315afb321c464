import CampusCalCore
import CampusCalICalendar
import CampusCalStorage
import CampusCalTestSupport
import Foundation
import Testing

@Suite("The store decodes only the tasks a view selects")
struct TaskSelectionTests {
    @Test func eachSelectionReturnsExactlyItsTasks() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        func person(_ name: String) -> UserCredentials {
            UserCredentials(
                user: User(
                    id: .generate(), username: name, displayName: name, email: nil, phone: nil, timeZone: "UTC", role: .student, createdAt: now,
                    updatedAt: now, version: 1),
                passwordHash: "$2b$04$abcdefghijklmnopqrstuuOzkQWLkWbRLJ9g3GygNVmhYyJzfeW4u")
        }
        let (fay, gus) = (person("fay"), person("gus"))
        try await SQLiteUserStore(database: database).insert(fay)
        try await SQLiteUserStore(database: database).insert(gus)
        let store = SQLiteTaskStore(database: database)
        let monday = LocalDate(year: 2026, month: 11, day: 23)
        func task(_ id: String, owner: UserCredentials = fay, status: TaskStatus = .open, due: EventTime? = nil, removed: Bool = false) -> TaskItem {
            TaskItem(
                id: TaskID(rawValue: id), ownerID: owner.user.id, title: id, due: due, status: status, completedAt: status == .completed ? now : nil,
                removedAt: removed ? now : nil, createdAt: now, updatedAt: now)
        }
        let weekly = try RecurrenceRule(parsing: "FREQ=WEEKLY")
        var series = task("weekly", due: .date(monday.adding(days: -14)))
        series.recurrence = weekly
        try await store.insert(
            contentsOf: [
                task("open-monday", due: .date(monday)), task("done-monday", status: .completed, due: .date(monday)),
                task("open-tuesday", due: .date(monday.adding(days: 1))), task("removed-monday", due: .date(monday), removed: true),
                task("no-due"), task("quote\"and\\slash"), series, task("gus-monday", owner: gus, due: .date(monday)),
            ])
        func ids(_ selection: TaskSelection, of owner: UserCredentials = fay) async throws -> [String] {
            try await store.tasks(ownedBy: owner.user.id, selection).map(\.id.rawValue).sorted()
        }
        #expect(try await ids(.listed(status: nil)).count == 6)
        #expect(try await ids(.listed(status: .completed)) == ["done-monday"])
        #expect(try await ids(.listed(status: .open)).contains("removed-monday") == false)
        // Another student's task is never returned, even by id.
        #expect(
            try await ids(.ids([TaskID(rawValue: "gus-monday"), TaskID(rawValue: "quote\"and\\slash"), TaskID(rawValue: "none")])) == [
                "quote\"and\\slash"
            ])
        #expect(try await ids(.ids([])) == [])
        let onMonday = try await ids(
            .listedDue(where: { due, rule in
                let start = EventTime.date(monday).instant(viewerTimeZone: TimeZone(identifier: "UTC")!)
                return !RecurrenceSet(start: due, rules: rule.map { [$0] } ?? [])
                    .occurrences(from: start, to: start.addingTimeInterval(86_400), viewerTimeZone: TimeZone(identifier: "UTC")!, limit: 10).isEmpty
            }))
        #expect(onMonday == ["done-monday", "open-monday", "weekly"])
    }
}
