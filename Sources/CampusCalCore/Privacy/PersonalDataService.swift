import CampusCalICalendar
import Foundation

/// A person's right to their data (FERPA §99.10, SRS 3.2.13.4) and to leave: everything held about
/// them, and deleting the account.
public struct PersonalDataService: Sendable {
    public let store: any PersonalDataStore
    private let users: any UserStore
    private let log: DisclosureLog
    private let clock: any TimeSource

    public init(store: any PersonalDataStore, users: any UserStore, log: DisclosureLog, clock: any TimeSource = SystemTimeSource()) {
        self.store = store
        self.users = users
        self.log = log
        self.clock = clock
    }

    /// The caller's own records.
    public func records(of caller: User) async throws -> [PersonalRecordSet] { try await store.records(of: caller.id) }

    /// A person's records, fetched by an administrator on the person's request. It is a disclosure to
    /// someone other than the person, so it is logged with the reason given.
    public func records(of subject: UserID, forAdministrator caller: User, reason: String) async throws -> (User, [PersonalRecordSet]) {
        if case .forbid(let why) = AccessPolicy.decideAdministration(caller, doing: "Exporting another person's data") {
            throw PrivacyError.forbidden(why)
        }
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (3...500).contains(reason.count) else {
            throw PrivacyError.invalid(
                ValidationIssue(
                    field: "reason", code: "reason.required",
                    message: "Say why you export this person's data (3–500 characters, e.g. \"student's request of 2026-11-20, ticket 4411\")."))
        }
        guard let subjectUser = try await users.credentials(id: subject)?.user else { throw AccountError.userNotFound }
        let sets = try await store.records(of: subject)
        try await log.record(
            recipientID: "administrator", recipient: "\(caller.displayName) (administrator)", purpose: reason,
            categories: Set(DataCategory.allCases), counts: [subject: sets.reduce(0) { $0 + $1.records.count }],
            basis: { _ in .legal("the student's right to inspect their records (34 CFR §99.10), fulfilled by an administrator") },
            requestedBy: caller.id)
        return (subjectUser, sets)
    }

    /// Deletes the caller's own account.
    public func deleteOwnAccount(_ caller: User) async throws -> AccountDeletion {
        try await delete(caller.id, requestedBy: nil)
    }

    /// Deletes someone's account on an administrator's order (logged with the administrator's id).
    public func deleteAccount(_ subject: UserID, byAdministrator caller: User) async throws -> AccountDeletion {
        if case .forbid(let why) = AccessPolicy.decideAdministration(caller, doing: "Deleting a person's account") {
            throw PrivacyError.forbidden(why)
        }
        return try await delete(subject, requestedBy: subject == caller.id ? nil : caller.id)
    }

    /// The last administrator cannot go: nobody could administer the server after.
    private func delete(_ subject: UserID, requestedBy: UserID?) async throws -> AccountDeletion {
        guard let user = try await users.credentials(id: subject)?.user else { throw AccountError.userNotFound }
        if user.role == .admin, try await users.count(role: .admin) <= 1 {
            throw PrivacyError.invalid(
                ValidationIssue(
                    field: "account", code: "last-admin",
                    message: "This is the only administrator account; make another person an administrator before deleting it."))
        }
        return try await store.deleteAccount(subject, requestedBy: requestedBy, at: clock.now())
    }

    public func deletions(for caller: User, after cursor: String?, limit: Int) async throws -> Page<AccountDeletion> {
        if case .forbid(let why) = AccessPolicy.decideAdministration(caller, doing: "Reading the account-deletion log") {
            throw PrivacyError.forbidden(why)
        }
        return try await store.deletions(after: cursor, limit: limit)
    }
}
