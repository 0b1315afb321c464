import Foundation

/// RFC 8288 `Link` headers as Canvas sends them: `<url>; rel="next",<url>; rel="last"`. Entries are
/// read by `rel`, never by position (`last` may be missing; the order is not promised).
enum LinkHeader {
    /// The URL of the entry whose `rel` includes `relation`.
    static func url(_ header: String?, rel relation: String) -> String? {
        guard let header else { return nil }
        for entry in header.split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let relations = parts.dropFirst().compactMap { parameter -> [Substring]? in
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { return nil }
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).split(separator: " ")
            }.flatMap { $0 }
            if relations.contains(where: { $0.lowercased() == relation }) { return String(target.dropFirst().dropLast()) }
        }
        return nil
    }
}
