import CampusCalCore
import Foundation

/// Disclosure agreements as administrators write them: one TOML file per recipient in
/// `privacy.agreements_directory`, e.g. `config/agreements/ilearn-sync.toml`:
///
/// ```toml
/// id = "ilearn-sync"
/// version = 1
/// recipient = "I-Learn (D2L Brightspace) sync"
/// purpose = "Import your courses, assignments, due dates, grades and feedback"
/// categories = ["identity", "courses", "tasks", "grades"]
/// text = """ … """
/// ```
enum AgreementFiles {
    /// Every agreement in `directory`, checked; a missing directory holds none.
    static func load(directory: String) throws -> [DisclosureAgreement] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var agreements: [DisclosureAgreement] = []
        var files: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".toml") {
            let path = (directory as NSString).appendingPathComponent(name)
            let agreement = try read(path)
            if let other = files[agreement.id] {
                throw ConfigurationError(description: "\(path): agreement id '\(agreement.id)' is already used by \(other).")
            }
            files[agreement.id] = path
            agreements.append(agreement)
        }
        return agreements
    }

    static func read(_ path: String) throws -> DisclosureAgreement {
        let values = try ConfigurationLoader.readTOML(path)
        let known: Set<String> = ["id", "version", "recipient", "purpose", "categories", "text"]
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw ConfigurationError(description: "\(path): unknown key '\(unknown)'; an agreement has \(known.sorted().joined(separator: ", ")).")
        }
        let categoryNames = (values["categories"] ?? "").split(separator: "\n").map(String.init)
        let categories: Set<DataCategory>
        switch DataCategory.parse(categoryNames) {
        case .success(let parsed): categories = parsed
        case .failure(let error): throw ConfigurationError(description: "\(path): \(error.summary)")
        }
        let agreement = DisclosureAgreement(
            id: values["id"] ?? "", version: Int(values["version"] ?? "") ?? 0, recipient: values["recipient"] ?? "",
            purpose: values["purpose"] ?? "", categories: categories, text: values["text"] ?? "")
        let problems = agreement.problems()
        guard problems.isEmpty else { throw ConfigurationError(description: "\(path): " + problems.joined(separator: "; ") + ".") }
        return agreement
    }
}
