import Crypto
import Foundation
import NIOCore

/// The browser app (issue #30), read from `server.web_directory` once at start and served from memory.
///
/// Why in memory: requests never touch the file system, so no request path can reach a file by
/// `..`, a symbolic link or an encoding trick; a path is a key of `files` or nothing. The whole
/// app is a few hundred kilobytes; the bounds below stop a misplaced folder from becoming a
/// gigabyte of resident memory.
///
/// Why one hash for the whole folder: the app is plain ES modules without a build step, and
/// modules import each other by relative path (`./api.js`). Putting every file under
/// `/assets/<build>/` keeps those imports working while any change to any file changes every URL,
/// so browsers may cache assets for a year (`immutable`) and an upgrade is never half-applied.
public struct WebAppBundle: Sendable {
    /// One file of the app, ready to send.
    public struct File: Sendable {
        public let contentType: String
        public let body: ByteBuffer
        /// The body gzipped, when that is smaller (text files; images and fonts are compressed already).
        public let gzipped: ByteBuffer?
    }

    /// The first 16 hex digits of the SHA-256 over the server version, the page's settings and every file's path and bytes.
    public let build: String
    /// `index.html` with `{{assets}}`, `{{version}}` and `{{sso}}` filled in.
    public let index: File
    /// Every other file, by its path relative to the folder (`app/main.js`).
    public let files: [String: File]

    /// The URL prefix of every asset: `/assets/<build>`.
    public var assetsPath: String { "/assets/\(build)" }

    /// Limits on what `load` accepts, so a wrong `server.web_directory` fails the start instead of the machine.
    public static let maximumFiles = 2_000
    public static let maximumTotalBytes = 32 << 20

    /// Reads `directory`; nil when it does not exist (the server then keeps its plain home page).
    ///
    /// Skipped: names starting with `.` (editor and VCS files), anything that is neither a regular
    /// file nor a folder (symbolic links included, so the app cannot point outside its folder), and
    /// `README.md` files (documentation for the people who edit the app).
    /// - Throws: `WebAppBundleError` when the folder has no `index.html`, a file has an unknown
    ///   kind of name, or the bounds are exceeded — each naming the file and the setting.
    /// - Parameter campusSignOn: whether the server takes campus single sign-on (`auth.sso_header`):
    ///   `{{sso}}` in index.html becomes `on` or `off`, so the sign-in page offers the button only
    ///   where it works (asking the API would log a 404 in every browser's console).
    public static func load(directory: String, version: String, campusSignOn: Bool = false) throws -> WebAppBundle? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        var contents: [(path: String, bytes: [UInt8])] = []
        var total = 0
        try collect(directory: directory, prefix: "", into: &contents, total: &total)
        contents.sort { $0.path < $1.path }

        // The version is part of the id: index.html carries it, so a new server with the same files is a new page.
        var hash = SHA256()
        hash.update(data: Array(version.utf8) + [0, campusSignOn ? 1 : 0])
        for (path, bytes) in contents {
            hash.update(data: Array(path.utf8) + [0] + Array(String(bytes.count).utf8) + [0])
            hash.update(data: bytes)
        }
        // Once at start: String(format:) is fine here.
        let build = hash.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()

        var files: [String: File] = [:]
        var index: File?
        for (path, bytes) in contents {
            guard let contentType = WebMediaTypes.contentType(forPath: path) else {
                throw WebAppBundleError(
                    description: "\(directory)/\(path): the web app serves only "
                        + WebMediaTypes.knownExtensions.joined(separator: ", ") + " files; remove it or rename it (server.web_directory).")
            }
            if path == "index.html" {
                let page = String(decoding: bytes, as: UTF8.self)
                    .replacingOccurrences(of: "{{assets}}", with: "/assets/\(build)")
                    .replacingOccurrences(of: "{{version}}", with: version)
                    .replacingOccurrences(of: "{{sso}}", with: campusSignOn ? "on" : "off")
                index = File.make(contentType: contentType, bytes: Array(page.utf8))
            } else {
                files[path] = File.make(contentType: contentType, bytes: bytes)
            }
        }
        guard let index else {
            throw WebAppBundleError(description: "\(directory) has no index.html: it is not the web app's folder (server.web_directory).")
        }
        return WebAppBundle(build: build, index: index, files: files)
    }

    private static func collect(directory: String, prefix: String, into contents: inout [(path: String, bytes: [UInt8])], total: inout Int) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        for name in names where !name.hasPrefix(".") && name != "README.md" {
            let fullPath = directory + "/" + name
            let path = prefix + name
            let attributes = try FileManager.default.attributesOfItem(atPath: fullPath)
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?:
                try collect(directory: fullPath, prefix: path + "/", into: &contents, total: &total)
            case .typeRegular?:
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fullPath)))
                total += bytes.count
                contents.append((path, bytes))
                guard contents.count <= maximumFiles, total <= maximumTotalBytes else {
                    throw WebAppBundleError(
                        description: "\(directory): the web app holds more than \(maximumFiles) files or \(maximumTotalBytes >> 20) MiB; "
                            + "server.web_directory should name the app's own folder.")
                }
            default:
                continue
            }
        }
    }
}

extension WebAppBundle.File {
    static func make(contentType: String, bytes: [UInt8]) -> Self {
        let compressible =
            contentType.hasPrefix("text/") || contentType.contains("javascript") || contentType.contains("json")
            || contentType.contains("svg")
        let gzipped = compressible && bytes.count >= 512 ? Gzip.compress(bytes, level: 9).flatMap { $0.count < bytes.count ? $0 : nil } : nil
        return Self(contentType: contentType, body: ByteBuffer(bytes: bytes), gzipped: gzipped.map { ByteBuffer(bytes: $0) })
    }
}

/// Why the web app's folder could not be served; the message names the file and the setting.
public struct WebAppBundleError: Error, CustomStringConvertible {
    public let description: String
}
