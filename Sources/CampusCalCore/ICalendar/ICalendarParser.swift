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

    /// Reads `text`.
    public static func parse(_ text: String) -> ICalendarDocument {
        parse(bytes: Array(text.utf8))
    }

    /// Reads raw bytes, which should be UTF-8; invalid sequences become U+FFFD and the first is reported.
    public static func parse(bytes: [UInt8]) -> ICalendarDocument {
        var issues: [ICalendarIssue] = []
        var reportedEncoding = false
        var roots: [ICalendarComponent] = []
        var stack: [ICalendarComponent] = []
        var ignoredBegins = 0

        func close(into roots: inout [ICalendarComponent], stack: inout [ICalendarComponent]) {
            let finished = stack.removeLast()
            if stack.isEmpty {
                roots.append(finished)
            } else {
                stack[stack.count - 1].components.append(finished)
            }
        }

        for logical in ICalendarContentLine.unfold(bytes) {
            if logical.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            // Checked after unfolding: a fold inside a UTF-8 sequence is the producer's sloppiness, not bad text.
            if !reportedEncoding, logical.bytes.contains(where: { $0 >= 0x80 }), String(validating: logical.bytes, as: UTF8.self) == nil {
                reportedEncoding = true
                issues.append(ICalendarIssue(line: logical.line, message: "not valid UTF-8; invalid bytes were replaced by U+FFFD"))
            }
            let parsed: ICalendarContentLine.Parsed
            switch ICalendarContentLine.parse(logical.bytes) {
            case .success(let value): parsed = value
            case .failure(let failure):
                issues.append(ICalendarIssue(line: logical.line, message: failure.message + "; line ignored"))
                continue
            }
            switch parsed.name {
            case "BEGIN":
                let name = parsed.value.trimmingCharacters(in: .whitespaces).uppercased()
                guard !name.isEmpty else {
                    issues.append(ICalendarIssue(line: logical.line, message: "BEGIN without a component name; line ignored"))
                    continue
                }
                guard stack.count < maximumDepth else {
                    ignoredBegins += 1
                    issues.append(
                        ICalendarIssue(line: logical.line, message: "components nested deeper than \(maximumDepth) levels; BEGIN:\(name) ignored")
                    )
                    continue
                }
                stack.append(ICalendarComponent(name: name, line: logical.line))
            case "END":
                let name = parsed.value.trimmingCharacters(in: .whitespaces).uppercased()
                guard let depth = stack.lastIndex(where: { $0.name == name }) else {
                    if ignoredBegins > 0 {
                        ignoredBegins -= 1
                    } else if let top = stack.last {
                        issues.append(
                            ICalendarIssue(
                                line: logical.line, message: "END:\(name) does not match BEGIN:\(top.name) (line \(top.line ?? 0)); ignored")
                        )
                    } else {
                        issues.append(ICalendarIssue(line: logical.line, message: "END:\(name) without a matching BEGIN; ignored"))
                    }
                    continue
                }
                while stack.count > depth + 1 {
                    let open = stack[stack.count - 1]
                    issues.append(
                        ICalendarIssue(
                            line: open.line,
                            message: "BEGIN:\(open.name) has no END; closed by END:\(name) at line \(logical.line)"
                        )
                    )
                    close(into: &roots, stack: &stack)
                }
                close(into: &roots, stack: &stack)
            default:
                guard !stack.isEmpty else {
                    issues.append(ICalendarIssue(line: logical.line, message: "property \(parsed.name) outside any component; ignored"))
                    continue
                }
                stack[stack.count - 1].properties.append(
                    ICalendarProperty(name: parsed.name, parameters: parsed.parameters, value: parsed.value, line: logical.line)
                )
            }
        }
        while let open = stack.last {
            issues.append(ICalendarIssue(line: open.line, message: "BEGIN:\(open.name) has no END; closed at the end of the input"))
            close(into: &roots, stack: &stack)
        }
        if roots.isEmpty && issues.isEmpty {
            issues.append(ICalendarIssue(line: nil, message: "no components found"))
        }
        return ICalendarDocument(components: roots, issues: issues)
    }
}
