/// The media types of the files a web app is made of, by extension.
///
/// A closed list on purpose: the server sends `X-Content-Type-Options: nosniff`, so a browser runs
/// a module only when it comes as JavaScript; and a file of an unknown kind in the app's folder is
/// more likely a mistake (a backup, an archive) than something to publish.
enum WebMediaTypes {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
        "svg": "image/svg+xml",
        "png": "image/png",
        "ico": "image/x-icon",
        "woff2": "font/woff2",
        "txt": "text/plain; charset=utf-8",
    ]

    static var knownExtensions: [String] { byExtension.keys.sorted().map { "." + $0 } }

    /// The type for `path` by its last extension (case-insensitive), or nil for an unknown kind.
    static func contentType(forPath path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return byExtension[path[path.index(after: dot)...].lowercased()]
    }
}
