import CampusCalICalendar
import Foundation

/// The disclosure log (FERPA §99.32): every release of a person's data to anyone but that person.
/// People read their own entries; administrators read everyone's.
public struct DisclosureLog: Sendable {
    public let store: any DisclosureStore
    private let clock: any TimeSource

    public init(store: any DisclosureStore, clock: any TimeSource = SystemTimeSource()) {
        self.store = store
        self.clock = clock
    }

    /// One entry per person in `counts` (person → records released), all logged in one transaction.
    /// People with no records in the release are not logged: nothing of theirs left.
    @discardableResult
    public func record(
        recipientID: String, recipient: String, purpose: String, categories: Set<DataCategory>, counts: [UserID: Int],
        basis: (UserID) -> DisclosureBasis, requestedBy: UserID?
    ) async throws -> [Disclosure] {
        let now = clock.now()
        let entries = counts.filter { $0.value > 0 }.sorted { $0.key.rawValue < $1.key.rawValue }.map { user, count in
            Disclosure(
                id: DisclosureID(rawValue: RandomUUID.text()), userID: user, recipientID: recipientID, recipient: recipient,
                purpose: purpose, categories: categories, basis: basis(user), recordCount: count, requestedBy: requestedBy, disclosedAt: now)
        }
        if !entries.isEmpty { try await store.record(entries) }
        return entries
    }

    /// The caller's own entries, newest first.
    public func entries(of caller: User, after cursor: String?, limit: Int) async throws -> Page<Disclosure> {
        try await store.disclosures(of: caller.id, after: cursor, limit: limit)
    }

    /// Everyone's entries (or one person's), for administrators.
    public func allEntries(for caller: User, of user: UserID?, after cursor: String?, limit: Int) async throws -> Page<Disclosure> {
        if case .forbid(let reason) = AccessPolicy.decideAdministration(caller, doing: "Reading everyone's disclosure log") {
            throw PrivacyError.forbidden(reason)
        }
        return try await store.disclosures(of: user, after: cursor, limit: limit)
    }
}
