import CampusCalCore
import Foundation

/// Where a DAV request points, read from its path, and the hrefs the server hands out.
///
/// ```
/// /dav/                                        the root (discovery starts here)
/// /dav/principals/<username>/                  a person (RFC 5397 current-user-principal)
/// /dav/calendars/<username>/                   their calendar home (RFC 4791 calendar-home-set)
/// /dav/calendars/<username>/<calendar id>/     a calendar they own or that is shared with them
///                                              (or the name a CalDAV client made it at: DAVAddresses)
/// /dav/calendars/<username>/<calendar id>/<UID>.ics   an event: a series with its overrides
/// ```
///
/// Resources are named after their UID, as iOS, DAVx5, Thunderbird and python-caldav name what they
/// create, so nothing but the event itself needs storing.
enum DAVPath: Equatable {
    case root
    case principal(username: String)
    case home(username: String)
    case calendar(username: String, CalendarID)
    case event(username: String, CalendarID, uid: String)

    static let prefix = "/dav"

    /// The path as the request wrote it (percent-encoded); nil when it names nothing DAV serves.
    init?(requestPath: String) {
        guard requestPath == Self.prefix || requestPath.hasPrefix(Self.prefix + "/") else { return nil }
        let raw = requestPath.dropFirst(Self.prefix.count).split(separator: "/", omittingEmptySubsequences: true)
        var segments: [String] = []
        for segment in raw {
            guard let decoded = segment.decodingPercentEscapes, !decoded.isEmpty else { return nil }
            segments.append(decoded)
        }
        switch segments.count {
        case 0: self = .root
        case 2 where segments[0] == "principals": self = .principal(username: segments[1])
        case 2 where segments[0] == "calendars": self = .home(username: segments[1])
        case 3 where segments[0] == "calendars": self = .calendar(username: segments[1], CalendarID(rawValue: segments[2]))
        case 4 where segments[0] == "calendars" && segments[3].hasSuffix(".ics") && segments[3].count > 4:
            self = .event(username: segments[1], CalendarID(rawValue: segments[2]), uid: String(segments[3].dropLast(4)))
        default: return nil
        }
    }

    /// The username the path is under (nil for the root).
    var username: String? {
        switch self {
        case .root: nil
        case .principal(let username), .home(let username), .calendar(let username, _), .event(let username, _, _): username
        }
    }

    /// Whether the path is in a calendar home: the home, a calendar or one of its resources.
    var isInCalendarHome: Bool {
        switch self {
        case .home, .calendar, .event: true
        case .root, .principal: false
        }
    }

    /// The href of this resource: percent-encoded, collections ending in `/`.
    var href: String {
        switch self {
        case .root: Self.prefix + "/"
        case .principal(let username): "\(Self.prefix)/principals/\(Self.encode(username))/"
        case .home(let username): "\(Self.prefix)/calendars/\(Self.encode(username))/"
        case .calendar(let username, let id): "\(Self.prefix)/calendars/\(Self.encode(username))/\(Self.encode(Self.segment(of: id)))/"
        case .event(let username, let id, let uid):
            "\(Self.prefix)/calendars/\(Self.encode(username))/\(Self.encode(Self.segment(of: id)))/\(Self.encode(uid)).ics"
        }
    }

    /// A calendar's segment: the address a CalDAV client made it at, else its id (`DAVAddresses`).
    static func segment(of id: CalendarID) -> String { DAVAddresses.current.segment(of: id) }

    /// Everything but RFC 3986's unreserved characters percent-encoded, so any UID makes one safe segment.
    /// Byte by byte (upper-case hex, as Foundation writes it): every href of a listing goes through
    /// here, and most UIDs need no encoding at all, which is then a scan and no copy.
    static func encode(_ segment: String) -> String {
        var segment = segment
        if segment.withUTF8({ $0.allSatisfy(isUnreserved) }) { return segment }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The path of an href a client sent in a REPORT: absolute (`http://host/dav/…`) or a path.
    static func path(ofHref href: String) -> String {
        // A path (what nearly every client sends) has no scheme: no URL to parse.
        if href.hasPrefix("/") { return href }
        if let url = URL(string: href), url.scheme != nil { return url.path(percentEncoded: true) }
        return href
    }
}
