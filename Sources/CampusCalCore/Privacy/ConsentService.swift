import CampusCalICalendar
import Foundation

/// Disclosure agreements and people's consents to them (FERPA §99.30).
///
/// A consent counts while it is not withdrawn and is to the agreement's current version; raising an
/// agreement's version makes it pending again for everyone. Withdrawal takes effect at once: every
/// release asks `requireConsent` (or `standingConsents`) just before it happens.
public struct ConsentService: Sendable {
    public let consents: any ConsentStore
    private let agreementsByID: [String: DisclosureAgreement]
    private let clock: any TimeSource

    public init(agreements: [DisclosureAgreement], consents: any ConsentStore, clock: any TimeSource = SystemTimeSource()) {
        self.agreementsByID = Dictionary(agreements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.consents = consents
        self.clock = clock
    }

    /// Every configured agreement, by id.
    public var agreements: [DisclosureAgreement] { agreementsByID.values.sorted { $0.id < $1.id } }

    public func agreement(_ id: String) throws -> DisclosureAgreement {
        guard let agreement = agreementsByID[id] else { throw PrivacyError.unknownAgreement(id) }
        return agreement
    }

    /// The agreements the person has no current consent to (never agreed, withdrawn, or agreed to an older text).
    public func pending(for user: User) async throws -> [DisclosureAgreement] {
        let mine = try await consents.consents(of: user.id)
        return agreements.filter { agreement in !mine.contains { $0.isCurrent(for: agreement) } }
    }

    /// Records the person's consent to `version` of the agreement — which must be the current one,
    /// so nobody agrees to a text they were not shown. Agreeing again to the same version changes nothing.
    public func agree(_ user: User, to agreementID: String, version: Int) async throws -> Consent {
        let agreement = try agreement(agreementID)
        guard version == agreement.version else { throw PrivacyError.agreementChanged(agreementID: agreementID, current: agreement.version) }
        if let standing = try await consents.consents(of: user.id).first(where: { $0.isCurrent(for: agreement) }) { return standing }
        let consent = Consent(
            id: ConsentID(rawValue: RandomUUID.text()), userID: user.id, agreementID: agreement.id,
            agreementVersion: agreement.version, recipient: agreement.recipient, purpose: agreement.purpose,
            categories: agreement.categories, agreedAt: clock.now())
        try await consents.insert(consent)
        return consent
    }

    /// Withdraws one of the person's consents; withdrawing twice keeps the first date.
    public func withdraw(_ id: ConsentID, for user: User) async throws -> Consent {
        guard let consent = try await consents.withdraw(id, of: user.id, at: clock.now()) else { throw PrivacyError.consentNotFound }
        return consent
    }

    /// Withdraws whatever consent the person gave to one agreement (the "stop sharing with X" button).
    public func withdrawAll(to agreementID: String, for user: User) async throws -> [Consent] {
        var withdrawn: [Consent] = []
        for consent in try await consents.consents(of: user.id) where consent.agreementID == agreementID && consent.withdrawnAt == nil {
            if let done = try await consents.withdraw(consent.id, of: user.id, at: clock.now()) { withdrawn.append(done) }
        }
        return withdrawn
    }

    /// The person's consents, withdrawn ones too, newest first.
    public func consents(of user: User) async throws -> [Consent] { try await consents.consents(of: user.id) }

    /// The person's current consent to the agreement covering `categories`, or `PrivacyError.consentRequired`
    /// (which carries the agreement, so the client can show it and ask).
    public func requireConsent(of user: UserID, to agreementID: String, covering categories: Set<DataCategory>) async throws -> Consent {
        let agreement = try agreement(agreementID)
        guard categories.isSubset(of: agreement.categories) else {
            throw PrivacyError.invalid(
                ValidationIssue(
                    field: "categories", code: "categories.beyond-agreement",
                    message:
                        "The agreement '\(agreementID)' covers \(agreement.categories.sorted().map(\.rawValue).joined(separator: ", ")) only."
                ))
        }
        guard let consent = try await consents.consents(of: user).first(where: { $0.isCurrent(for: agreement) }) else {
            throw PrivacyError.consentRequired(agreement)
        }
        return consent
    }

    /// Everyone's current consent to the agreement, by person (for a release over many people).
    /// Per person, the number of the consent period they are in towards `agreementID` (how many
    /// times their consent to it changed): record codes rotate with it (issue #27).
    public func consentPeriods(to agreementID: String) async throws -> [UserID: Int] {
        try await consents.consentChanges(to: agreementID)
    }

    /// The consent period of one person towards `agreementID` (as `consentPeriods`, for one).
    public func consentPeriod(of user: UserID, to agreementID: String) async throws -> Int {
        try await consents.consents(of: user).filter { $0.agreementID == agreementID }.reduce(0) { $0 + ($1.withdrawnAt == nil ? 1 : 2) }
    }

    public func standingConsents(to agreementID: String) async throws -> [UserID: Consent] {
        let agreement = try agreement(agreementID)
        return try await consents.standingConsents(to: agreement.id, version: agreement.version)
    }
}
