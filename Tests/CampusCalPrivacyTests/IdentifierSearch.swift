import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Searches third-party output for identifiers: exactly, ignoring case, and (the cohort lists them
/// too) the digit-only forms of phone numbers and student numbers.
///
/// The corpus is every key, string and number in the output, each distinct one once, one per line,
/// lower-cased: an identifier in the output is inside one of them. Lower-casing both sides makes
/// one search cover the exact and the case-insensitive form. C's `strstr` keeps 5,500 identifiers over
/// megabytes of output to well under a second, even in a debug build.
struct IdentifierSearch {
    private let corpus: [UInt8]

    init(jsonOutputs: [Data]) throws {
        var values: Set<String> = []
        func collect(_ node: Any) {
            switch node {
            case let object as [String: Any]:
                for (key, value) in object {
                    values.insert(key)
                    collect(value)
                }
            case let array as [Any]: array.forEach(collect)
            case let text as String: values.insert(text)
            case let number as NSNumber: values.insert(number.stringValue)
            default: break
            }
        }
        for output in jsonOutputs { collect(try JSONSerialization.jsonObject(with: output)) }
        // NUL-terminated for strstr; a NUL inside a value (JSON allows \u0000) becomes a line break.
        corpus = Array(values.sorted().joined(separator: "\n").lowercased().utf8).map { $0 == 0 ? 10 : $0 } + [0]
    }

    /// The identifiers found (each once).
    func hits(among identifiers: [String]) -> [String] {
        corpus.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { haystack in
                guard let text = haystack.baseAddress else { return [] }
                return identifiers.filter { identifier in
                    let needle = identifier.lowercased()
                    return !needle.isEmpty && needle.withCString { strstr(text, $0) != nil }
                }
            }
        }
    }
}
