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
    func methods(matching requestPath: String) -> [HTTPRequest.Method]? {
        let segments = requestPath.split(separator: "/", omittingEmptySubsequences: false)
        let methods = endpoints.filter { endpoint in
            let pattern = endpoint.path.split(separator: "/", omittingEmptySubsequences: false)
            guard pattern.count == segments.count else { return false }
            return zip(pattern, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }.map(\.method)
        return methods.isEmpty ? nil : methods
    }
}
