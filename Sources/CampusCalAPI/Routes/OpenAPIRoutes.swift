import Foundation
import Hummingbird
import Logging

/// Serves the OpenAPI 3.1 description of the API.
enum OpenAPIRoutes {
    static func register(on routes: RouteTable) {
        routes.open(.get, "/api/v1/openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
        }
    }
}
