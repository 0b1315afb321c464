import CampusCalCore
import Crypto
import Foundation
import Synchronization

/// What a plugin receives about people (FERPA): the privacy module's answer for event hooks and panels.
///
/// - The person is a record code for that plugin (`RecordCodes`, recipient = the plugin's id), the
///   item an item code made the same way: stable for the plugin, useless for joining with any other.
/// - A username is added only for a plugin whose manifest grants `identities`, only about a person
///   whose current consent to the agreement named after the plugin's id covers identity and the
///   item's category — and each such release is written to the disclosure log, with its basis.
/// - Nothing else: no titles, notes or exact times (free text can name people).
public struct PluginPrivacy: PluginDataGate {
    let users: any UserStore
    let consents: ConsentService
    let log: DisclosureLog
    private let secret: @Sendable () throws -> [UInt8]
    /// The codes' key, read once: every change passed to every plugin needs it, and the secret never
    /// changes while the server runs (reading it each time cost a database transaction per hook).
    private let codes = CachedRecordCodes()
    /// Record codes given to plugins, and whose they are: how a plugin's `notify` finds the person.
    private let issued = IssuedCodes()

    public init(users: any UserStore, consents: ConsentService, log: DisclosureLog, secret: @escaping @Sendable () throws -> [UInt8]) {
        self.users = users
        self.consents = consents
        self.log = log
        self.secret = secret
    }

    public func itemChange(_ change: ItemChange, for plugin: PluginManifest) async throws -> PluginItemChange? {
        let category = change.item.category
        guard plugin.permissions.data.contains(category) else { return nil }
        let codes = try recordCodes()
        var username: String?
        var period = 0
        if plugin.permissions.identities {
            // Only a plugin that may be given names has codes that rotate with consent (issue #27).
            period = try await consents.consentPeriod(of: change.ownerID, to: plugin.id)
        }
        if plugin.permissions.identities, let consent = try await consent(of: change.ownerID, to: plugin, covering: [.identity, category]) {
            username = try await users.credentials(id: change.ownerID)?.user.username
            if username != nil {
                try await log.record(
                    recipientID: plugin.id, recipient: plugin.name, purpose: "The plugin \(plugin.name) (\(plugin.id))",
                    categories: [.identity, category], counts: [change.ownerID: 1], basis: { _ in .consent(consent.id) }, requestedBy: nil)
            }
        }
        // Beside a name, a code of its own: never the one its de-identified changes carry, before or after.
        let subject = codes.code(for: change.ownerID, recipient: plugin.id, period: period, identified: username != nil)
        issued.remember(subject, of: change.ownerID, plugin: plugin.id)
        return PluginItemChange(
            kind: change.kind.rawValue, item: change.item.rawValue, subject: subject,
            itemCode: codes.code(for: UserID(rawValue: "item:" + change.itemID), recipient: plugin.id, prefix: "ic_"),
            priority: change.priority.map(Self.abiPriority) ?? 0, onTime: change.onTime, username: username)
    }

    public func notification(_ notice: Notice, for plugin: PluginManifest) async throws -> PluginNotification? {
        guard plugin.permissions.identities, let consent = try await consent(of: notice.userID, to: plugin, covering: [.identity]),
            let username = try await users.credentials(id: notice.userID)?.user.username
        else { return nil }
        try await log.record(
            recipientID: plugin.id, recipient: plugin.name, purpose: "Notifications through \(plugin.name) (\(plugin.id))",
            categories: consent.categories, counts: [notice.userID: 1], basis: { _ in .consent(consent.id) }, requestedBy: nil)
        let subject = try recordCodes().code(
            for: notice.userID, recipient: plugin.id, period: try await consents.consentPeriod(of: notice.userID, to: plugin.id), identified: true)
        issued.remember(subject, of: notice.userID, plugin: plugin.id)
        return PluginNotification(
            subject: subject, username: username, kind: notice.kind.rawValue,
            title: notice.title, body: notice.body, link: notice.link, createdAt: notice.createdAt)
    }

    public func subject(of user: UserID, for plugin: PluginManifest) async throws -> String {
        let period = plugin.permissions.identities ? try await consents.consentPeriod(of: user, to: plugin.id) : 0
        let subject = try recordCodes().code(for: user, recipient: plugin.id, period: period)
        issued.remember(subject, of: user, plugin: plugin.id)
        return subject
    }

    /// An export or import is a request of someone who may read (or write) the calendar, so it needs
    /// no consent; it is logged all the same, in the calendar owner's log, because the plugin is a
    /// third party that saw the events' titles and notes.
    public func fileConversion(of owner: UserID, requestedBy requester: UserID, records: Int, by plugin: PluginManifest, exporting: Bool)
        async throws
    {
        guard plugin.permissions.data.contains(.events) else {
            throw PluginError.unsupported("\(plugin.id) may not receive events (its manifest's data permission lacks \"events\")")
        }
        let purpose =
            exporting ? "Export of a calendar through \(plugin.name) (\(plugin.id))" : "Import of a file through \(plugin.name) (\(plugin.id))"
        try await log.record(
            recipientID: plugin.id, recipient: plugin.name, purpose: purpose, categories: [.events], counts: [owner: max(records, 1)],
            basis: { _ in .legal(owner == requester ? "the person's own request" : "the request of someone the calendar is shared with") },
            requestedBy: requester)
    }

    public func mayReadEvents(of user: UserID, for plugin: PluginManifest) async throws -> Bool {
        guard plugin.permissions.identities, plugin.permissions.data.contains(.events) else { return false }
        return try await consent(of: user, to: plugin, covering: [.identity, .events]) != nil
    }

    public func eventsRead(of user: UserID, count: Int, by plugin: PluginManifest) async throws {
        guard count > 0, let consent = try await consent(of: user, to: plugin, covering: [.identity, .events]) else { return }
        try await log.record(
            recipientID: plugin.id, recipient: plugin.name, purpose: "The plugin \(plugin.name) (\(plugin.id)) read your events",
            categories: [.identity, .events], counts: [user: count], basis: { _ in .consent(consent.id) }, requestedBy: nil)
    }

    /// Codes given out since the server started are remembered; any other (a plugin that kept a code
    /// across a restart) is looked for among all accounts, at most once a minute per plugin — a code
    /// cannot be reversed, only recomputed (≈ 2 µs an account: 0.1 s for 45,000).
    public func person(withSubject subject: String, for plugin: PluginManifest) async throws -> UserID? {
        if let known = issued.person(subject, plugin: plugin.id) { return known }
        guard issued.mayScan(plugin: plugin.id) else { return nil }
        let codes = try recordCodes()
        let periods = plugin.permissions.identities ? try await consents.consentPeriods(to: plugin.id) : [:]
        var after: String?
        while true {
            let page = try await users.users(after: after, limit: 1000)
            for user in page
            where [false, true].contains(where: {
                codes.code(for: user.id, recipient: plugin.id, period: periods[user.id] ?? 0, identified: $0) == subject
            }) {
                issued.remember(subject, of: user.id, plugin: plugin.id)
                return user.id
            }
            guard page.count == 1000, let last = page.last else { return nil }
            after = last.username
        }
    }

    /// The person's current consent to the plugin's agreement covering `categories`; nil when there
    /// is none (or no agreement is configured under the plugin's id).
    private func consent(of user: UserID, to plugin: PluginManifest, covering categories: Set<DataCategory>) async throws -> Consent? {
        do {
            return try await consents.requireConsent(of: user, to: plugin.id, covering: categories)
        } catch is PrivacyError {
            return nil
        }
    }

    private func recordCodes() throws -> RecordCodes {
        if let known = codes.value.withLock({ $0 }) { return known }
        guard let made = RecordCodes(secret: try secret()) else { throw PrivacyGate.RecordCodesError.secretTooShort }
        codes.value.withLock { $0 = made }
        return made
    }

    private static func abiPriority(_ priority: TaskPriority) -> Int {
        switch priority {
        case .high: 1
        case .medium: 2
        case .low: 3
        }
    }
}

/// Holds the record codes once made (a class, so the struct `PluginPrivacy` can share one).
private final class CachedRecordCodes: Sendable {
    let value = Mutex<RecordCodes?>(nil)
}

/// Which person each record code given to a plugin stands for. Bounded: past `limit` codes it
/// starts afresh (and `person(withSubject:)` falls back to recomputing).
private final class IssuedCodes: Sendable {
    static let limit = 200_000
    private let state = Mutex<(codes: [String: UserID], scans: [String: ContinuousClock.Instant])>(([:], [:]))

    func remember(_ code: String, of user: UserID, plugin: String) {
        state.withLock { state in
            if state.codes.count >= Self.limit { state.codes.removeAll() }
            state.codes[plugin + " " + code] = user
        }
    }

    func person(_ code: String, plugin: String) -> UserID? {
        state.withLock { $0.codes[plugin + " " + code] }
    }

    /// Whether a scan of all accounts for `plugin` may run now (one a minute at most).
    func mayScan(plugin: String) -> Bool {
        let now = ContinuousClock.now
        return state.withLock { state in
            if let last = state.scans[plugin], now - last < .seconds(60) { return false }
            state.scans[plugin] = now
            return true
        }
    }
}
