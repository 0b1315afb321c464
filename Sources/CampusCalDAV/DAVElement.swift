/// One XML element of a DAV body, read or to be written: its name, attributes (by local name;
/// DAV bodies use only unqualified ones such as `name` and `start`), child elements and text.
public struct DAVElement: Sendable, Equatable {
    public var name: DAVName
    public var attributes: [String: String]
    public var children: [DAVElement]
    /// The element's own character data (CDATA included), concatenated.
    public var text: String

    public init(_ name: DAVName, attributes: [String: String] = [:], children: [DAVElement] = [], text: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The first child with this name.
    public func child(_ name: DAVName) -> DAVElement? { children.first { $0.name == name } }

    /// Every child with this name.
    public func children(_ name: DAVName) -> [DAVElement] { children.filter { $0.name == name } }
}
