import Foundation

/// Writes component trees as strict RFC 5545 text.
///
/// CRLF line ends; lines folded at 75 octets, never inside a UTF-8 sequence; parameter values
/// quoted when they contain `:`, `;` or `,` and RFC 6868-escaped when they contain `"`, `^` or
/// a newline. A `VCALENDAR` without `VERSION` or `PRODID` gets them, since every reader requires
/// them. Values are written as stored (they are kept escaped), so what was read is what is written.
public enum ICalendarSerializer {
    /// The PRODID written when a calendar has none.
    public static let defaultProductID = "-//CampusCal//CampusCal Calendar Server//EN"

    /// The maximum octets on one physical line, excluding CRLF (RFC 5545 §3.1).
    public static let lineLimit = 75

    /// Serialises `components` in order.
    public static func serialize(_ components: [ICalendarComponent]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        for component in components { write(component, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Serialises one component (normally a `VCALENDAR`).
    public static func serialize(_ component: ICalendarComponent) -> String { serialize([component]) }

    private static func write(_ component: ICalendarComponent, into out: inout [UInt8]) {
        appendFolded("BEGIN:" + component.name, into: &out)
        if component.name == "VCALENDAR" {
            if component.property("VERSION") == nil { appendFolded("VERSION:2.0", into: &out) }
            if component.property("PRODID") == nil { appendFolded("PRODID:" + defaultProductID, into: &out) }
        }
        for property in component.properties { appendFolded(contentLine(property), into: &out) }
        for child in component.components { write(child, into: &out) }
        appendFolded("END:" + component.name, into: &out)
    }

    /// The unfolded content line for `property`.
    public static func contentLine(_ property: ICalendarProperty) -> String {
        var line = property.name
        for parameter in property.parameters {
            line += ";" + parameter.name + "="
            line += parameter.values.map(quoteParameterValue).joined(separator: ",")
        }
        line += ":"
        // A raw value cannot legally hold a line break; one set by code is escaped rather than
        // allowed to end the line early.
        if property.value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            line += property.value.replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
                .replacingOccurrences(of: "\r", with: "\\n")
        } else {
            line += property.value
        }
        return line
    }

    /// A parameter value as written: RFC 6868-escaped, and quoted if it holds `:`, `;` or `,`.
    static func quoteParameterValue(_ value: String) -> String {
        var needsQuotes = false
        var needsEscape = false
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: ","): needsQuotes = true
            case UInt8(ascii: "\""), UInt8(ascii: "^"), 0x0A, 0x0D: needsEscape = true
            default: break
            }
        }
        var result = value
        if needsEscape {
            result = result.replacingOccurrences(of: "^", with: "^^").replacingOccurrences(of: "\"", with: "^'")
                .replacingOccurrences(of: "\r\n", with: "^n").replacingOccurrences(of: "\n", with: "^n").replacingOccurrences(of: "\r", with: "^n")
        }
        return needsQuotes ? "\"" + result + "\"" : result
    }

    /// Appends `line` folded at `lineLimit` octets (continuations start with one space, which
    /// counts towards the limit), backing off so no UTF-8 sequence is split.
    static func appendFolded(_ line: String, into out: inout [UInt8]) {
        let bytes = Array(line.utf8)
        var start = 0
        var limit = lineLimit
        while bytes.count - start > limit {
            var end = start + limit
            // Do not cut before a continuation byte (10xxxxxx): move back to a sequence start.
            while end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            out.append(contentsOf: bytes[start..<end])
            out.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = end
            limit = lineLimit - 1
        }
        out.append(contentsOf: bytes[start...])
        out.append(contentsOf: [0x0D, 0x0A])
    }
}
