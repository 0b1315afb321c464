import CampusCalCore
import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// bcrypt password hashing, run on NIO's blocking thread pool.
///
/// A cost-12 hash takes about 0.2 s of CPU. Running it on Swift's cooperative pool (two threads on
/// two cores) would stall every other request, so each hash or check is handed to `NIOThreadPool`.
public struct BcryptPasswordHasher: PasswordHashing {
    /// The cost the server requires in production (2^12 rounds).
    public static let minimumProductionCost: UInt8 = 12

    public let cost: UInt8
    private let threadPool: NIOThreadPool
    private let dummy: DummyHash

    /// - Parameters:
    ///   - cost: bcrypt cost factor, 4...31. Configuration refuses anything below 12; lower values are for tests.
    ///   - threadPool: where hashing runs; the process-wide NIO pool by default.
    public init(cost: UInt8 = BcryptPasswordHasher.minimumProductionCost, threadPool: NIOThreadPool = .singleton) {
        precondition((4...31).contains(cost), "bcrypt cost must be between 4 and 31")
        self.cost = cost
        self.threadPool = threadPool
        self.dummy = DummyHash(cost: cost)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await threadPool.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, against hash: String) async throws -> Bool {
        // A malformed stored hash is a failed login, not a crash.
        guard hash.hasPrefix("$2") else { return false }
        return try await threadPool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    public func verifyAgainstDummy(_ password: String) async {
        let hash = (try? await dummy.value(using: self)) ?? ""
        _ = try? await verify(password, against: hash)
    }
}

/// A hash of a random string at the configured cost, made once on first use, to spend the time of
/// a real check when the username does not exist.
private final class DummyHash: Sendable {
    private let cost: UInt8
    // Mutex makes the lazily computed value safe to share between concurrent logins.
    private let cached = Mutex<String?>(nil)

    init(cost: UInt8) { self.cost = cost }

    func value(using hasher: BcryptPasswordHasher) async throws -> String {
        if let value = cached.withLock({ $0 }) { return value }
        let value = try await hasher.hash(String(UInt64.random(in: .min ... .max), radix: 36))
        cached.withLock { $0 = $0 ?? value }
        return value
    }
}
