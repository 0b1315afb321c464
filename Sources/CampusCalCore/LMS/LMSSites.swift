import Foundation

/// Where students' LMS connections may point, as the campus configured it.
///
/// Canvas and Brightspace connections carry the campus's OAuth client secret to the LMS (token
/// endpoint calls and refreshes), so their addresses are never typed by a student: the campus lists
/// them (`lms.canvas_base_urls`, `lms.brightspace_base_urls`) and a student picks one. With none
/// listed, that kind is unavailable — never "any host" (review H3). Moodle connections carry only
/// the student's own key, so `lms.moodle_base_urls` may stay empty; then, like calendar feeds, any
/// https host `lms.allowed_hosts` admits will do.
public struct LMSSites: Sendable, Equatable {
    /// The configured base URLs per kind, each normalised by `origin(_:)`.
    public var baseURLs: [LMSKind: [String]]

    public init(baseURLs: [LMSKind: [String]] = [:]) {
        self.baseURLs = baseURLs.mapValues { $0.compactMap(Self.origin) }
    }

    /// The configured base URLs of `kind` (normalised), in the campus's order.
    public func baseURLs(of kind: LMSKind) -> [String] { baseURLs[kind] ?? [] }

    /// The setting that lists `kind`'s base URLs, for messages that tell the campus what to set.
    public static func setting(for kind: LMSKind) -> String {
        switch kind {
        case .brightspace: "lms.brightspace_base_urls"
        case .canvas: "lms.canvas_base_urls"
        case .moodle: "lms.moodle_base_urls"
        case .ics: "lms.allowed_hosts"
        }
    }

    /// Whether a connection of `kind` sends the campus's OAuth client secret (so its host must be configured).
    public static func usesCampusSecret(_ kind: LMSKind) -> Bool { kind == .canvas || kind == .brightspace }

    /// `scheme://host[:port]` of an http(s) URL: lower-case scheme and host, the port only when it
    /// is not the scheme's default, no path, query, user or fragment. Two spellings of one site
    /// (`HTTPS://Canvas.Example.edu:443/`) compare equal; nil when `text` is not an http(s) URL.
    public static func origin(_ text: String) -> String? {
        guard let url = URLComponents(string: text.trimmingCharacters(in: .whitespaces)), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = url.host?.lowercased(), !host.isEmpty, url.user == nil, url.password == nil
        else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)\(url.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")"
    }

    /// A comma-separated setting as normalised origins; the entries that are not http(s) URLs come back separately.
    public static func parse(_ setting: String) -> (origins: [String], invalid: [String]) {
        var origins: [String] = []
        var invalid: [String] = []
        for entry in setting.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            if let origin = origin(entry) { origins.append(origin) } else { invalid.append(entry) }
        }
        return (origins, invalid)
    }
}
