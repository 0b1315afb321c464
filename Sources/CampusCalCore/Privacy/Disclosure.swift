import Foundation

/// The id of a disclosure-log entry.
public struct DisclosureID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// Why a release was allowed.
public enum DisclosureBasis: Sendable, Equatable {
    /// The person's consent (§99.30).
    case consent(ConsentID)
    /// Only de-identified data left the server (§99.31(b)): no consent needed, logged all the same.
    case deidentified
    /// A legal basis without consent, named (e.g. "student's own request under §99.10, run by an administrator").
    case legal(String)

    /// The name stored and shown: `consent`, `de-identified`, `legal`.
    public var kind: String {
        switch self {
        case .consent: "consent"
        case .deidentified: "de-identified"
        case .legal: "legal"
        }
    }
}

/// One entry of the disclosure log (34 CFR §99.32): one release of one person's data to someone
/// other than that person — who received it, what, why, on what basis, when, and how many records.
public struct Disclosure: Sendable, Equatable {
    public var id: DisclosureID
    /// Whose data was released.
    public var userID: UserID
    /// The recipient's id (`ilearn-sync`, a plugin id, `university`…) and name.
    public var recipientID: String
    public var recipient: String
    public var purpose: String
    public var categories: Set<DataCategory>
    public var basis: DisclosureBasis
    /// How many of the person's records the release held.
    public var recordCount: Int
    /// The person who asked for the release (an administrator), when one did.
    public var requestedBy: UserID?
    public var disclosedAt: Date

    public init(
        id: DisclosureID, userID: UserID, recipientID: String, recipient: String, purpose: String, categories: Set<DataCategory>,
        basis: DisclosureBasis, recordCount: Int, requestedBy: UserID? = nil, disclosedAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.recipientID = recipientID
        self.recipient = recipient
        self.purpose = purpose
        self.categories = categories
        self.basis = basis
        self.recordCount = recordCount
        self.requestedBy = requestedBy
        self.disclosedAt = disclosedAt
    }
}
