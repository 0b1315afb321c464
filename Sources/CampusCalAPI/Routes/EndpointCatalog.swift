import Foundation
import HTTPTypes
import Logging

/// The endpoints the router serves, as method and path pattern (`/api/v1/admin/users/{id}`).
///
/// Kept beside the router so that a wrong method gets a 405 naming the right ones, and so the
/// tests can prove the OpenAPI document lists exactly the endpoints that exist.
public struct EndpointCatalog: Sendable {
    public struct Endpoint: Sendable, Hashable {
        public var method: HTTPRequest.Method
        /// OpenAPI-style template: parameters written `{name}`.
        public var path: String
    }

    public private(set) var endpoints: [Endpoint] = []

    mutating func add(_ method: HTTPRequest.Method, _ path: String) {
        endpoints.append(Endpoint(method: method, path: path))
    }

    /// The methods served at a concrete request path, or nil when no endpoint has this path.
    ///
    /// Where several patterns match (`/api/v1/tasks/export.ics` and `/api/v1/tasks/{id}`), the
    /// router takes the one with literal segments where the other has parameters, so only its
    /// methods are the path's; each method is listed once.
    func methods(matching requestPath: String) -> [HTTPRequest.Method]? {
        let segments = requestPath.split(separator: "/", omittingEmptySubsequences: false)
        let matching = endpoints.compactMap { endpoint -> (endpoint: Endpoint, literals: [Bool])? in
            let pattern = endpoint.path.split(separator: "/", omittingEmptySubsequences: false)
            guard pattern.count == segments.count, zip(pattern, segments).allSatisfy({ $0.hasPrefix("{") || $0 == $1 }) else { return nil }
            return (endpoint, pattern.map { !$0.hasPrefix("{") })
        }
        // Literal before parameter, segment by segment from the left, as the router's trie decides.
        guard let best = matching.map(\.literals).max(by: { $0.lexicographicallyPrecedes($1) { !$0 && $1 } }) else { return nil }
        var methods: [HTTPRequest.Method] = []
        for match in matching where match.literals == best && !methods.contains(match.endpoint.method) { methods.append(match.endpoint.method) }
        return methods
    }
}
