/// One value of a stored record, as the store holds it (for the person's own data export).
public enum PersonalValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bytes([UInt8])
}

/// Every stored record of one kind about one person: the raw rows, so the export holds exactly
/// what the server keeps (FERPA §99.10: "inspect and review"), not a summary of it.
public struct PersonalRecordSet: Sendable {
    /// The file stem in the export, e.g. `events`.
    public var name: String
    /// What the records are, for the archive's README.
    public var about: String
    public var records: [[String: PersonalValue]]
    /// Fields left out because they are secrets that protect the person (password and token hashes).
    public var withheldFields: [String]

    public init(name: String, about: String, records: [[String: PersonalValue]], withheldFields: [String] = []) {
        self.name = name
        self.about = about
        self.records = records
        self.withheldFields = withheldFields
    }
}
