import Foundation
import Logging

/// The OpenAPI 3.1 document, `openapi.json` beside this file, embedded at build time.
///
/// Hand-written, and checked from both sides by the tests: every endpoint the router serves is in
/// it and nothing else (`OpenAPICatalogTests`), and schemathesis fuzzes the live server against it.
public enum OpenAPIDocument {
    public static let json: String = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
