/// Writes a `207 Multi-Status` body one `response` at a time, straight into bytes: what a
/// `Multistatus` value writes (`Multistatus.bytes`), and what routes answering for a thousand
/// resources use directly, so no array of responses and no element tree is ever built whole.
///
/// The bytes are those `Multistatus.element` would write: the same elements in the same order.
public struct MultistatusWriter: Sendable {
    private var output: XMLOutput

    public init(capacity: Int = 4096) {
        output = XMLOutput(capacity: capacity)
        output.startDocument(root: .dav("multistatus"))
    }

    /// One `response`: its href, then its status or its propstats.
    public mutating func add(_ response: Multistatus.Response) {
        startResponse(href: response.href)
        if let status = response.status {
            appendStatus(status)
        } else {
            if !response.found.isEmpty || (response.missing.isEmpty && response.others.isEmpty) {
                startPropstat()
                for property in response.found { output.append(property) }
                endPropstat(status: 200)
            }
            if !response.missing.isEmpty {
                startPropstat()
                for name in response.missing { output.append(DAVElement(name)) }
                endPropstat(status: 404)
            }
            for other in response.others {
                startPropstat()
                for name in other.names { output.append(DAVElement(name)) }
                output.append(markup: "</d:prop>")
                appendStatus(other.status)
                if let description = other.description { output.appendTextElement(.dav("responsedescription"), description) }
                output.append(markup: "</d:propstat>")
            }
        }
        output.append(markup: "</d:response>")
    }

    /// A response whose found properties are written by `properties` (through the writer given
    /// to it) rather than passed as elements; `missing` as 404s. For routes that write the same
    /// few properties of a thousand resources.
    public mutating func add(href: String, missing: [DAVName] = [], properties: (inout XMLOutput) -> Void) {
        startResponse(href: href)
        startPropstat()
        properties(&output)
        endPropstat(status: 200)
        if !missing.isEmpty {
            startPropstat()
            for name in missing { output.append(DAVElement(name)) }
            endPropstat(status: 404)
        }
        output.append(markup: "</d:response>")
    }

    /// The document, closed: with RFC 6578's `sync-token` last when given.
    public mutating func finish(syncToken: String? = nil) -> [UInt8] {
        if let syncToken { output.appendTextElement(.dav("sync-token"), syncToken) }
        output.append(markup: "</d:multistatus>")
        return output.bytes
    }

    private mutating func startResponse(href: String) {
        output.append(markup: "<d:response><d:href>")
        output.appendEscaped(href, attribute: false)
        output.append(markup: "</d:href>")
    }

    private mutating func startPropstat() { output.append(markup: "<d:propstat><d:prop>") }

    private mutating func endPropstat(status: Int) {
        output.append(markup: "</d:prop>")
        appendStatus(status)
        output.append(markup: "</d:propstat>")
    }

    private mutating func appendStatus(_ code: Int) {
        // The two a listing writes a thousand times, as constants.
        switch code {
        case 200: output.append(markup: "<d:status>HTTP/1.1 200 OK</d:status>")
        case 404: output.append(markup: "<d:status>HTTP/1.1 404 Not Found</d:status>")
        default: output.append("<d:status>HTTP/1.1 \(code) \(Multistatus.reasonPhrase(code))</d:status>")
        }
    }
}
