import Foundation

/// A release about one person that needs their consent: checked just before, logged just after
/// (34 CFR §99.30, §99.32). `PrivacyGate.discloseWithConsent` and the LMS sync both go through it,
/// so there is one definition of "consented and logged".
public struct ConsentedDisclosure: Sendable {
    public let consents: ConsentService
    public let log: DisclosureLog

    public init(consents: ConsentService, log: DisclosureLog) {
        self.consents = consents
        self.log = log
    }

    /// Runs `release` — which hands the person's data to the agreement's recipient and returns how
    /// many records went — only while the person's current consent covers `categories`, then logs it.
    /// Without consent: `PrivacyError.consentRequired`, and nothing leaves. If `release` throws, nothing is logged.
    public func disclose<Result: Sendable>(
        of user: UserID, to agreementID: String, categories: Set<DataCategory>, requestedBy: UserID? = nil,
        _ release: () async throws -> (result: Result, recordCount: Int)
    ) async throws -> Result {
        let consent = try await consents.requireConsent(of: user, to: agreementID, covering: categories)
        let (result, recordCount) = try await release()
        try await log.record(
            recipientID: agreementID, recipient: consent.recipient, purpose: consent.purpose, categories: categories,
            counts: [user: recordCount], basis: { _ in .consent(consent.id) }, requestedBy: requestedBy)
        return result
    }
}
