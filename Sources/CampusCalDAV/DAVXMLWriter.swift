/// Writes `DAVElement` trees as XML: the well-known namespaces under fixed prefixes declared
/// once on the root (`d:`, `c:`, `cs:`, `ical:`), any other namespace declared where it is used.
///
/// Straight into UTF-8 bytes (`XMLOutput`): a phone's PROPFIND of a 1,000-event calendar is a
/// third of a megabyte of XML, and building it as a `String` scalar by scalar cost more than the
/// rest of the request (issue #29).
public enum DAVXMLWriter {
    static let prefixes: [(namespace: String, prefix: String)] = [
        (DAVName.davNamespace, "d"), (DAVName.calDAVNamespace, "c"), (DAVName.calendarServerNamespace, "cs"),
        (DAVName.appleICalNamespace, "ical"),
    ]

    /// The document: the XML declaration, then `root`.
    public static func document(_ root: DAVElement) -> String { String(decoding: documentBytes(root), as: UTF8.self) }

    /// The same document as UTF-8 bytes.
    public static func documentBytes(_ root: DAVElement) -> [UInt8] {
        var output = XMLOutput()
        output.startDocument(root: root.name, childrenFollow: !root.children.isEmpty || !root.text.isEmpty, attributes: root.attributes)
        guard !root.children.isEmpty || !root.text.isEmpty else { return output.bytes }
        output.appendEscaped(root.text, attribute: false)
        for child in root.children { output.append(child) }
        output.endElement(root.name)
        return output.bytes
    }

    /// The prefix a namespace is written with, when it is one of the four declared on the root.
    static func prefix(of namespace: String) -> String? {
        // By identity of the common case first: nearly every element a server writes is in DAV: or CalDAV.
        if namespace == DAVName.davNamespace { return "d" }
        if namespace == DAVName.calDAVNamespace { return "c" }
        return prefixes.first { $0.namespace == namespace }?.prefix
    }

    /// Text as XML character data: markup escaped, and the characters XML 1.0 cannot carry at all
    /// (C0 controls but tab and line breaks) dropped rather than making the document unreadable.
    static func escaped(_ text: String, attribute: Bool) -> String {
        var output = XMLOutput(capacity: text.utf8.count)
        output.appendEscaped(text, attribute: attribute)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}

/// An XML document being written, as UTF-8 bytes.
///
/// Text goes through `appendEscaped`, which copies runs that need no escaping as they are and
/// escapes byte by byte only where markup (`& < > "`), a carriage return (`&#13;`, which a reader
/// would otherwise fold into a line feed) or a character XML 1.0 cannot carry appears. Working on
/// bytes is exact: every byte such a character is made of is below 0x80, except U+FFFE and U+FFFF
/// (EF BF BE, EF BF BF), which are matched whole.
public struct XMLOutput: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The XML declaration and the root's start tag, declaring the four fixed prefixes; with
    /// `childrenFollow` false, the root is empty and closed at once.
    public mutating func startDocument(root name: DAVName, childrenFollow: Bool = true, attributes: [String: String] = [:]) {
        append(#"<?xml version="1.0" encoding="utf-8"?>"# + "\n")
        openTag(name, attributes: attributes) {
            for (namespace, prefix) in DAVXMLWriter.prefixes {
                $0.append(" xmlns:\(prefix)=\"")
                $0.appendEscaped(namespace, attribute: true)
                $0.append(markup: "\"")
            }
        }
        append(childrenFollow ? ">" : "/>")
    }

    /// An element and everything in it.
    public mutating func append(_ element: DAVElement) {
        openTag(element.name, attributes: element.attributes) { _ in }
        if element.children.isEmpty && element.text.isEmpty {
            append(markup: "/>")
            return
        }
        append(markup: ">")
        appendEscaped(element.text, attribute: false)
        for child in element.children { append(child) }
        endElement(element.name)
    }

    /// `<tag>` + escaped `text` + `</tag>`: the shape of most properties, without making an element.
    public mutating func appendTextElement(_ name: DAVName, _ text: String) {
        openTag(name, attributes: [:]) { _ in }
        if text.isEmpty {
            append(markup: "/>")
            return
        }
        append(markup: ">")
        appendEscaped(text, attribute: false)
        endElement(name)
    }

    /// A start tag left open for children (`endElement` closes it).
    public mutating func startElement(_ name: DAVName) {
        openTag(name, attributes: [:]) { _ in }
        append(markup: ">")
    }

    public mutating func endElement(_ name: DAVName) {
        append(markup: "</")
        appendTagName(name)
        append(markup: ">")
    }

    /// `<tag` with the namespace declaration an unknown namespace needs, then the attributes in
    /// name order (so the same element is always the same bytes); `extra` writes more before `>`.
    private mutating func openTag(_ name: DAVName, attributes: [String: String], extra: (inout XMLOutput) -> Void) {
        append(markup: "<")
        let known = appendTagName(name)
        extra(&self)
        // An unknown namespace (a property a client asked for that we do not have) is the default one on its element.
        if !known {
            append(markup: " xmlns=\"")
            appendEscaped(name.namespace, attribute: true)
            append(markup: "\"")
        }
        if attributes.isEmpty { return }
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            append(markup: " ")
            append(key)
            append(markup: "=\"")
            appendEscaped(value, attribute: true)
            append(markup: "\"")
        }
    }

    /// Writes `prefix:local` (or `local` in an unknown namespace); whether the namespace was known.
    @discardableResult
    private mutating func appendTagName(_ name: DAVName) -> Bool {
        guard let prefix = DAVXMLWriter.prefix(of: name.namespace) else {
            append(name.local)
            return false
        }
        append(prefix)
        bytes.append(UInt8(ascii: ":"))
        append(name.local)
        return true
    }

    /// Bytes already valid XML where they go (made by this type, e.g. kept from an earlier answer).
    public mutating func append(raw: [UInt8]) { bytes.append(contentsOf: raw) }

    /// Markup known when the program is compiled: appended as it is, with no string made.
    public mutating func append(markup: StaticString) { markup.withUTF8Buffer { bytes.append(contentsOf: $0) } }

    /// Markup: appended as it is.
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func appendEscaped(_ text: String, attribute: Bool) {
        var text = text
        text.withUTF8 { appendEscaped(utf8: $0, attribute: attribute) }
    }

    public mutating func appendEscaped(utf8 input: UnsafeBufferPointer<UInt8>, attribute: Bool) {
        Self.plain.withUnsafeBufferPointer { plain in
            var runStart = 0
            var index = 0
            let count = input.count
            while index < count {
                // Most bytes need no look: skip them by table, then copy the run at once.
                while index < count && plain[Int(input[index])] { index += 1 }
                if index == count { break }
                let byte = input[index]
                var width = 1
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""):
                    guard attribute else {
                        index += 1
                        continue
                    }
                    replacement = "&quot;"
                case UInt8(ascii: "\r"): replacement = "&#13;"
                case 0xEF:
                    // U+FFFE and U+FFFF are dropped; every other character starting EF is copied.
                    guard index + 2 < count, input[index + 1] == 0xBF, input[index + 2] == 0xBE || input[index + 2] == 0xBF else {
                        index += 1
                        continue
                    }
                    replacement = ""
                    width = 3
                default: replacement = ""  // a C0 control other than tab and line feed: XML 1.0 cannot carry it
                }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index])) }
                replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                index += width
                runStart = index
            }
            if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<count])) }
        }
    }

    /// Bytes copied without a look: all but markup (`& < > "`), C0 controls other than tab and
    /// line feed (carriage return among them), and 0xEF (which may begin U+FFFE or U+FFFF).
    private static let plain: [Bool] = (0...255).map { byte in
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0xEF: false
        case 0x09, 0x0A: true
        case 0..<0x20: false
        default: true
        }
    }
}
