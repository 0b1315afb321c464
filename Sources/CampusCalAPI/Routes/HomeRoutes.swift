import CampusCalCore
import Foundation
import HTTPTypes
import Hummingbird

/// `/`: what this server is and where its API and documentation are (issue #28). The "Open
/// CampusCal" link in every notice email leads here; until the web app (issue #30) takes the path
/// over, a person who follows it reads what CampusCal is instead of a JSON 404. No personal data,
/// no script, nothing fetched: a static page under a strict Content-Security-Policy.
enum HomeRoutes {
    static let page = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>CampusCal</title>
        <style>
        body { font: 1.05rem/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #1b1b1b; }
        h1 { font-size: 1.8rem; margin-bottom: 0.2rem; }
        a { color: #0b5394; }
        code { background: #f2f2f2; padding: 0 0.2rem; }
        </style>
        </head>
        <body>
        <main>
        <h1>CampusCal</h1>
        <p>Version \(CampusCalVersion.current)</p>
        <p>Your campus calendar server: classes, assignments from I-Learn, Canvas and Moodle, tasks, study groups and shared calendars.</p>
        <h2>Using it</h2>
        <ul>
        <li>Calendar and task apps use the REST API described in <a href="/api/v1/openapi.json">the API document</a> (OpenAPI 3.1).</li>
        <li>Sign in with <code>POST /api/v1/auth/login</code>; forgot your password? <code>POST /api/v1/auth/password-reset</code>.</li>
        <li>Any calendar app can subscribe to a calendar's secret feed address, which CampusCal gives you per calendar.</li>
        </ul>
        <h2>Running it</h2>
        <ul>
        <li>Health: <a href="/healthz">/healthz</a> and <a href="/readyz">/readyz</a>.</li>
        <li>Administrators: the operations guide, <code>docs/OPERATIONS.md</code>, ships with the server.</li>
        </ul>
        </main>
        </body>
        </html>

        """

    /// Nothing may load or run; only the page's own inline style applies.
    static let policy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func register(on routes: RouteTable) {
        routes.open(.get, "/") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.contentSecurityPolicy] = policy
            headers[.cacheControl] = "public, max-age=300"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page)))
        }
    }
}
