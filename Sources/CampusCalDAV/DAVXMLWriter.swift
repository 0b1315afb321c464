/// Writes `DAVElement` trees as XML text: the well-known namespaces under fixed prefixes declared
/// once on the root (`d:`, `c:`, `cs:`, `ical:`), any other namespace declared where it is used.
public enum DAVXMLWriter {
    static let prefixes: [(namespace: String, prefix: String)] = [
        (DAVName.davNamespace, "d"), (DAVName.calDAVNamespace, "c"), (DAVName.calendarServerNamespace, "cs"),
        (DAVName.appleICalNamespace, "ical"),
    ]

    /// The document: the XML declaration, then `root`.
    public static func document(_ root: DAVElement) -> String {
        var output = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
        write(root, into: &output, isRoot: true)
        return output
    }

    private static func write(_ element: DAVElement, into output: inout String, isRoot: Bool) {
        let known = prefixes.first { $0.namespace == element.name.namespace }?.prefix
        let tag = known.map { "\($0):\(element.name.local)" } ?? element.name.local
        output += "<" + tag
        if isRoot {
            for (namespace, prefix) in prefixes { output += " xmlns:\(prefix)=\"\(escaped(namespace, attribute: true))\"" }
        }
        // An unknown namespace (a property a client asked for that we do not have) is the default one on its element.
        if known == nil { output += " xmlns=\"\(escaped(element.name.namespace, attribute: true))\"" }
        for (key, value) in element.attributes.sorted(by: { $0.key < $1.key }) {
            output += " \(key)=\"\(escaped(value, attribute: true))\""
        }
        if element.children.isEmpty && element.text.isEmpty {
            output += "/>"
            return
        }
        output += ">" + escaped(element.text, attribute: false)
        for child in element.children { write(child, into: &output, isRoot: false) }
        output += "</" + tag + ">"
    }

    /// Text as XML character data: markup escaped, and the characters XML 1.0 cannot carry at all
    /// (C0 controls but tab and line breaks) dropped rather than making the document unreadable.
    static func escaped(_ text: String, attribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\r": result += "&#13;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
