import Foundation

/// The id of a consent record.
public struct ConsentID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// A person's consent to one disclosure agreement (34 CFR §99.30): dated, naming the records
/// (categories), the purpose and the recipient, and the version of the text agreed to — copied
/// here, so the record still says what was agreed after the agreement changes.
public struct Consent: Sendable, Equatable {
    public var id: ConsentID
    public var userID: UserID
    public var agreementID: String
    public var agreementVersion: Int
    public var recipient: String
    public var purpose: String
    public var categories: Set<DataCategory>
    public var agreedAt: Date
    /// When it was withdrawn; nil while it stands. Withdrawal stops every later disclosure at once.
    public var withdrawnAt: Date?

    public init(
        id: ConsentID, userID: UserID, agreementID: String, agreementVersion: Int, recipient: String, purpose: String,
        categories: Set<DataCategory>, agreedAt: Date, withdrawnAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.agreementID = agreementID
        self.agreementVersion = agreementVersion
        self.recipient = recipient
        self.purpose = purpose
        self.categories = categories
        self.agreedAt = agreedAt
        self.withdrawnAt = withdrawnAt
    }

    /// Not withdrawn, and to the agreement's current version.
    public func isCurrent(for agreement: DisclosureAgreement) -> Bool {
        withdrawnAt == nil && agreementID == agreement.id && agreementVersion == agreement.version
    }
}
