import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a DAV request body into a `DAVElement` tree, with libxml2 (Foundation's `XMLParser`)
/// held to what DAV needs and no more.
///
/// Before the parser sees a byte: the size is checked, a document type declaration (`<!DOCTYPE`,
/// `<!ENTITY`) is refused — no entity is ever declared, so none can expand (billion laughs) or
/// reach a file or URL (XXE) — and so is anything not UTF-8 (a NUL byte, another declared
/// encoding), which would slip that scan. While parsing: external entities stay unresolved, and
/// depth and element count are bounded, stopping the parser at the first element past either.
public enum DAVXMLReader {
    public struct Limits: Sendable, Equatable {
        public var maximumBytes: Int
        public var maximumDepth: Int
        public var maximumElements: Int

        public init(maximumBytes: Int = 1 << 20, maximumDepth: Int = 32, maximumElements: Int = 20_000) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.maximumElements = maximumElements
        }

        /// Enough for a calendar-multiget of a few thousand hrefs; far below what could hurt.
        public static let standard = Limits()
    }

    /// The root element of `bytes`.
    public static func parse(_ bytes: [UInt8], limits: Limits = .standard) throws(DAVXMLError) -> DAVElement {
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge(maximumBytes: limits.maximumBytes) }
        try refuseDeclarations(bytes)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder(limits: limits)
        parser.delegate = builder
        let parsed = parser.parse()
        if let failure = builder.failure { throw failure }
        guard parsed, let root = builder.root else {
            let reason = parser.parserError.map { "\($0.localizedDescription) (line \(parser.lineNumber))" } ?? "no root element"
            throw .malformed(reason)
        }
        return root
    }

    /// Throws for a document type or entity declaration anywhere, and for bytes that are not
    /// UTF-8 (where the scan could not see one).
    static func refuseDeclarations(_ bytes: [UInt8]) throws(DAVXMLError) {
        if bytes.contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw .malformed("send the body in UTF-8.")
        }
        // Every byte checked, not only the declaration: Foundation's XMLParser traps (it does not
        // fail) on an element name that is not valid UTF-8, which would stop the whole server
        // (fuzz-davxml found it: `<d\xFF\xFFisplayname>`).
        if String(validating: bytes, as: UTF8.self) == nil {
            throw .malformed("send the body in UTF-8 (it has bytes that are not UTF-8).")
        }
        if let declarationEnd = find(Array("?>".utf8), in: bytes, from: 0), bytes.starts(with: Array("<?xml".utf8)) {
            let declaration = String(decoding: bytes[..<declarationEnd], as: UTF8.self).lowercased()
            if let range = declaration.range(of: "encoding=") {
                let value = declaration[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
                if value != "utf-8" && value != "utf8" { throw .malformed("send the body in UTF-8 (it declares \(value.prefix(20))).") }
            }
        }
        var index = 0
        while let start = find(Array("<!".utf8), in: bytes, from: index) {
            let rest = bytes[(start + 2)...]
            // Comments and CDATA sections are the only `<!` constructs a DAV body may hold.
            if !rest.starts(with: Array("--".utf8)) && !rest.starts(with: Array("[CDATA[".utf8)) { throw .documentTypeDeclaration }
            index = start + 2
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        for index in from...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }
}

/// The parser's delegate: builds the tree, counting depth and elements. Used by one parse on one
/// thread and dropped after it, so it needs no synchronisation.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    let limits: DAVXMLReader.Limits
    var stack: [DAVElement] = []
    var root: DAVElement?
    var elements = 0
    var failure: DAVXMLError?

    init(limits: DAVXMLReader.Limits) { self.limits = limits }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements += 1
        if stack.count >= limits.maximumDepth {
            stop(parser, .tooDeep(maximumDepth: limits.maximumDepth))
        } else if elements > limits.maximumElements {
            stop(parser, .tooManyElements(maximum: limits.maximumElements))
        }
        guard failure == nil else { return }
        stack.append(DAVElement(DAVName(namespaceURI ?? "", elementName), attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil, let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard failure == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
    }

    // Belt and braces: the byte scan already refused every declaration these would report.
    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        stop(parser, .documentTypeDeclaration)
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        stop(parser, .documentTypeDeclaration)
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        stop(parser, .documentTypeDeclaration)
        return nil
    }

    private func stop(_ parser: XMLParser, _ error: DAVXMLError) {
        if failure == nil { failure = error }
        parser.abortParsing()
    }
}
