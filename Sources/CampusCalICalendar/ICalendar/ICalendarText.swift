import Foundation

/// TEXT values (RFC 5545 §3.3.11): backslash escapes for `\`, `;`, `,` and newlines.
public enum ICalendarText {
    /// Escapes `text` for a TEXT value. CRLF and bare CR become `\n`, since a line break is one
    /// line break whichever platform typed it.
    public static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.unicodeScalars.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case ";": out.append(contentsOf: "\\;".unicodeScalars)
            case ",": out.append(contentsOf: "\\,".unicodeScalars)
            case "\r": out.append(contentsOf: "\\n".unicodeScalars)
            case "\n": if !previousWasCR { out.append(contentsOf: "\\n".unicodeScalars) }
            default: out.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return String(out)
    }

    /// Resolves escapes. Unknown escapes (`\x`) keep the character after the backslash, and a
    /// trailing lone backslash is kept, because producers get this wrong and the text still matters.
    public static func unescape(_ raw: String) -> String {
        guard raw.utf8.contains(UInt8(ascii: "\\")) else { return raw }
        var out = String.UnicodeScalarView()
        var iterator = raw.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                out.append(scalar)
                continue
            }
            guard let next = iterator.next() else {
                out.append(scalar)
                break
            }
            switch next {
            case "n", "N": out.append("\n")
            default: out.append(next)
            }
        }
        return String(out)
    }

    /// Splits a raw multi-valued TEXT (`CATEGORIES:a,b\,c`) on unescaped commas and unescapes each part.
    public static func splitList(_ raw: String) -> [String] {
        splitRaw(raw, separator: ",").map(unescape)
    }

    /// Splits a raw value on `separator` where it is not preceded by a backslash escape, without unescaping.
    static func splitRaw(_ raw: String, separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaped = false
        for character in raw {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == separator {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }
}
