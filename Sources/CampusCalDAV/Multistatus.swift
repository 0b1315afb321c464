/// A `207 Multi-Status` body (RFC 4918 §13): one `response` per resource, each with its
/// properties grouped by status, or one status for the whole resource (a multiget's missing href).
public struct Multistatus: Sendable, Equatable {
    public struct Response: Sendable, Equatable {
        public var href: String
        /// Properties found (200) and those asked for that the resource does not have (404).
        public var found: [DAVElement]
        public var missing: [DAVName]
        /// Set instead of properties: the resource's own status (e.g. 404 for an href that names nothing).
        public var status: Int?

        public init(href: String, found: [DAVElement] = [], missing: [DAVName] = [], status: Int? = nil) {
            self.href = href
            self.found = found
            self.missing = missing
            self.status = status
        }
    }

    public var responses: [Response]
    /// RFC 6578 §3.2: a sync-collection answer ends with the token of the state it reports.
    public var syncToken: String?

    public init(_ responses: [Response], syncToken: String? = nil) {
        self.responses = responses
        self.syncToken = syncToken
    }

    /// The XML tree of the body.
    public var element: DAVElement {
        DAVElement(
            .dav("multistatus"),
            children: responses.map { response in
                var children = [DAVElement(.dav("href"), text: response.href)]
                if let status = response.status {
                    children.append(Self.status(status))
                } else {
                    if !response.found.isEmpty || response.missing.isEmpty {
                        children.append(Self.propstat(response.found, status: 200))
                    }
                    if !response.missing.isEmpty {
                        children.append(Self.propstat(response.missing.map { DAVElement($0) }, status: 404))
                    }
                }
                return DAVElement(.dav("response"), children: children)
            } + (syncToken.map { [DAVElement(.dav("sync-token"), text: $0)] } ?? []))
    }

    /// The body as text.
    public var xml: String { DAVXMLWriter.document(element) }

    static func propstat(_ properties: [DAVElement], status: Int) -> DAVElement {
        DAVElement(.dav("propstat"), children: [DAVElement(.dav("prop"), children: properties), Self.status(status)])
    }

    static func status(_ code: Int) -> DAVElement {
        DAVElement(.dav("status"), text: "HTTP/1.1 \(code) \(reasonPhrase(code))")
    }

    static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 200: "OK"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 507: "Insufficient Storage"
        default: "Status"
        }
    }
}

/// The body of a DAV error (RFC 4918 §16): the precondition or postcondition that failed, and
/// a sentence for whoever reads it.
public struct DAVErrorBody: Sendable, Equatable {
    /// The condition element, with what it carries (`no-uid-conflict` holds the href of the resource that has the UID).
    public var condition: DAVElement?
    public var description: String

    public init(condition: DAVElement?, description: String) {
        self.condition = condition
        self.description = description
    }

    public init(condition name: DAVName?, description: String) {
        self.init(condition: name.map { DAVElement($0) }, description: description)
    }

    public var xml: String {
        var children: [DAVElement] = []
        if let condition { children.append(condition) }
        // RFC 4918 leaves room for any element beside the condition; this one is ours.
        children.append(DAVElement(DAVName("urn:campuscal", "description"), text: description))
        return DAVXMLWriter.document(DAVElement(.dav("error"), children: children))
    }
}
