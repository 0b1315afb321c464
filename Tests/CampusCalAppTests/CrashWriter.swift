import CampusCalTestSupport
import Foundation

/// One writer of the crash-safety test: it writes to the real server as fast as it answers,
/// and keeps a ledger of what each of its objects may look like after a crash.
///
/// An acknowledged write leaves one possible state; the one write in flight when the server is
/// killed leaves two (before and after), and the check after the restart must find one of them —
/// never a third, which would be a write half applied. Each writer owns its objects, so writers
/// never race each other and the ledger needs no lock: it travels with the writer's task.
struct CrashWriter: Sendable {
    /// What one object may be after a crash: its description (events), its status (tasks), or
    /// nil for "not there".
    struct Possible: Sendable {
        var states: Set<String?>
        var id: String?
        var definite: String?? { states.count == 1 ? states.first! : nil }
    }

    let number: Int
    /// Events by UID, tasks by title.
    var events: [String: Possible] = [:]
    var tasks: [String: Possible] = [:]
    /// The UIDs of each import: one file, so all of them or none.
    var imports: [[String]] = []
    /// Acknowledged writes, over all rounds.
    var acknowledged = 0
    private var counter = 0

    init(number: Int) { self.number = number }

    /// Writes until a request fails (the server was killed); a 5xx or any other unexpected answer
    /// is an error of its own.
    mutating func write(to server: ServerProcess, token: String, calendar: String, round: Int) async throws {
        var generator = SystemRandomNumberGenerator()
        while true {
            counter += 1
            let name = "r\(round)-w\(number)-\(counter)"
            do {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<3: try await createEvent(name, server: server, token: token, calendar: calendar)
                case 3..<5: try await changeEvent(name, server: server, token: token, using: &generator)
                case 5: try await deleteEvent(server: server, token: token, using: &generator)
                case 6: try await importEvents(name, server: server, token: token, calendar: calendar)
                case 7..<9: try await createTask(name, server: server, token: token)
                default: try await completeTask(server: server, token: token, using: &generator)
                }
            } catch is URLError {
                return  // the server is gone: what was in flight stays in doubt
            }
        }
    }

    private mutating func createEvent(_ name: String, server: ServerProcess, token: String, calendar: String) async throws {
        let uid = "\(name)@crash.test"
        events[uid] = Possible(states: [nil, "v0"])
        // A reminder, so that creating it writes the event and plans a notice.
        let (body, status) = try await server.request(
            "POST", "/api/v1/calendars/\(calendar)/events",
            json: [
                "uid": uid, "title": name, "description": "v0", "start": ["dateTime": "2031-03-0\(1 + counter % 9)T10:00:00Z"],
                "reminders": [["minutesBefore": 30]],
            ], token: token)
        try Self.expect(status, 201, body)
        events[uid] = Possible(states: ["v0"], id: try Self.id(body))
        acknowledged += 1
    }

    private mutating func changeEvent(
        _ name: String, server: ServerProcess, token: String, using generator: inout SystemRandomNumberGenerator
    ) async throws {
        guard let (uid, event, old) = randomPresent(events, using: &generator), let id = event.id else { return }
        events[uid]!.states = [old, name]
        let (body, status) = try await server.request("PATCH", "/api/v1/events/\(id)", json: ["description": name], token: token)
        try Self.expect(status, 200, body)
        events[uid]!.states = [name]
        acknowledged += 1
    }

    private mutating func deleteEvent(server: ServerProcess, token: String, using generator: inout SystemRandomNumberGenerator) async throws {
        guard let (uid, event, old) = randomPresent(events, using: &generator), let id = event.id else { return }
        events[uid]!.states = [old, nil]
        let (body, status) = try await server.request("DELETE", "/api/v1/events/\(id)", token: token)
        try Self.expect(status, 204, body)
        events[uid]!.states = [nil]
        acknowledged += 1
    }

    private mutating func importEvents(_ name: String, server: ServerProcess, token: String, calendar: String) async throws {
        let uids = (1...5).map { "\(name)-\($0)@crash.test" }
        for uid in uids { events[uid] = Possible(states: [nil, "imported"]) }
        imports.append(uids)
        var file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//CampusCal//crash test//EN\r\n"
        for (index, uid) in uids.enumerated() {
            file +=
                "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:2031041\(index)T090000Z\r\n"
                + "SUMMARY:\(name)\r\nDESCRIPTION:imported\r\nEND:VEVENT\r\n"
        }
        file += "END:VCALENDAR\r\n"
        let (body, status) = try await server.request(
            "POST", "/api/v1/calendars/\(calendar)/import", body: Data(file.utf8), contentType: "text/calendar", token: token)
        try Self.expect(status, 200, body)
        for uid in uids { events[uid]!.states = ["imported"] }
        acknowledged += 1
    }

    private mutating func createTask(_ name: String, server: ServerProcess, token: String) async throws {
        tasks[name] = Possible(states: [nil, "open"])
        let (body, status) = try await server.request(
            "POST", "/api/v1/tasks", json: ["title": name, "priority": "medium", "due": ["date": "2031-05-01"]], token: token)
        try Self.expect(status, 201, body)
        tasks[name] = Possible(states: ["open"], id: try Self.id(body))
        acknowledged += 1
    }

    private mutating func completeTask(server: ServerProcess, token: String, using generator: inout SystemRandomNumberGenerator) async throws {
        let open = tasks.filter { $0.value.definite == "open" && $0.value.id != nil }
        guard let (title, task) = open.randomElement(using: &generator) else { return }
        tasks[title]!.states = ["open", "completed"]
        let (body, status) = try await server.request("PATCH", "/api/v1/tasks/\(task.id!)", json: ["status": "completed"], token: token)
        try Self.expect(status, 200, body)
        tasks[title]!.states = ["completed"]
        acknowledged += 1
    }

    /// An object certainly there (one possible state, not nil), with that state.
    private func randomPresent(
        _ objects: [String: Possible], using generator: inout SystemRandomNumberGenerator
    ) -> (String, Possible, String)? {
        let present = objects.filter { if case .some(.some) = $0.value.definite { true } else { false } }
        guard let (key, object) = present.randomElement(using: &generator), case .some(.some(let state)) = object.definite else { return nil }
        return (key, object, state)
    }

    /// Checks the ledger against what the database holds (`found`: state and id by key), then
    /// keeps what was found as the one state of each object from now on.
    mutating func settle(events foundEvents: [String: (state: String, id: String)], tasks foundTasks: [String: (state: String, id: String)])
        -> [String]
    {
        var problems: [String] = []
        // The import in flight at the kill (its events still in doubt): one file, so all or none.
        for uids in imports where uids.allSatisfy({ events[$0]!.states.count == 2 }) {
            let there = uids.filter { foundEvents[$0] != nil }.count
            if there != 0 && there != uids.count { problems.append("import \(uids[0]) half applied: \(there) of \(uids.count) events") }
        }
        Self.settle(&events, foundEvents, "event", &problems)
        Self.settle(&tasks, foundTasks, "task", &problems)
        imports.removeAll()
        return problems
    }

    private static func settle(
        _ objects: inout [String: Possible], _ found: [String: (state: String, id: String)], _ kind: String, _ problems: inout [String]
    ) {
        for (key, object) in objects {
            let state = found[key]?.state
            if !object.states.contains(state) {
                let expected = object.states.map { $0 ?? "absent" }.sorted().joined(separator: " or ")
                problems.append("\(kind) \(key): \(state ?? "absent"), expected \(expected)")
            }
            objects[key] = Possible(states: [state], id: found[key]?.id)
        }
    }

    private static func expect(_ status: Int, _ expected: Int, _ body: Data) throws {
        guard status == expected else { throw TestFailure("HTTP \(status), expected \(expected): \(String(decoding: body, as: UTF8.self))") }
    }

    private static func id(_ body: Data) throws -> String {
        guard let id = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String else {
            throw TestFailure("no id in \(String(decoding: body, as: UTF8.self))")
        }
        return id
    }
}
