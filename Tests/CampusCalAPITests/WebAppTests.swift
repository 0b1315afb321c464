import CampusCalCore
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import CampusCalAPI

/// The browser app's serving (issue #30): what a browser is allowed to do with the page, how its
/// files are cached, and that no request path reaches anything but the app's own files.
@Suite("web app serving")
struct WebAppTests {
    /// A small app folder: a page, a module that imports another, a style sheet, and things the
    /// server must not publish (a dotfile, a README, a link out of the folder).
    static func fixture(in directory: TemporaryDirectory) throws -> String {
        let web = directory.file("web")
        try FileManager.default.createDirectory(atPath: web + "/js/views", withIntermediateDirectories: true)
        try """
        <!doctype html><html lang="en"><head><link rel="stylesheet" href="{{assets}}/app.css">
        <script type="module" src="{{assets}}/js/app.js"></script></head>
        <body data-version="{{version}}" data-sso="{{sso}}"><main id="app"></main></body></html>
        """.write(toFile: web + "/index.html", atomically: true, encoding: .utf8)
        try ("import { month } from './views/month.js';\n" + String(repeating: "// a comment long enough to be worth compressing\n", count: 40))
            .write(toFile: web + "/js/app.js", atomically: true, encoding: .utf8)
        try "export const month = 'month';\n".write(toFile: web + "/js/views/month.js", atomically: true, encoding: .utf8)
        try "body { margin: 0; }\n".write(toFile: web + "/app.css", atomically: true, encoding: .utf8)
        try "secret=1\n".write(toFile: web + "/.env", atomically: true, encoding: .utf8)
        try "# notes\n".write(toFile: web + "/README.md", atomically: true, encoding: .utf8)
        try "student data\n".write(toFile: directory.file("outside.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: web + "/outside.txt", withDestinationPath: directory.file("outside.txt"))
        return web
    }

    static func server() throws -> (TestServer, WebAppBundle) {
        let directory = TemporaryDirectory()
        let web = try fixture(in: directory)
        let server = try TestServer(directory: directory) { $0.webDirectory = web }
        return (server, try #require(server.services.webApp))
    }

    @Test func theAppPageAllowsNoInlineScriptAndNamesItsAssetsByBuild() async throws {
        let (server, bundle) = try Self.server()
        #expect(bundle.build.count == 16 && bundle.build.allSatisfy(\.isHexDigit))
        try await server.run { api in
            let page = try await api.request(.get, "/")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self';") && !policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(policy.contains("frame-ancestors 'none'") && policy.hasPrefix("default-src 'none'"))
            #expect(page.headers[.cacheControl] == "no-cache")
            #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("src=\"/assets/\(bundle.build)/js/app.js\""))
            #expect(html.contains("href=\"/assets/\(bundle.build)/app.css\""))
            #expect(html.contains("data-version=\"\(CampusCalVersion.current)\"") && !html.contains("{{"))
            // No campus sign-on set up here (auth.sso_header): the page does not offer it.
            #expect(html.contains("data-sso=\"off\""))

            // A returning browser revalidates and gets a 304, not the page again.
            let tag = try #require(page.headers[.eTag])
            let again = try await api.request(.get, "/", headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified && again.body.isEmpty)
        }
    }

    @Test func assetsAreCachedForAYearAndGzippedOnlyForBrowsersThatTakeGzip() async throws {
        let (server, bundle) = try Self.server()
        let source = try String(contentsOfFile: server.directory.file("web/js/app.js"), encoding: .utf8)
        try await server.run { api in
            let plain = try await api.request(.get, "/assets/\(bundle.build)/js/app.js")
            #expect(plain.status == .ok)
            #expect(plain.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(plain.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(plain.headers[.contentEncoding] == nil && plain.headers[.vary] == "Accept-Encoding")
            #expect(String(decoding: plain.body, as: UTF8.self) == source)

            let compressed = try await api.request(.get, "/assets/\(bundle.build)/js/app.js", headers: [.acceptEncoding: "gzip, br"])
            #expect(compressed.headers[.contentEncoding] == "gzip" && compressed.body.count < plain.body.count)
            #expect(Gzip.decompress([UInt8](compressed.body)).map { String(decoding: $0, as: UTF8.self) } == source)

            // A module in a subfolder, as relative imports ask for it.
            let nested = try await api.request(.get, "/assets/\(bundle.build)/js/views/month.js")
            #expect(nested.status == .ok && String(decoding: nested.body, as: UTF8.self).contains("export const month"))
        }
    }

    @Test func noRequestPathReachesAFileOutsideTheApp() async throws {
        let (server, bundle) = try Self.server()
        let assets = "/assets/\(bundle.build)"
        try await server.run { api in
            for path in [
                "\(assets)/../campuscal.sqlite", "\(assets)/js/../../outside.txt", "\(assets)/%2e%2e/outside.txt",
                "\(assets)/..%2Foutside.txt", "\(assets)/outside.txt", "\(assets)/.env", "\(assets)/README.md", "\(assets)/index.html",
                "\(assets)/js", "\(assets)/", "\(assets)//etc/passwd", "/assets/\(bundle.build)x/app.css",
            ] {
                let reply = try await api.request(.get, path)
                #expect(reply.status == .notFound, "\(path)")
                #expect(reply.headers[.contentType] == "application/problem+json", "\(path)")
                #expect(!String(decoding: reply.body, as: UTF8.self).contains("student data"), "\(path)")
            }
        }
    }

    @Test func anAssetOfAnEarlierBuildAsksThePersonToReload() async throws {
        let (server, _) = try Self.server()
        try await server.run { api in
            let stale = try await api.request(.get, "/assets/0123456789abcdef/js/app.js")
            #expect(stale.status == .notFound)
            #expect(stale.string("detail")?.contains("reload the page") == true)
        }
    }

    @Test func changingAnyFileOrTheServerChangesTheBuild() throws {
        let directory = TemporaryDirectory()
        let web = try Self.fixture(in: directory)
        let before = try #require(try WebAppBundle.load(directory: web, version: "1.0.0"))
        try "export const month = 'months';\n".write(toFile: web + "/js/views/month.js", atomically: true, encoding: .utf8)
        let after = try #require(try WebAppBundle.load(directory: web, version: "1.0.0"))
        let upgraded = try #require(try WebAppBundle.load(directory: web, version: "1.0.1"))
        let signOn = try #require(try WebAppBundle.load(directory: web, version: "1.0.1", campusSignOn: true))
        #expect(Set([before.build, after.build, upgraded.build, signOn.build]).count == 4)
        #expect(String(decoding: signOn.index.body.readableBytesView, as: UTF8.self).contains("data-sso=\"on\""))
    }

    @Test func aFolderThatIsNotAWebAppStopsTheStartNamingTheFile() throws {
        let directory = TemporaryDirectory()
        let web = try Self.fixture(in: directory)
        try Data([0x1F, 0x8B]).write(to: URL(fileURLWithPath: web + "/backup.tar.gz"))
        #expect {
            try TestServer(directory: directory) { $0.webDirectory = web }
        } throws: { error in
            "\(error)".contains("backup.tar.gz") && "\(error)".contains("server.web_directory")
        }

        let empty = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: empty.file("web"), withIntermediateDirectories: true)
        #expect {
            try TestServer(directory: empty) { $0.webDirectory = empty.file("web") }
        } throws: { error in
            "\(error)".contains("has no index.html")
        }
    }

    /// The app the project ships: loadable, free of anything its policy would block, and every
    /// module it imports is a file it has (a broken import is a blank page, not an error message).
    @Test func theShippedAppKeepsItsOwnPolicy() throws {
        let web = TestServer.repositoryRoot.appendingPathComponent("web").path
        let bundle = try #require(try WebAppBundle.load(directory: web, version: CampusCalVersion.current))
        let page = String(decoding: bundle.index.body.readableBytesView, as: UTF8.self)
        #expect(page.contains("/assets/\(bundle.build)/"))
        let html = [page] + bundle.files.filter { $0.key.hasSuffix(".html") }.map { String(decoding: $0.value.body.readableBytesView, as: UTF8.self) }
        for document in html {
            // Inline scripts, inline handlers and style attributes are what the policy refuses.
            #expect(document.firstRange(of: #/<script(?![^>]*\bsrc=)[^>]*>/#) == nil)
            #expect(document.firstRange(of: #/\son[a-z]+\s*=/#) == nil)
            #expect(document.firstRange(of: #/\sstyle\s*=/#) == nil)
        }
        for (path, file) in bundle.files where path.hasSuffix(".js") {
            let source = String(decoding: file.body.readableBytesView, as: UTF8.self)
            #expect(!source.contains("eval(") && !source.contains("new Function("), "\(path)")
            let folder = path.split(separator: "/").dropLast()
            for match in source.matches(of: #/(?:from|import)\s*\(?\s*['"](\.{1,2}/[^'"]+)['"]/#) {
                var parts = Array(folder)
                for part in match.output.1.split(separator: "/") {
                    if part == ".." { parts = parts.dropLast() } else if part != "." { parts.append(part) }
                }
                #expect(bundle.files[parts.joined(separator: "/")] != nil, "\(path) imports \(match.output.1), which the app does not have")
            }
        }
    }
}
