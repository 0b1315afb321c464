import Foundation

/// LMS descriptions and feedback come as HTML with entities (`<p>¡Buen trabajo!</p>`, `0&ndash;100`).
/// CampusCal stores plain text: tags become line breaks or nothing, entities their characters, and
/// what a browser would never show as text — scripts, style sheets, comments, the head — goes with
/// its contents (issue #32's review: a pasted `<style>` block became the assignment's description).
enum HTMLText {
    static func plain(_ html: String?) -> String? {
        guard var text = html, !text.isEmpty else { return nil }
        text = text.replacingOccurrences(of: #"<!--[\s\S]*?(-->|$)"#, with: "", options: [.regularExpression])
        text = text.replacingOccurrences(
            of: #"<\s*(script|style|head|template|noscript)\b[^>]*>[\s\S]*?(<\s*/\s*\1\s*>|$)"#, with: "",
            options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: #"<\s*(br|/p|/div|/li|/h[1-6])\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
        text = decodeEntities(text)
        text = text.replacingOccurrences(of: #"[ \t\x{00A0}]+"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\n\s*\n+"#, with: "\n", options: .regularExpression)
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// `&name;`, `&#123;` and `&#x7B;`; unknown names are left as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after.dropFirst()
                continue
            }
            let name = after[after.index(after: amp)..<semicolon]
            var decoded: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16) {
                decoded = Unicode.Scalar(code).map { String(Character($0)) }
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) {
                decoded = Unicode.Scalar(code).map { String(Character($0)) }
            } else {
                decoded = HTMLEntities.codepoints[String(name)].flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
            if let decoded {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after.dropFirst()
            }
        }
        return result + rest
    }
}
