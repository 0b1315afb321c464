import Foundation

/// A disclosure agreement: the text a person agrees to before their data goes to one recipient
/// (34 CFR §99.30). Administrators write them (by default as files in `config/agreements/`);
/// changing the text means raising `version`, and consents to an older version no longer count.
public struct DisclosureAgreement: Sendable, Equatable {
    /// The recipient's id, which is also the agreement's: `ilearn-sync`, a plugin id, a study's id.
    public var id: String
    /// Raised with every change of the text; consent is to one version.
    public var version: Int
    /// Who receives the data, as people read it: "I-Learn (D2L Brightspace) sync".
    public var recipient: String
    /// Why they receive it.
    public var purpose: String
    /// What they receive.
    public var categories: Set<DataCategory>
    /// The agreement itself, shown in full before the person agrees.
    public var text: String

    public init(id: String, version: Int, recipient: String, purpose: String, categories: Set<DataCategory>, text: String) {
        self.id = id
        self.version = version
        self.recipient = recipient
        self.purpose = purpose
        self.categories = categories
        self.text = text
    }

    /// Recipient ids are short, lower-case and printable, so they are safe in URLs, logs and file names:
    /// `ilearn-sync`, `edu.example.sms-gateway`.
    public static func isValidRecipientID(_ id: String) -> Bool {
        guard (1...64).contains(id.count), let first = id.unicodeScalars.first, ("a"..."z").contains(first) || ("0"..."9").contains(first)
        else { return false }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "_" }
    }

    /// Every problem with an agreement as written, so an administrator fixes them all at once.
    public func problems() -> [String] {
        var problems: [String] = []
        if !Self.isValidRecipientID(id) {
            problems.append("id '\(id)' must be 1–64 characters of a–z, 0–9, '.', '-' or '_', starting with a letter or digit")
        }
        if version < 1 { problems.append("version must be 1 or more") }
        if recipient.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("recipient must name who receives the data") }
        if purpose.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("purpose must say why") }
        if categories.isEmpty { problems.append("categories must name at least one data category") }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems.append("text must not be empty") }
        return problems
    }
}
