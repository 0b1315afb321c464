import CampusCalICalendar
import Foundation
import Synchronization

/// One name a person typed to share, invite or add someone, and the account it names (nil: none).
public struct NamedPerson: Sendable {
    /// As typed, cut to 64 characters (it is echoed back in results).
    public var typed: String
    /// As accounts normalise it (`Username.normalize`).
    public var name: String
    public var user: User?
}

/// A person named more unknown usernames within the hour than `limits.max_unknown_names_per_hour`.
public struct UnknownNamesExceeded: Error, Sendable, Equatable {
    public var limit: Int
    /// Whole seconds until the oldest counted miss leaves the window.
    public var retryAfterSeconds: Int
}

/// The one way services turn usernames people type (sharing a calendar, inviting to an event or a
/// group) into accounts — with a budget of misses per person (review L3).
///
/// Every result that says `unknownUser` tells the caller that no account has that name, so a
/// signed-in person who could name names without limit could list the server's accounts. Real
/// sharing rarely misses (a typo, someone who has not logged in yet); a scan misses almost every
/// time. So misses are counted per person over a sliding hour, and a request that would exceed the
/// budget answers 429 and reveals nothing — it is charged all the same, so probing in small
/// requests gains nothing either. Held in memory: the server is the only process serving a
/// database (`ServerLock`), and a restart forgetting an hour's misses is harmless.
public final class PeopleByName: Sendable {
    public let users: any UserStore
    let limit: Int
    let clock: any TimeSource
    static let window: TimeInterval = 3600
    /// The times of each person's misses within the window, oldest first.
    private let misses = Mutex<[UserID: [Date]]>([:])

    public init(users: any UserStore, limits: ResourceLimits = .standard, clock: any TimeSource = SystemTimeSource()) {
        self.users = users
        self.limit = limits.maximumUnknownNamesPerHour
        self.clock = clock
    }

    /// The distinct names of `typed` (first spelling kept, in order) with their accounts. Throws
    /// `UnknownNamesExceeded` when `caller` has no misses left, or when this request's misses would
    /// go past what is left — charged either way.
    public func resolve(_ typed: [String], for caller: UserID) async throws -> [NamedPerson] {
        try charge(0, to: caller)
        var seen = Set<String>()
        var found: [NamedPerson] = []
        for raw in typed {
            let name = Username.normalize(raw)
            guard seen.insert(name).inserted else { continue }
            found.append(NamedPerson(typed: String(raw.prefix(64)), name: name, user: try await users.credentials(username: name)?.user))
        }
        try charge(found.count { $0.user == nil }, to: caller)
        return found
    }

    /// Records `count` misses of `caller` now; throws when they (or none, for `count` 0) go past the budget.
    private func charge(_ count: Int, to caller: UserID) throws {
        let now = clock.now()
        let start = now.addingTimeInterval(-Self.window)
        let outcome: (counted: Int, oldest: Date?) = misses.withLock { all in
            // Forget people whose misses all left the window, so the map holds only the last hour's.
            if all.count > 10_000 { all = all.filter { ($0.value.last ?? .distantPast) > start } }
            var recent = (all[caller] ?? []).drop { $0 <= start }
            recent.append(contentsOf: repeatElement(now, count: count))
            all[caller] = recent.isEmpty ? nil : Array(recent)
            return (recent.count, recent.first)
        }
        let over = count == 0 ? outcome.counted >= limit && limit > 0 : outcome.counted > limit
        if over {
            let wait = (outcome.oldest ?? now).addingTimeInterval(Self.window).timeIntervalSince(now)
            throw UnknownNamesExceeded(limit: limit, retryAfterSeconds: max(1, Int(wait.rounded(.up))))
        }
    }
}
