import Foundation
import HTTPTypes
import Hummingbird

/// `/` and `/assets/{build}/{path}`: the browser app (issue #30), served from memory.
///
/// The page is one HTML document that loads ES modules from `/assets/<build>/`; everything else
/// it shows comes from the REST API with the student's bearer token. So the rules here are about
/// what a browser may do with the page, not about who may read it: the HTML and its assets hold
/// no personal data and are the same for everyone.
enum WebAppRoutes {
    /// What the page may load and run: its own scripts, styles, images and API, nothing inline,
    /// nothing from elsewhere, never inside another site's frame. With no inline script allowed,
    /// an injected `<script>` or `onclick=` in any text the app shows does nothing.
    static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; "
        + "manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static func register(on routes: RouteTable, bundle: WebAppBundle) {
        // The page: revalidated on every visit (`no-cache` with an ETag, so a visit costs a 304), so
        // an upgraded server's page — and with it the new asset URLs — is seen at once.
        let pageTag = "\"\(bundle.build)\""
        routes.open(.get, "/") { request, _ in
            var headers = pageHeaders()
            headers[.eTag] = pageTag
            if EntityTag.isCurrent(pageTag, ifNoneMatch: request.headers) { return Response(status: .notModified, headers: headers) }
            return send(bundle.index, headers: headers, request: request)
        }

        // Assets: the URL names the build, so its bytes never change and browsers may keep them a year.
        routes.open(.get, "/assets/{build}/{path}", routerPath: "/assets/:build/**") { request, context in
            let path = context.parameters.getCatchAll().joined(separator: "/")
            guard context.parameters.get("build") == bundle.build else {
                throw Problem.notFound(
                    "This page belongs to an earlier version of CampusCal, which the server has since replaced; reload the page.")
            }
            guard let file = bundle.files[path] else {
                throw Problem.notFound("The web app has no file '\(path.prefix(200))'; reload the page.")
            }
            var headers = HTTPFields()
            headers[.cacheControl] = "public, max-age=31536000, immutable"
            // The service worker lives under /assets/<build>/ like every file, but shows notices for
            // the whole app: its scope may be `/` (the page registers it so).
            if path == "sw.js" { headers[HTTPField.Name("Service-Worker-Allowed")!] = "/" }
            return send(file, headers: headers, request: request)
        }
    }

    /// The page's own headers: its policy, and no leaking of its address (which may carry a
    /// route such as `#/groups/…`, though fragments are never sent) to sites it links to.
    static func pageHeaders() -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentSecurityPolicy] = policy
        headers[.cacheControl] = "no-cache"
        headers[.init("Referrer-Policy")!] = "no-referrer"
        headers[.init("Cross-Origin-Opener-Policy")!] = "same-origin"
        headers[.init("Permissions-Policy")!] = "camera=(), microphone=(), geolocation=(), payment=()"
        return headers
    }

    /// `file` with its type, gzipped when it has a gzipped form and the browser takes gzip.
    static func send(_ file: WebAppBundle.File, headers: HTTPFields, request: Request) -> Response {
        var headers = headers
        headers[.contentType] = file.contentType
        var body = file.body
        if let gzipped = file.gzipped {
            // A shared cache must keep both forms apart.
            headers[.vary] = "Accept-Encoding"
            if Gzip.isAccepted(by: request.headers[.acceptEncoding]) {
                headers[.contentEncoding] = "gzip"
                body = gzipped
            }
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}
