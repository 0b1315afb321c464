import Foundation

/// Reads iCalendar text into a component tree, tolerating what real feeds get wrong.
///
/// Tolerated silently: lower-case names, blank lines, a byte order mark, bare LF or CR line ends,
/// blanks around names. Tolerated with an issue: malformed lines (dropped), properties outside
/// any component (dropped), a missing `END` (closed at the end of the file or by an outer `END`),
/// an `END` that matches nothing (ignored), nesting deeper than `maximumDepth` (flattened).
/// Never throws, and runs in time linear in the input, whatever the input.
public enum ICalendarParser {
    /// How deep components may nest. Real files use three levels (VCALENDAR › VEVENT › VALARM);
    /// the bound keeps recursive consumers (the writer, mappers) safe from hostile input.
    public static let maximumDepth = 32

    /// What one read may hold, whatever the input: memory stays proportional to these, not to how
    /// cleverly a file is built. (A 2.4 MB file of one 1 MiB `BEGIN:` name and 200,000 unmatched
    /// `END:`s once made 200,000 issues quoting that name — hundreds of gigabytes; review H1.)
    public struct Limits: Sendable, Equatable {
        /// Bytes of one logical (unfolded) line kept; a longer line is reported and dropped.
        /// Real lines are short; the longest seen in the wild are inline attachments (ATTACH;ENCODING=BASE64).
        public var maximumLineBytes = 256 << 10
        /// Characters of a component name (`BEGIN:VEVENT`); RFC 5545 names are iana-tokens or x-names.
        public var maximumNameLength = 64
        /// Components read in all (events, alarms, time zones…); the rest of the input is not read.
        public var maximumComponents = 250_000
        /// Properties read in all; the rest of the input is not read.
        public var maximumProperties = 2_500_000
        /// `VEVENT`s read; the rest of the input is not read. Unbounded here: an importer sets its
        /// own (`limits.max_events_per_import`), so that a file over it is refused after reading
        /// that many, not after reading them all.
        public var maximumEvents = Int.max
        /// Problems listed; beyond them one line says how many more there were.
        public var maximumIssues = 1000

        public init() {}

        public static let standard = Limits()
    }

    /// Reads `text`.
    public static func parse(_ text: String, limits: Limits = .standard) -> ICalendarDocument {
        parse(bytes: Array(text.utf8), limits: limits)
    }

    /// Reads raw bytes, which should be UTF-8; invalid sequences become U+FFFD and the first is reported.
    public static func parse(bytes: [UInt8], limits: Limits = .standard) -> ICalendarDocument {
        var issues = ICalendarIssueList(maximum: limits.maximumIssues)
        var reportedEncoding = false
        var roots: [ICalendarComponent] = []
        var stack: [ICalendarComponent] = []
        var ignoredBegins = 0
        var components = 0
        var properties = 0
        var events = 0
        var truncated = false
        var stoppedAtEventLimit = false

        func close(into roots: inout [ICalendarComponent], stack: inout [ICalendarComponent]) {
            let finished = stack.removeLast()
            if stack.isEmpty {
                roots.append(finished)
            } else {
                stack[stack.count - 1].components.append(finished)
            }
        }

        for logical in ICalendarContentLine.unfold(bytes, maximumLineBytes: limits.maximumLineBytes) {
            if logical.isOverlong {
                issues.append(line: logical.line, "line longer than \(limits.maximumLineBytes) bytes; line ignored")
                continue
            }
            if logical.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            // Checked after unfolding: a fold inside a UTF-8 sequence is the producer's sloppiness, not bad text.
            if !reportedEncoding, logical.bytes.contains(where: { $0 >= 0x80 }), String(validating: logical.bytes, as: UTF8.self) == nil {
                reportedEncoding = true
                issues.append(line: logical.line, "not valid UTF-8; invalid bytes were replaced by U+FFFD")
            }
            let parsed: ICalendarContentLine.Parsed
            switch ICalendarContentLine.parse(logical.bytes) {
            case .success(let value): parsed = value
            case .failure(let failure):
                issues.append(line: logical.line, failure.message + "; line ignored")
                continue
            }
            switch parsed.name {
            case "BEGIN":
                let name = parsed.value.trimmingWhitespace().uppercased()
                guard !name.isEmpty else {
                    issues.append(line: logical.line, "BEGIN without a component name; line ignored")
                    continue
                }
                guard Self.isComponentName(name, maximumLength: limits.maximumNameLength) else {
                    // Counted like a nesting overflow, so that its END is skipped quietly too.
                    ignoredBegins += 1
                    issues.append(line: logical.line, "BEGIN:\(ICalendarIssue.excerpt(name)) is not a component name; component ignored")
                    continue
                }
                guard stack.count < maximumDepth else {
                    ignoredBegins += 1
                    issues.append(line: logical.line, "components nested deeper than \(maximumDepth) levels; BEGIN:\(name) ignored")
                    continue
                }
                components += 1
                guard components <= limits.maximumComponents else {
                    truncated = true
                    issues.append(line: logical.line, "more than \(limits.maximumComponents) components; the rest of the file was not read")
                    break
                }
                if name == "VEVENT" {
                    events += 1
                    guard events <= limits.maximumEvents else {
                        truncated = true
                        stoppedAtEventLimit = true
                        issues.append(line: logical.line, "more than \(limits.maximumEvents) events; the rest of the file was not read")
                        break
                    }
                }
                stack.append(ICalendarComponent(name: name, line: logical.line))
            case "END":
                let name = parsed.value.trimmingWhitespace().uppercased()
                guard let depth = stack.lastIndex(where: { $0.name == name }) else {
                    if ignoredBegins > 0 {
                        ignoredBegins -= 1
                    } else if let top = stack.last {
                        issues.append(
                            line: logical.line,
                            "END:\(ICalendarIssue.excerpt(name)) does not match BEGIN:\(top.name) (line \(top.line ?? 0)); ignored")
                    } else {
                        issues.append(line: logical.line, "END:\(ICalendarIssue.excerpt(name)) without a matching BEGIN; ignored")
                    }
                    continue
                }
                while stack.count > depth + 1 {
                    let open = stack[stack.count - 1]
                    issues.append(line: open.line, "BEGIN:\(open.name) has no END; closed by END:\(name) at line \(logical.line)")
                    close(into: &roots, stack: &stack)
                }
                close(into: &roots, stack: &stack)
            default:
                guard !stack.isEmpty else {
                    issues.append(line: logical.line, "property \(ICalendarIssue.excerpt(parsed.name)) outside any component; ignored")
                    continue
                }
                properties += 1
                guard properties <= limits.maximumProperties else {
                    truncated = true
                    issues.append(line: logical.line, "more than \(limits.maximumProperties) properties; the rest of the file was not read")
                    break
                }
                stack[stack.count - 1].properties.append(
                    ICalendarProperty(name: parsed.name, parameters: parsed.parameters, value: parsed.value, line: logical.line)
                )
            }
            if truncated { break }
        }
        while let open = stack.last {
            if !truncated { issues.append(line: open.line, "BEGIN:\(open.name) has no END; closed at the end of the input") }
            close(into: &roots, stack: &stack)
        }
        if roots.isEmpty && issues.isEmpty {
            issues.append(line: nil, "no components found")
        }
        var document = ICalendarDocument(components: roots, issues: issues.issues, omittedIssues: issues.dropped, isTruncated: truncated)
        document.stoppedAtEventLimit = stoppedAtEventLimit
        return document
    }

    /// Whether `name` (upper-cased) is an iana-token or x-name of at most `maximumLength` characters:
    /// letters, digits and dashes (underscores too, which some producers put in X- names).
    static func isComponentName(_ name: String, maximumLength: Int) -> Bool {
        var length = 0
        for byte in name.utf8 {
            length += 1
            if length > maximumLength { return false }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): continue
            default: return false
            }
        }
        return true
    }
}
