import CampusCalAPI
import CampusCalTestSupport
import Foundation
import Testing

@Suite("The OpenAPI document describes exactly the endpoints that exist")
struct OpenAPICatalogTests {
    @Test func everyServedEndpointIsDocumentedAndNothingElse() throws {
        // With the shipped web app, whose asset route exists only where the app is installed.
        let server = try TestServer { $0.webDirectory = TestServer.repositoryRoot.appendingPathComponent("web").path }
        let catalog = server.services.httpAPI().catalog
        let served = Set(catalog.endpoints.map { "\($0.method.rawValue) \($0.path)" })

        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods: Set<String> = ["get", "put", "post", "patch", "delete", "head", "options"]
        var documented = Set<String>()
        for (path, operations) in paths {
            for method in operations.keys where methods.contains(method) { documented.insert("\(method.uppercased()) \(path)") }
        }
        #expect(served.subtracting(documented).isEmpty, "served but undocumented: \(served.subtracting(documented).sorted())")
        #expect(documented.subtracting(served).isEmpty, "documented but not served: \(documented.subtracting(served).sorted())")
    }

    @Test func theDocumentIsServed() async throws {
        let server = try TestServer()
        try await server.run { api in
            let reply = try await api.request(.get, "/api/v1/openapi.json")
            #expect(reply.status == .ok)
            #expect(reply.string("openapi") == "3.1.0")
        }
    }
}
