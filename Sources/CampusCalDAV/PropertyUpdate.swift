/// What a client asks to change on a collection's properties: PROPPATCH's `set` and `remove`
/// instructions in document order (RFC 4918 §9.2), or the `set` of a MKCALENDAR (RFC 4791 §5.3.1)
/// or an extended MKCOL (RFC 5689) that makes the collection with them.
///
/// Each instruction names one property; the server applies all or none of them.
public struct PropertyUpdate: Sendable, Equatable {
    public enum Instruction: Sendable, Equatable {
        /// Set the property to this element's value (its text or children).
        case set(DAVElement)
        /// Remove the property.
        case remove(DAVName)

        public var name: DAVName {
            switch self {
            case .set(let element): element.name
            case .remove(let name): name
            }
        }
    }

    public var instructions: [Instruction]

    public init(_ instructions: [Instruction]) { self.instructions = instructions }

    /// A PROPPATCH body: a `DAV:propertyupdate` of `set` and `remove` elements.
    public init(proppatch body: [UInt8], limits: DAVXMLReader.Limits = .standard) throws(DAVXMLError) {
        let root = try DAVXMLReader.parse(body, limits: limits)
        guard root.name == .dav("propertyupdate") else {
            throw .unexpected("A PROPPATCH body is a DAV:propertyupdate element; this one is \(root.name).")
        }
        var instructions: [Instruction] = []
        for child in root.children {
            let properties = child.child(.dav("prop"))?.children ?? []
            switch child.name {
            case .dav("set"): instructions += properties.map { .set($0) }
            case .dav("remove"): instructions += properties.map { .remove($0.name) }
            default: continue  // RFC 4918 §17: unknown elements are ignored
            }
        }
        guard !instructions.isEmpty else { throw .unexpected("This PROPPATCH sets and removes nothing; name a property in DAV:set or DAV:remove.") }
        self.init(instructions)
    }

    /// A MKCALENDAR body (`CALDAV:mkcalendar`, possibly empty) or an extended MKCOL body
    /// (`DAV:mkcol`): the properties the new collection is made with.
    public init(making body: [UInt8], limits: DAVXMLReader.Limits = .standard) throws(DAVXMLError) {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            self.init([])
            return
        }
        let root = try DAVXMLReader.parse(body, limits: limits)
        guard root.name == .calDAV("mkcalendar") || root.name == .dav("mkcol") else {
            throw .unexpected("A MKCALENDAR body is a CALDAV:mkcalendar element, an extended MKCOL's a DAV:mkcol; this one is \(root.name).")
        }
        self.init(root.children(.dav("set")).flatMap { $0.child(.dav("prop"))?.children ?? [] }.map { .set($0) })
    }

    /// The value set for `name`, if the update sets it.
    public func value(of name: DAVName) -> DAVElement? {
        for case .set(let element) in instructions where element.name == name { return element }
        return nil
    }
}
