import Foundation

/// Consent records (FERPA §99.30).
public protocol ConsentStore: Sendable {
    func insert(_ consent: Consent) async throws
    /// Every consent of the person, withdrawn ones too, newest first.
    func consents(of user: UserID) async throws -> [Consent]
    /// Sets `withdrawnAt` unless already set; returns the record as it now is (nil: no such consent of this person).
    func withdraw(_ id: ConsentID, of user: UserID, at date: Date) async throws -> Consent?
    /// The standing (not withdrawn) consents to one agreement version, by person.
    func standingConsents(to agreementID: String, version: Int) async throws -> [UserID: Consent]
    /// Per person, how many times their consent to `agreementID` (any version) changed: one for
    /// each consent given, one more for each withdrawn. People who never consented are absent (0).
    func consentChanges(to agreementID: String) async throws -> [UserID: Int]
}

/// The disclosure log (FERPA §99.32). Entries are only ever added.
public protocol DisclosureStore: Sendable {
    /// Adds the entries in one transaction: a release is logged whole or not at all.
    func record(_ disclosures: [Disclosure]) async throws
    /// Newest first; `user` nil: everyone's.
    func disclosures(of user: UserID?, after cursor: String?, limit: Int) async throws -> Page<Disclosure>
}

/// A person's data as stored, for the export and for deleting the account.
public protocol PersonalDataStore: Sendable {
    /// Every stored record about the person, kind by kind.
    func records(of user: UserID) async throws -> [PersonalRecordSet]
    /// Deletes the account and everything that is the person's alone, hands their groups on to the
    /// longest-standing member (or deletes groups nobody else is in), and records the deletion —
    /// all in one transaction.
    func deleteAccount(_ user: UserID, requestedBy: UserID?, at date: Date) async throws -> AccountDeletion
    /// The deletion records, newest first.
    func deletions(after cursor: String?, limit: Int) async throws -> Page<AccountDeletion>
}

/// What each third-party recipient has been given, so that no later release, combined with the
/// earlier ones, says more about anyone than each did alone (issue #27): for each de-identified
/// record, how coarse each of its fields went out (a later release of the item is never finer);
/// for each aggregate cell, the count that went out (a later count that differs by fewer than the
/// minimum cell size is withheld, or subtraction would reveal the few who changed).
public protocol ReleaseLedgerStore: Sendable {
    /// Every entry of `recipient`, by key.
    func entries(recipient: String) async throws -> [String: String]
    /// The entries of `recipient` among `keys` (a release reads its floors a batch of students at
    /// a time: a recipient given a whole campus before has millions).
    func entries(recipient: String, keys: [String]) async throws -> [String: String]
    /// Adds or replaces entries of `recipient`, in one transaction.
    func record(recipient: String, entries: [String: String], at date: Date) async throws
}
