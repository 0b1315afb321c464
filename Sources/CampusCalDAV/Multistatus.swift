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
        /// Properties with another status each (a PROPPATCH's 403 and 424), in their own propstats.
        public var others: [PropertyStatus]

        public init(href: String, found: [DAVElement] = [], missing: [DAVName] = [], status: Int? = nil, others: [PropertyStatus] = []) {
            self.href = href
            self.found = found
            self.missing = missing
            self.status = status
            self.others = others
        }

        /// The `propstat` elements of the response: found (200), missing (404), then the others.
        /// Also the body of a refused MKCALENDAR (`mkcalendar-response`) or MKCOL (`mkcol-response`).
        public var propstats: [DAVElement] {
            var propstats: [DAVElement] = []
            if !found.isEmpty || (missing.isEmpty && others.isEmpty) { propstats.append(Multistatus.propstat(found, status: 200)) }
            if !missing.isEmpty { propstats.append(Multistatus.propstat(missing.map { DAVElement($0) }, status: 404)) }
            for other in others {
                var propstat = Multistatus.propstat(other.names.map { DAVElement($0) }, status: other.status)
                if let description = other.description {
                    propstat.children.append(DAVElement(.dav("responsedescription"), text: description))
                }
                propstats.append(propstat)
            }
            return propstats
        }
    }

    /// Properties that share a status other than 200 or 404, with a sentence saying why.
    public struct PropertyStatus: Sendable, Equatable {
        public var names: [DAVName]
        public var status: Int
        public var description: String?

        public init(_ names: [DAVName], status: Int, description: String? = nil) {
            self.names = names
            self.status = status
            self.description = description
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
                DAVElement(
                    .dav("response"),
                    children: [DAVElement(.dav("href"), text: response.href)]
                        + (response.status.map { [Self.status($0)] } ?? response.propstats))
            } + (syncToken.map { [DAVElement(.dav("sync-token"), text: $0)] } ?? []))
    }

    /// The body as text.
    public var xml: String { String(decoding: bytes, as: UTF8.self) }

    /// The body as UTF-8 bytes, written response by response (`MultistatusWriter`), never as one tree.
    public var bytes: [UInt8] {
        var writer = MultistatusWriter(capacity: 256 * responses.count + 512)
        for response in responses { writer.add(response) }
        return writer.finish(syncToken: syncToken)
    }

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
        case 409: "Conflict"
        case 424: "Failed Dependency"
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
