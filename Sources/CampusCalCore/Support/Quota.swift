import Foundation
import Synchronization

/// A per-person bound on how many of one kind of thing a person may hold (`ResourceLimits`),
/// enforced where the thing is made: calendars, LMS connections, groups, subscription feeds.
///
/// Counting and adding are one step per person: `admitting` runs one person's creations of this
/// kind one at a time, so two requests at once cannot both count 99 and both add the 100th and
/// 101st. The stores count and insert in separate transactions (their ports have no "insert if
/// fewer than"), hence the in-process turn-taking: exact for the server, which is the only
/// process that serves requests on a database (`ServerLock`). A CLI command making things at the
/// same moment could overshoot by what it makes; none of the CLI's commands makes these things.
public struct Quota: Sendable {
    /// What is counted, in the words a person reads.
    public enum Kind: String, Sendable {
        case calendars
        case lmsConnections
        case groups
        case feeds

        /// The setting that holds the limit (`[limits]` in `config/campuscal.toml`).
        public var setting: String {
            switch self {
            case .calendars: "limits.max_calendars_per_user"
            case .lmsConnections: "limits.max_lms_connections_per_user"
            case .groups: "limits.max_groups_per_user"
            case .feeds: "limits.max_feeds_per_user"
            }
        }

        /// "own 100 calendars", "have 10 LMS connections".
        func holding(_ count: Int) -> String {
            switch self {
            case .calendars: "own \(count) calendar\(count == 1 ? "" : "s")"
            case .lmsConnections: "have \(count) LMS connection\(count == 1 ? "" : "s")"
            case .groups: "own \(count) group\(count == 1 ? "" : "s")"
            case .feeds: "have \(count) calendar subscription link\(count == 1 ? "" : "s")"
            }
        }

        var plural: String {
            switch self {
            case .calendars: "calendars"
            case .lmsConnections: "LMS connections"
            case .groups: "groups"
            case .feeds: "calendar subscription links"
            }
        }

        /// What the person can do about it.
        var remedy: String {
            switch self {
            case .calendars: "delete one you no longer use or ask an administrator."
            case .lmsConnections: "disconnect one you no longer use or ask an administrator."
            case .groups: "delete one you no longer use, hand one over to another member, or ask an administrator."
            case .feeds: "turn off the subscription link of a calendar you no longer share, or ask an administrator."
            }
        }
    }

    public let kind: Kind
    public let limit: Int
    private let turns = PerPersonTurns()

    public init(_ kind: Kind, limit: Int) {
        self.kind = kind
        self.limit = limit
    }

    /// Runs `make` when `owner` holds fewer than `limit`, as counted by `count` in the same turn;
    /// throws `QuotaExceeded` otherwise. `count` returns nil when `make` adds nothing new (a feed
    /// replaced by a new one), which is always let through.
    public func admitting<T>(_ owner: UserID, count: () async throws -> Int?, make: () async throws -> T) async throws -> T {
        try await turns.inTurn(of: owner) {
            if let held = try await count() { try check(held) }
            return try await make()
        }
    }

    /// Throws `QuotaExceeded` when someone holding `held` may not make another: an early answer
    /// before costly work (signing in at an LMS), which `admitting` confirms in turn.
    public func check(_ held: Int) throws {
        if held >= limit { throw QuotaExceeded(kind: kind, count: held, limit: limit) }
    }
}

/// A person already holds as many as the server allows: the answer is a 409 problem naming the
/// setting, with what to do.
public struct QuotaExceeded: Error, Sendable, Equatable {
    public var kind: Quota.Kind
    /// How many the person holds now.
    public var count: Int
    public var limit: Int

    public init(kind: Quota.Kind, count: Int, limit: Int) {
        self.kind = kind
        self.count = count
        self.limit = limit
    }

    /// "You already own 100 calendars, the most this server allows (limits.max_calendars_per_user);
    /// delete one you no longer use or ask an administrator."
    public var detail: String {
        if limit == 0 {
            return "This server does not allow people to make \(kind.plural) (\(kind.setting) is 0); ask an administrator."
        }
        return "You already \(kind.holding(count)), the most this server allows (\(kind.setting)); \(kind.remedy)"
    }
}

/// Lets one task per person at a time through: a waiting line per person, nothing for people
/// with no one waiting.
///
/// Why not an actor: an actor method awaiting the caller's work would let the next caller in at
/// that await (reentrancy); here the turn lasts until the work is done.
final class PerPersonTurns: Sendable {
    /// Person → those waiting behind the one whose turn it is (present while someone has the turn).
    private let lines = Mutex<[UserID: [CheckedContinuation<Void, Never>]]>([:])

    func inTurn<T>(of person: UserID, _ body: () async throws -> T) async throws -> T {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let now = lines.withLock { lines -> Bool in
                guard lines[person] != nil else {
                    lines[person] = []
                    return true
                }
                lines[person]!.append(turn)
                return false
            }
            if now { turn.resume() }
        }
        defer { passTurn(of: person) }
        return try await body()
    }

    private func passTurn(of person: UserID) {
        let next = lines.withLock { lines -> CheckedContinuation<Void, Never>? in
            guard var waiting = lines[person], !waiting.isEmpty else {
                lines[person] = nil
                return nil
            }
            let next = waiting.removeFirst()
            lines[person] = waiting
            return next
        }
        next?.resume()
    }
}
