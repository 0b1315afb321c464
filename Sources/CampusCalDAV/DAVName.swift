/// An XML element name in its namespace: `{DAV:}displayname`, `{urn:ietf:params:xml:ns:caldav}calendar-data`.
///
/// WebDAV properties are identified by namespace and local name together (RFC 4918 §4.3); the
/// prefix a client chose means nothing.
public struct DAVName: Hashable, Sendable, CustomStringConvertible {
    public var namespace: String
    public var local: String

    public init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }

    /// Clark notation, as logs and messages write a name.
    public var description: String { "{\(namespace)}\(local)" }

    /// RFC 4918's namespace.
    public static let davNamespace = "DAV:"
    /// RFC 4791's namespace.
    public static let calDAVNamespace = "urn:ietf:params:xml:ns:caldav"
    /// Apple's calendar server namespace (`getctag`).
    public static let calendarServerNamespace = "http://calendarserver.org/ns/"
    /// Apple's iCal namespace (`calendar-color`, `calendar-order`).
    public static let appleICalNamespace = "http://apple.com/ns/ical/"

    public static func dav(_ local: String) -> DAVName { DAVName(davNamespace, local) }
    public static func calDAV(_ local: String) -> DAVName { DAVName(calDAVNamespace, local) }
    public static func calendarServer(_ local: String) -> DAVName { DAVName(calendarServerNamespace, local) }
    public static func appleICal(_ local: String) -> DAVName { DAVName(appleICalNamespace, local) }
}
