import NIOHTTP1
import Synchronization

/// What the driver remembers about each active student while it runs: the open tasks it may
/// complete, and where it is in answering their invitations.
///
/// Shared by every request task, so behind a `Mutex`; each request holds it for a dictionary
/// update only, never across an `await`.
final class StudentStates: Sendable {
    private struct State {
        var openTasks: [String]
        var completed: [String] = []
        var nextInvitation = 0
        /// The `ETag` of the last answer per path (the feed, the week and day views), sent back in
        /// `If-None-Match` as calendar clients and browsers' HTTP caches do.
        var entityTags: [String: String] = [:]
    }

    private let states: Mutex<[State]>

    init(_ students: [ActiveStudent]) {
        states = Mutex(students.map { State(openTasks: $0.openTaskIDs) })
    }

    /// An open task to complete: the newest one known (often one this run created). When a
    /// student has none left, an already completed one is completed again: the same write path.
    func taskToComplete(_ student: Int) -> String? {
        states.withLock { states in
            if let task = states[student].openTasks.popLast() {
                states[student].completed.append(task)
                if states[student].completed.count > 20 { states[student].completed.removeFirst() }
                return task
            }
            return states[student].completed.last
        }
    }

    func created(_ task: String, by student: Int) {
        states.withLock { $0[student].openTasks.append(task) }
    }

    /// The next invitation to answer and the answer, cycling through the student's invitations
    /// and through accepted → tentative → declined (invitees may change their answer).
    func nextResponse(_ student: Int, invitations: [String]) -> (String, String)? {
        guard !invitations.isEmpty else { return nil }
        return states.withLock { states in
            let turn = states[student].nextInvitation
            states[student].nextInvitation += 1
            let answer = ["accepted", "tentative", "declined"][(turn / invitations.count) % 3]
            return (invitations[turn % invitations.count], answer)
        }
    }

    /// The tag of the copy of `path` the student's client holds, nil when it holds none.
    func entityTag(_ student: Int, path: String) -> String? { states.withLock { $0[student].entityTags[path] } }

    /// Keeps the tag of a 200 answer to `path`, as the client's cache would; true when there was one.
    @discardableResult
    func keep(_ response: SimulatedResponse, student: Int, path: String) -> Bool {
        guard response.status == 200, let tag = response.headers.first(name: "ETag") else { return false }
        states.withLock { $0[student].entityTags[path] = tag }
        return true
    }
}
