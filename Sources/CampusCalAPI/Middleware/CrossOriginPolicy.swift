import Foundation

/// The web origins (`scheme://host[:port]`) whose pages may call `/api/` from a browser
/// (`server.cors_allowed_origins`). Exact origins only: no wildcard, so a page on any other site
/// never reads a student's answers, and an empty list means no CORS headers at all.
public struct CrossOriginPolicy: Sendable, Equatable {
    public let allowedOrigins: Set<String>

    public init(allowedOrigins: some Sequence<String>) {
        self.allowedOrigins = Set(allowedOrigins)
    }

    public var isEmpty: Bool { allowedOrigins.isEmpty }

    public func allows(_ origin: String) -> Bool { allowedOrigins.contains(origin) }

    /// `text` as browsers send it in `Origin` (scheme and host in lower case, no trailing slash), or
    /// nil when it is not one origin: a wildcard, `null`, a path, a query or credentials would either
    /// never match or open the API to every site, so configuration refuses them.
    public static func origin(_ text: String) -> String? {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("/") { text.removeLast() }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = components.host?.lowercased(), !host.isEmpty,
            !host.contains("*"), components.path.isEmpty, components.query == nil, components.fragment == nil,
            components.user == nil, components.password == nil
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}
