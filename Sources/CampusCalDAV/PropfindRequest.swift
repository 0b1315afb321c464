/// What a PROPFIND asks for (RFC 4918 §9.1): every live property (`allprop`, or an empty body),
/// only their names, or the listed properties.
public enum PropfindRequest: Sendable, Equatable {
    case allProperties
    case propertyNames
    case properties([DAVName])

    /// Reads a PROPFIND body; an empty one is `allprop`.
    public init(body: [UInt8], limits: DAVXMLReader.Limits = .standard) throws(DAVXMLError) {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            self = .allProperties
            return
        }
        let root = try DAVXMLReader.parse(body, limits: limits)
        guard root.name == .dav("propfind") else {
            throw .unexpected("A PROPFIND body is a DAV:propfind element; this one is \(root.name).")
        }
        if let prop = root.child(.dav("prop")) {
            self = .properties(prop.children.map(\.name))
        } else if root.child(.dav("propname")) != nil {
            self = .propertyNames
        } else {
            self = .allProperties
        }
    }
}
