import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes

/// A CalDAV client for the tests: HTTP Basic with an app password, XML bodies read back with the
/// server's own reader (which `DAVXMLReaderTests` holds to the XML rules).
struct DAVClient {
    let api: APIClient
    let username: String
    let password: String

    static func method(_ name: String) -> HTTPRequest.Method { HTTPRequest.Method(name)! }

    func request(
        _ method: String, _ path: String, body: String? = nil, headers extra: HTTPFields = [:], contentType: String = "application/xml"
    ) async throws -> APIClient.Reply {
        var headers = extra
        let credentials = Data("\(username):\(password)".utf8).base64EncodedString()
        headers[.authorization] = "Basic \(credentials)"
        if body != nil, headers[.contentType] == nil { headers[.contentType] = contentType }
        return try await api.request(Self.method(method), path, rawBody: body, headers: headers)
    }

    func propfind(_ path: String, depth: String, properties: [String]) async throws -> APIClient.Reply {
        let body = """
            <?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:ical="http://apple.com/ns/ical/">
            <d:prop>\(properties.map { "<\($0)/>" }.joined())</d:prop></d:propfind>
            """
        return try await request("PROPFIND", path, body: body, headers: [HTTPField.Name("Depth")!: depth])
    }

    func put(_ path: String, _ ics: String, headers: HTTPFields = [:]) async throws -> APIClient.Reply {
        try await request("PUT", path, body: ics, headers: headers, contentType: "text/calendar; charset=utf-8")
    }

    /// A makes-an-app-password-and-returns-a-client helper.
    static func signIn(_ api: APIClient, _ username: String) async throws -> DAVClient {
        let token = try await api.token(username)
        let made = try await api.request(.post, "/api/v1/me/app-passwords", token: token, json: ["name": "Test device"])
        guard let secret = made.string("password") else { throw TestFailure("no app password: \(made.status)") }
        return DAVClient(api: api, username: username, password: secret)
    }
}

/// A parsed multistatus: per href, the found properties by name and the names that were 404.
struct ParsedMultistatus {
    var found: [String: [DAVName: DAVElement]] = [:]
    var missing: [String: Set<DAVName>] = [:]
    var statuses: [String: String] = [:]

    init(_ reply: APIClient.Reply) throws {
        let root = try DAVXMLReader.parse(Array(reply.body))
        for response in root.children(.dav("response")) {
            let href = response.child(.dav("href"))?.text ?? ""
            if let status = response.child(.dav("status")) { statuses[href] = status.text }
            for propstat in response.children(.dav("propstat")) {
                let properties = propstat.child(.dav("prop"))?.children ?? []
                if propstat.child(.dav("status"))?.text.contains(" 200 ") == true {
                    for property in properties { found[href, default: [:]][property.name] = property }
                } else {
                    for property in properties { missing[href, default: []].insert(property.name) }
                }
            }
        }
    }

    var hrefs: Set<String> { Set(found.keys).union(statuses.keys).union(missing.keys) }

    func text(_ href: String, _ name: DAVName) -> String? { found[href]?[name]?.text }

    func href(_ href: String, _ name: DAVName) -> String? { found[href]?[name]?.child(.dav("href"))?.text }
}

/// A VEVENT as a client would PUT it.
func veventText(uid: String, summary: String, start: String = "20261207T150000Z", rule: String? = nil, extra: String = "") -> String {
    var lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//dav//EN", "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261101T000000Z",
        "DTSTART:\(start)", "DURATION:PT1H", "SUMMARY:\(summary)",
    ]
    if let rule { lines.append("RRULE:\(rule)") }
    if !extra.isEmpty { lines.append(extra) }
    lines += ["END:VEVENT", "END:VCALENDAR"]
    return lines.joined(separator: "\r\n") + "\r\n"
}
