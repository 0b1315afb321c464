import Foundation

/// Which hosts a plugin may reach through the host's `http_request` (its manifest's `network`
/// permission): `"chat.campus.edu"` any port, `"chat.campus.edu:8443"` that port only,
/// `"*.campus.edu"` any subdomain (not the domain itself). Names compare case-insensitively; no
/// entry matches anything else, and an empty list matches nothing.
public enum PluginNetworkPolicy {
    public static func allows(host: String, port: Int, network: [String]) -> Bool {
        let host = host.lowercased()
        return network.contains { entry in
            var name = entry.lowercased()
            if let colon = name.lastIndex(of: ":"), !name.hasPrefix("["), let wanted = Int(name[name.index(after: colon)...]) {
                guard wanted == port else { return false }
                name = String(name[..<colon])
            }
            if name.hasPrefix("*.") { return host.hasSuffix(String(name.dropFirst())) }  // ".campus.edu": never the domain itself
            return host == name
        }
    }
}

/// An HTTP request a plugin asked for, as the host makes it (`cc_http_request`).
public struct PluginHTTPRequest: Sendable, Equatable, Codable {
    public var method: String
    public var url: String
    public var headers: [String]
    public var body: Data
    public var timeoutMilliseconds: Int

    public init(method: String, url: String, headers: [String], body: Data, timeoutMilliseconds: Int) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutMilliseconds = timeoutMilliseconds
    }
}

/// What came back: the status code and the body (at most `maximumBodyBytes`).
public struct PluginHTTPResponse: Sendable, Equatable, Codable {
    public static let maximumBodyBytes = 1 << 20
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
