import CampusCalAPI
import CampusCalCore
// Scheduler throughput (issue #4): how many due reminders per second the notification engine moves
// into inboxes — the real SQLite store (WAL, synchronous=FULL), the real NotificationService with
// the live-delivery channel attached and some streams open — measured in one process, no HTTP.
//
//   swift build -c release --product notice-throughput
//   .build/release/notice-throughput [reminders] [users] [open streams]
//
// Each user gets an equal share of reminders, all due at once; a quarter of the users have email
// on (so the outbox is filled in the same transactions, as in production).
import CampusCalICalendar
import CampusCalStorage
import Foundation

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let reminderCount = arguments.count > 0 ? arguments[0] : 100_000
let userCount = arguments.count > 1 ? arguments[1] : 5_000
let streamCount = arguments.count > 2 ? arguments[2] : 500

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notice-throughput-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let database = try SQLiteDatabase(path: directory.appendingPathComponent("bench.sqlite").path)
let users = SQLiteUserStore(database: database)
let store = SQLiteNoticeStore(database: database)
let start = Date(timeIntervalSince1970: 1_790_000_000)

var ids: [UserID] = []
for index in 0..<userCount {
    let id = UserID(rawValue: UUID().uuidString.lowercased())
    let user = User(
        id: id, username: "student\(index)", displayName: "Student \(index)", email: "student\(index)@campus.edu", phone: nil,
        timeZone: "America/Denver", role: .student, createdAt: start, updatedAt: start, version: 1)
    try await users.insert(UserCredentials(user: user, passwordHash: "x"))
    if index % 4 == 0 { try await store.setPreferences(NotificationPreferences(email: true), for: id) }
    ids.append(id)
}
var planned: [ScheduledNotice] = []
planned.reserveCapacity(reminderCount)
for index in 0..<reminderCount {
    planned.append(
        ScheduledNotice(
            key: "bench:\(index)", userID: ids[index % ids.count], fireAt: start.addingTimeInterval(Double(index % 60)), kind: .reminder,
            title: "Problem set \(index % 12)", body: "Problem set \(index % 12) (MATH 112) is due Monday, November 2 at 9:00 AM.",
            link: "/api/v1/tasks/\(index)"))
}
for chunk in stride(from: 0, to: planned.count, by: 10_000) {
    try await store.schedule(Array(planned[chunk..<min(chunk + 10_000, planned.count)]), replacingPendingWithPrefix: nil)
}

/// A clock fixed a minute after the last reminder is due, so every one of them is due at once.
struct FixedClock: TimeSource {
    let instant: Date
    func now() -> Date { instant }
}
let hub = LiveNoticeHub()
var readers: [Task<Int, Never>] = []
for index in 0..<min(streamCount, ids.count) {
    let subscription = try hub.subscribe(ids[index], session: "benchmark-\(index)")
    readers.append(
        Task {
            var count = 0
            for await event in subscription.events { if case .notice = event { count += 1 } }
            return count
        })
}
let service = NotificationService(notices: store, channels: [hub], clock: FixedClock(instant: start.addingTimeInterval(120)))

let began = ContinuousClock.now
let fired = try await service.fireDue()
let elapsed = ContinuousClock.now - began
hub.close()
var streamed = 0
for reader in readers { streamed += await reader.value }
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let outbox = try await store.outboxDepth()
print(
    "notice-throughput: \(fired.count) reminders fired into \(userCount) inboxes in \(String(format: "%.2f", seconds)) s = "
        + "\(Int(Double(fired.count) / seconds)) per second; \(streamed) delivered to \(readers.count) open streams; \(outbox) emails queued")
