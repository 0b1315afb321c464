import CampusCalCore
import Foundation

/// A disclosure agreement, with where the caller stands on it.
struct AgreementRepresentation: Encodable {
    var id: String
    var version: Int
    var recipient: String
    var purpose: String
    var categories: [String]
    var text: String
    /// `agreed` (a current consent stands), `pending` (never agreed, withdrawn, or an older version agreed).
    var status: String
    /// The standing consent, when there is one.
    var consentId: String?

    init(_ agreement: DisclosureAgreement, consents: [Consent]) {
        id = agreement.id
        version = agreement.version
        recipient = agreement.recipient
        purpose = agreement.purpose
        categories = agreement.categories.sorted().map(\.rawValue)
        text = agreement.text
        let standing = consents.first { $0.isCurrent(for: agreement) }
        status = standing == nil ? "pending" : "agreed"
        consentId = standing?.id.rawValue
    }

    private enum CodingKeys: String, CodingKey { case id, version, recipient, purpose, categories, text, status, consentId }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(version, forKey: .version)
        try container.encode(recipient, forKey: .recipient)
        try container.encode(purpose, forKey: .purpose)
        try container.encode(categories, forKey: .categories)
        try container.encode(text, forKey: .text)
        try container.encode(status, forKey: .status)
        try container.encode(consentId, forKey: .consentId)
    }
}

/// A consent record.
struct ConsentRepresentation: Encodable {
    var id: String
    var agreementId: String
    var agreementVersion: Int
    var recipient: String
    var purpose: String
    var categories: [String]
    var agreedAt: Date
    var withdrawnAt: Date?

    init(_ consent: Consent) {
        id = consent.id.rawValue
        agreementId = consent.agreementID
        agreementVersion = consent.agreementVersion
        recipient = consent.recipient
        purpose = consent.purpose
        categories = consent.categories.sorted().map(\.rawValue)
        agreedAt = consent.agreedAt
        withdrawnAt = consent.withdrawnAt
    }

    private enum CodingKeys: String, CodingKey { case id, agreementId, agreementVersion, recipient, purpose, categories, agreedAt, withdrawnAt }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(agreementId, forKey: .agreementId)
        try container.encode(agreementVersion, forKey: .agreementVersion)
        try container.encode(recipient, forKey: .recipient)
        try container.encode(purpose, forKey: .purpose)
        try container.encode(categories, forKey: .categories)
        try container.encode(agreedAt, forKey: .agreedAt)
        try container.encode(withdrawnAt, forKey: .withdrawnAt)
    }
}

/// An entry of the disclosure log.
struct DisclosureRepresentation: Encodable {
    var id: String
    var userId: String
    var recipientId: String
    var recipient: String
    var purpose: String
    var categories: [String]
    /// `consent`, `de-identified` or `legal`.
    var basis: String
    var consentId: String?
    var legalBasis: String?
    var recordCount: Int
    var requestedBy: String?
    var disclosedAt: Date

    init(_ entry: Disclosure) {
        id = entry.id.rawValue
        userId = entry.userID.rawValue
        recipientId = entry.recipientID
        recipient = entry.recipient
        purpose = entry.purpose
        categories = entry.categories.sorted().map(\.rawValue)
        basis = entry.basis.kind
        switch entry.basis {
        case .consent(let id): consentId = id.rawValue
        case .legal(let why): legalBasis = why
        case .deidentified: break
        }
        recordCount = entry.recordCount
        requestedBy = entry.requestedBy?.rawValue
        disclosedAt = entry.disclosedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, userId, recipientId, recipient, purpose, categories, basis, consentId, legalBasis, recordCount, requestedBy, disclosedAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(userId, forKey: .userId)
        try container.encode(recipientId, forKey: .recipientId)
        try container.encode(recipient, forKey: .recipient)
        try container.encode(purpose, forKey: .purpose)
        try container.encode(categories, forKey: .categories)
        try container.encode(basis, forKey: .basis)
        try container.encode(consentId, forKey: .consentId)
        try container.encode(legalBasis, forKey: .legalBasis)
        try container.encode(recordCount, forKey: .recordCount)
        try container.encode(requestedBy, forKey: .requestedBy)
        try container.encode(disclosedAt, forKey: .disclosedAt)
    }
}

/// The record of a deleted account.
struct AccountDeletionRepresentation: Encodable {
    var id: String
    var userId: String
    var requestedBy: String?
    var deletedAt: Date
    var counts: [String: Int]

    init(_ deletion: AccountDeletion) {
        id = deletion.id
        userId = deletion.userID.rawValue
        requestedBy = deletion.requestedBy?.rawValue
        deletedAt = deletion.deletedAt
        counts = deletion.counts
    }

    private enum CodingKeys: String, CodingKey { case id, userId, requestedBy, deletedAt, counts }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(userId, forKey: .userId)
        try container.encode(requestedBy, forKey: .requestedBy)
        try container.encode(deletedAt, forKey: .deletedAt)
        try container.encode(counts, forKey: .counts)
    }
}
