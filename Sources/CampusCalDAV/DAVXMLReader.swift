internal import CLibXML2

/// Reads a DAV request body into a `DAVElement` tree with libxml2's SAX2 interface, called
/// directly and held to what DAV needs and no more.
///
/// Why not Foundation's `XMLParser` (which is libxml2 underneath): it is slow — a
/// calendar-multiget of 500 hrefs (38 KB) took about 1.1 ms in it, where libxml2's SAX2 parser
/// alone takes 0.12 ms, and this whole reader, tree and byte scan included, runs 2.2 million
/// instructions to its 5.1 (callgrind); it trapped (it did not fail) on an element name that
/// is not UTF-8; and it leaks the error it makes for every malformed body.
///
/// Before the parser sees a byte: the size is checked, a document type declaration (`<!DOCTYPE`,
/// `<!ENTITY`) is refused — no entity is ever declared, so none can expand (billion laughs) or
/// reach a file or URL (XXE) — and so is anything not UTF-8 (a NUL byte, invalid UTF-8, another
/// declared encoding), which would slip that scan. Inside libxml2, belt and braces: no network
/// (`XML_PARSE_NONET`), no entity substitution (no `XML_PARSE_NOENT`), no DTD loading (no
/// `XML_PARSE_DTDLOAD`), the declared encoding ignored (`XML_PARSE_IGNORE_ENC`: the bytes were
/// checked to be UTF-8), a document type or entity declaration stops the parse, and no entity is
/// found but the five predefined ones, so `&xxe;` is malformed. While parsing, depth and element
/// count are bounded, stopping the parser at the first element past either.
///
/// Thread safety: `parse` may be called from any thread, concurrently; each call has a parser
/// context of its own, and nothing global is set (errors go to the context's own handler).
public enum DAVXMLReader {
    public struct Limits: Sendable, Equatable {
        public var maximumBytes: Int
        /// Elements nested deeper than this are refused; libxml2 itself stops at 256 whatever this says.
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
    ///
    /// - Parameters:
    ///   - bytes: the request body, which must be UTF-8.
    ///   - limits: the bounds on its size, depth and element count.
    /// - Throws: `.tooLarge`, `.documentTypeDeclaration`, `.tooDeep`, `.tooManyElements`, or
    ///   `.malformed` with libxml2's message and line.
    public static func parse(_ bytes: [UInt8], limits: Limits = .standard) throws(DAVXMLError) -> DAVElement {
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge(maximumBytes: limits.maximumBytes) }
        try refuseDeclarations(bytes)
        // libxml2 counts bytes in an `int`.
        guard bytes.count <= Int(Int32.max) else { throw .tooLarge(maximumBytes: Int(Int32.max)) }
        guard !bytes.isEmpty else { throw .malformed("no root element") }
        _ = libxml2Initialised
        return try bytes.withUnsafeBufferPointer { read($0, limits: limits) }.get()
    }

    /// `xmlInitParser()`, once per process: libxml2 needs it before it is used from several threads.
    private static let libxml2Initialised: Void = xmlInitParser()

    /// What libxml2 is asked for. Absent on purpose: `XML_PARSE_NOENT` (substitute entities),
    /// `XML_PARSE_DTDLOAD` (load an external DTD), `XML_PARSE_RECOVER` (accept broken XML) and
    /// `XML_PARSE_HUGE` (lift libxml2's own bounds on depth and sizes).
    private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// Parses `buffer` (not empty) with a context of its own. The buffer stays valid throughout,
    /// whether libxml2 copies it or not.
    private static func read(_ buffer: UnsafeBufferPointer<UInt8>, limits: Limits) -> Result<DAVElement, DAVXMLError> {
        let created = buffer.withMemoryRebound(to: CChar.self) { xmlCreateMemoryParserCtxt($0.baseAddress, Int32($0.count)) }
        guard let context = created, let sax = context.pointee.sax else {
            if let created { xmlFreeParserCtxt(created) }
            return .failure(.malformed("libxml2 could not make a parser (out of memory)."))
        }
        defer {
            // Only a tree-building handler makes a document; this one does not, but free one if it ever appears.
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(context)
        }
        xmlCtxtUseOptions(context, options)
        // After the options, which may change the context's handler; the context owns `sax` and frees it.
        sax.pointee = TreeBuilder.makeHandler()
        let builder = TreeBuilder(limits: limits, context: context)
        withExtendedLifetime(builder) {
            context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
            _ = xmlParseDocument(context)
            context.pointee.userData = nil
        }
        if let failure = builder.failure { return .failure(failure) }
        guard context.pointee.wellFormed != 0, let root = builder.root else {
            let reason = builder.firstError ?? xmlCtxtGetLastError(context).map { TreeBuilder.describe($0.pointee) }
            return .failure(.malformed(reason ?? "no root element"))
        }
        return .success(root)
    }

    /// Throws for a document type or entity declaration anywhere, and for bytes that are not
    /// UTF-8 (where the scan could not see one) or a declared encoding other than UTF-8.
    ///
    /// One pass over the bytes, eight at a time where they are ASCII without a `!` or a NUL, with
    /// no allocation but the error's message. Of several faults, the first one of this list is
    /// reported: a NUL byte or UTF-16 byte order mark, invalid UTF-8, another declared encoding,
    /// a declaration.
    static func refuseDeclarations(_ bytes: [UInt8]) throws(DAVXMLError) {
        if bytes.count >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)) {
            throw .malformed("send the body in UTF-8.")
        }
        switch bytes.withUnsafeBufferPointer(ByteScan.init) {
        case .nul: throw .malformed("send the body in UTF-8.")
        // Every byte checked, not only the declaration: Foundation's XMLParser trapped on an element
        // name that is not valid UTF-8 (fuzz-davxml found it: `<d\xFF\xFFisplayname>`); libxml2
        // refuses it, but the scan for `<!` is only sound over UTF-8.
        case .notUTF8: throw .malformed("send the body in UTF-8 (it has bytes that are not UTF-8).")
        case .utf8(let hasDeclaration):
            if let encoding = bytes.withUnsafeBufferPointer(declaredEncoding), encoding != "utf-8" && encoding != "utf8" {
                throw .malformed("send the body in UTF-8 (it declares \(encoding.prefix(20))).")
            }
            if hasDeclaration { throw .documentTypeDeclaration }
        }
    }

    /// The encoding an XML declaration at the start of `bytes` names (lowercased), if it names one.
    private static func declaredEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // After a UTF-8 byte order mark, if there is one.
        var index = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        guard ByteScan.has("<?xml", in: bytes, at: index) else { return nil }
        index += 5
        // The declaration ends at the first `?>` (without one it is malformed, and libxml2 says so).
        var end = index
        while end + 1 < bytes.count && !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) { end += 1 }
        guard end + 1 < bytes.count else { return nil }
        let declaration = UnsafeBufferPointer(rebasing: bytes[..<end])
        // `encoding` may come with spaces around its `=`.
        while index < declaration.count {
            guard ByteScan.has("encoding", in: declaration, at: index, ignoringCase: true) else {
                index += 1
                continue
            }
            index = ByteScan.skipSpaces(in: declaration, from: index + 8)
            guard index < declaration.count, declaration[index] == UInt8(ascii: "=") else { continue }
            index = ByteScan.skipSpaces(in: declaration, from: index + 1)
            // Without a quote the declaration is malformed, and libxml2 says so.
            guard index < declaration.count, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else {
                return nil
            }
            let quote = declaration[index]
            let value = declaration[(index + 1)...].prefix { $0 != quote }
            return String(decoding: value, as: UTF8.self).lowercased()
        }
        return nil
    }
}

/// The byte scan of `DAVXMLReader.refuseDeclarations`: NUL bytes, UTF-8 validity and `<!`
/// constructs, in one pass.
private enum ByteScan {
    case nul
    case notUTF8
    /// Valid UTF-8 without a NUL; `hasDeclaration` if some `<!` begins neither a comment nor a
    /// CDATA section.
    case utf8(hasDeclaration: Bool)

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else {
            self = .utf8(hasDeclaration: false)
            return
        }
        let count = bytes.count
        var hasDeclaration = false
        var valid = true
        var index = 0
        while index < count {
            // Eight ASCII bytes without NUL or `!` at once: most of a DAV body.
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 && !Self.hasZeroByte(word) && !Self.hasZeroByte(word ^ 0x2121_2121_2121_2121) {
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte < 0x80 {
                if byte == 0 {
                    self = .nul
                    return
                }
                // Comments and CDATA sections are the only `<!` constructs a DAV body may hold.
                if byte == UInt8(ascii: "!") && index > 0 && base[index - 1] == UInt8(ascii: "<") && !hasDeclaration
                    && !Self.has("--", in: bytes, at: index + 1) && !Self.has("[CDATA[", in: bytes, at: index + 1)
                {
                    hasDeclaration = true
                }
                index += 1
            } else if valid, let length = Self.sequenceLength(bytes, at: index) {
                index += length
            } else {
                // Not UTF-8: only a NUL further on could still change what is reported.
                valid = false
                index += 1
            }
        }
        self = valid ? .utf8(hasDeclaration: hasDeclaration) : .notUTF8
    }

    /// Whether some byte of `word` is zero (exact for the whole word, as it is used).
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// The length of the well-formed UTF-8 sequence of more than one byte at `index`, or nil
    /// (Unicode's table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF).
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// Whether `bytes` holds the ASCII `text` at `index`.
    static func has(_ text: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at index: Int, ignoringCase: Bool = false) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index >= 0, index + length <= bytes.count else { return false }
        let letters = text.utf8Start
        for offset in 0..<length {
            let byte = bytes[index + offset]
            let folded = ignoringCase && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if folded != letters[offset] { return false }
        }
        return true
    }

    /// The first index from `index` on that is not XML white space.
    static func skipSpaces(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }
}

/// The SAX2 handler's state: builds the tree, counting depth and elements. Made by one parse,
/// used on its thread only while libxml2 runs (it reaches the callbacks as the context's user
/// data, unretained; the parse keeps it alive) and dropped after it, so it needs no synchronisation.
///
/// Two departures from plain Swift, each earned on the 500-href multiget (instructions per
/// parse, callgrind): the callbacks borrow the builder (`_withUnsafeGuaranteedRef`, no retain
/// and release per callback) and its state skips the run-time exclusivity checks (nothing here
/// overlaps two accesses: one callback runs at a time and none re-enters another); together
/// they took a parse from 2.75 to 2.2 million instructions (Foundation's XMLParser: 5.1).
private final class TreeBuilder {
    let limits: DAVXMLReader.Limits
    /// The parser that calls this builder, to stop it.
    let context: xmlParserCtxtPtr
    @exclusivity(unchecked) var stack: [DAVElement] = []
    @exclusivity(unchecked) var root: DAVElement?
    @exclusivity(unchecked) var elements = 0
    @exclusivity(unchecked) var failure: DAVXMLError?
    /// libxml2's first fatal error, as "message (line N)".
    @exclusivity(unchecked) var firstError: String?

    init(limits: DAVXMLReader.Limits, context: xmlParserCtxtPtr) {
        self.limits = limits
        self.context = context
        stack.reserveCapacity(min(max(limits.maximumDepth, 1), 64))
    }

    /// Runs `body` on the builder that `userData` (the context's user data) points to.
    static func with(_ userData: UnsafeMutableRawPointer?, _ body: (TreeBuilder) -> Void) {
        guard let userData else { return }
        Unmanaged<TreeBuilder>.fromOpaque(userData)._withUnsafeGuaranteedRef(body)
    }

    /// The callbacks; everything else a SAX2 handler can receive (comments, processing
    /// instructions, whitespace outside the root) is left out and so ignored. Made for each
    /// parse (a few dozen pointers; a shared one would not be `Sendable`).
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { userData, localName, _, namespaceURI, _, _, attributeCount, _, attributes in
            guard let localName else { return }
            TreeBuilder.with(userData) { $0.start(localName, namespaceURI, attributeCount: Int(attributeCount), attributes: attributes) }
        }
        handler.endElementNs = { userData, _, _, _ in TreeBuilder.with(userData) { $0.end() } }
        handler.characters = { userData, characters, length in TreeBuilder.with(userData) { $0.append(characters, length) } }
        // Whitespace is text like any other, appended as reported (as it was with XMLParser).
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = { userData, characters, length in TreeBuilder.with(userData) { $0.append(characters, length) } }
        // No entity but the five predefined ones (which libxml2 knows without asking): `&xxe;` is an
        // undeclared entity, a fatal error.
        handler.getEntity = { _, _ in nil }
        // Belt and braces: the byte scan already refused every declaration these would report.
        handler.internalSubset = { userData, _, _, _ in TreeBuilder.with(userData) { $0.stop(.documentTypeDeclaration) } }
        handler.externalSubset = { userData, _, _, _ in TreeBuilder.with(userData) { $0.stop(.documentTypeDeclaration) } }
        handler.entityDecl = { userData, _, _, _, _, _ in TreeBuilder.with(userData) { $0.stop(.documentTypeDeclaration) } }
        handler.unparsedEntityDecl = { userData, _, _, _, _ in TreeBuilder.with(userData) { $0.stop(.documentTypeDeclaration) } }
        // The context's own structured handler: libxml2 prefers it to any global one, and prints nothing.
        handler.serror = { userData, error in
            guard let error else { return }
            TreeBuilder.with(userData) { $0.record(error.pointee) }
        }
        return handler
    }

    func start(
        _ localName: UnsafePointer<xmlChar>, _ namespaceURI: UnsafePointer<xmlChar>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard failure == nil else { return }
        elements += 1
        if stack.count >= limits.maximumDepth {
            stop(.tooDeep(maximumDepth: limits.maximumDepth))
            return
        }
        if elements > limits.maximumElements {
            stop(.tooManyElements(maximum: limits.maximumElements))
            return
        }
        var attributeValues: [String: String] = [:]
        if attributeCount > 0, let attributes {
            attributeValues.reserveCapacity(attributeCount)
            // Five pointers an attribute: local name, prefix, namespace URI, value start, value end.
            for index in stride(from: 0, to: attributeCount * 5, by: 5) {
                guard let name = attributes[index], let start = attributes[index + 3], let end = attributes[index + 4] else { continue }
                // Keyed as Foundation's XMLParser keyed them: by local name, `prefix:local` if prefixed.
                var key = String(cString: name)
                if let prefix = attributes[index + 1], prefix.pointee != 0 { key = String(cString: prefix) + ":" + key }
                attributeValues[key] = Self.attributeValue(UnsafeBufferPointer(start: start, count: end - start))
            }
        }
        let name = DAVName(Self.namespace(namespaceURI), String(cString: localName))
        stack.append(DAVElement(name, attributes: attributeValues))
    }

    func end() {
        guard failure == nil, let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    /// An attribute's value as libxml2 reports it without entity substitution: the `&` of `&amp;`,
    /// `&#38;` or `&#x26;` comes as `&#38;` (for its tree builder to reparse), and no other `&` can,
    /// so each `&#38;` is one `&`. (`XML_PARSE_NOENT` would spare this, and is not asked for.)
    private static func attributeValue(_ bytes: UnsafeBufferPointer<xmlChar>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if ByteScan.has("&#38;", in: bytes, at: index) {
                decoded.append(UInt8(ascii: "&"))
                index += 5
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Character data, CDATA and the characters of entity and character references, appended as reported.
    func append(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard failure == nil, !stack.isEmpty, let characters, length > 0 else { return }
        let text = String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
        if stack[stack.count - 1].text.isEmpty {
            stack[stack.count - 1].text = text
        } else {
            stack[stack.count - 1].text += text
        }
    }

    func stop(_ error: DAVXMLError) {
        if failure == nil { failure = error }
        xmlStopParser(context)
    }

    func record(_ error: xmlError) {
        guard firstError == nil, error.level == XML_ERR_FATAL else { return }
        firstError = Self.describe(error)
    }

    /// libxml2's message without its newline, and its line: "Opening and ending tag mismatch: a line 1 and b (line 1)".
    static func describe(_ error: xmlError) -> String {
        var message = error.message.map { String(cString: $0) } ?? "libxml2 error \(error.code)"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        return "\(message) (line \(error.line))"
    }

    /// The namespace URI as a string; DAV's and CalDAV's, nearly every element's, without making one.
    private static func namespace(_ uri: UnsafePointer<xmlChar>?) -> String {
        guard let uri else { return "" }
        if equals(uri, "DAV:") { return DAVName.davNamespace }
        if equals(uri, "urn:ietf:params:xml:ns:caldav") { return DAVName.calDAVNamespace }
        // An `xmlns` value is an attribute value: its `&` comes as `&#38;` too.
        return attributeValue(UnsafeBufferPointer(start: uri, count: Int(xmlStrlen(uri))))
    }

    /// Whether the C string `string` is `text`.
    private static func equals(_ string: UnsafePointer<xmlChar>, _ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        // Stops at the first difference, so never reads past `string`'s terminating NUL.
        for offset in 0..<length where string[offset] != text.utf8Start[offset] { return false }
        return string[length] == 0
    }
}
