import CampusCalCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Builds JSON responses with the API's encoder.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        let data = try APIJSON.encoder.encode(value)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A body already written as JSON (`TaskJSON`, `OccurrenceListJSON`).
    static func bytes(_ body: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func noContent() -> Response { Response(status: .noContent) }
}

/// `ETag` and `If-Match` for resources that carry a version number.
enum EntityTag {
    /// The strong entity tag of a version: `"v3"`.
    static func of(version: Int) -> String { "\"v\(version)\"" }

    static func headers(version: Int) -> HTTPFields { [.eTag: of(version: version)] }

    /// The version an `If-Match` header requires, nil when absent or `*`.
    /// A header naming no version this server could have issued is a precondition that cannot hold.
    static func expectedVersion(in headers: HTTPFields) throws -> Int? {
        guard let value = headers[.ifMatch]?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value != "*" else { return nil }
        for candidate in value.split(separator: ",") {
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag.hasPrefix("\"v"), tag.hasSuffix("\""), let version = Int(tag.dropFirst(2).dropLast()) { return version }
        }
        throw Problem(
            .preconditionFailed, code: "version-mismatch", title: "Changed since you read it",
            detail: "If-Match '\(value.prefix(80))' does not match the resource's current ETag. Read it again, then retry.")
    }

    /// Whether the request's `If-None-Match` names `tag` or is `*`: the client's copy is current and
    /// a GET answers 304 Not Modified. Compares weakly (RFC 9110 §13.1.2: `W/` is ignored), as
    /// `If-None-Match` requires.
    static func isCurrent(_ tag: String, ifNoneMatch headers: HTTPFields) -> Bool {
        guard let value = headers[.ifNoneMatch] else { return false }
        let opaque = tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
        for candidate in value.split(separator: ",") {
            var candidate = Substring(candidate.trimmingCharacters(in: .whitespaces))
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate = candidate.dropFirst(2) }
            if candidate == opaque { return true }
        }
        return false
    }
}
