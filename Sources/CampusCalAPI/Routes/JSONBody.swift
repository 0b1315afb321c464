import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// A request body type whose JSON object may hold only the listed fields.
///
/// Unknown fields are refused rather than ignored: a misspelt `timezone` must not silently do nothing.
public protocol StrictJSONBody: Decodable, Sendable {
    static var fields: Set<String> { get }
}

extension KeyedDecodingContainer {
    /// An optional field that may not be `null`: nil when the key is absent, and a `null` value is
    /// refused like any other wrong type (400) rather than taken for "absent", as the API document says.
    func decodeUnlessAbsent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        contains(key) ? try decode(type, forKey: key) : nil
    }
}

/// Limits applied to request bodies.
public struct BodyLimits: Sendable {
    /// The largest JSON body accepted, in bytes.
    public var maximumBytes: Int
    /// The largest iCalendar file accepted by an import, in bytes.
    public var maximumImportBytes: Int

    public init(maximumBytes: Int = 1 << 20, maximumImportBytes: Int = 32 << 20) {
        self.maximumBytes = maximumBytes
        self.maximumImportBytes = maximumImportBytes
    }
}

extension Request {
    /// Reads and decodes a JSON request body strictly: JSON content type, size limit, an object with
    /// only known fields, and each field of the right type. Every failure is a 4xx `Problem`.
    func decodeStrictJSON<Body: StrictJSONBody>(_ type: Body.Type, limits: BodyLimits) async throws -> Body {
        if let contentType = headers[.contentType], !Self.isJSON(contentType) {
            throw Problem(
                .unsupportedMediaType, code: "unsupported-media-type", title: "Unsupported media type",
                detail: "The request body must be JSON, sent with 'Content-Type: application/json' (it was '\(contentType.prefix(80))').")
        }
        if let length = headers[.contentLength].flatMap(Int.init), length > limits.maximumBytes {
            throw Self.tooLarge(limits)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: limits.maximumBytes)
        } catch {
            throw Self.tooLarge(limits)
        }
        let data = Data(buffer.readableBytesView)
        if data.isEmpty {
            throw Problem.badRequest("malformed-body", "The request body is empty; send a JSON object.")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw Problem.badRequest("malformed-body", "The request body is not valid JSON.")
        }
        guard let dictionary = object as? [String: Any] else {
            throw Problem.badRequest("malformed-body", "The request body must be a JSON object.")
        }
        let unknown = dictionary.keys.filter { !Body.fields.contains($0) }.sorted()
        if !unknown.isEmpty {
            let listed = unknown.map { "'\($0.prefix(40))'" }.joined(separator: ", ")
            let allowed = Body.fields.sorted().joined(separator: ", ")
            throw Problem.badRequest("unknown-field", "Unknown field\(unknown.count > 1 ? "s" : "") \(listed). Allowed fields: \(allowed).")
        }
        return try APIJSON.decoder.decode(Body.self, from: data)
    }

    private static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }

    private static func tooLarge(_ limits: BodyLimits) -> Problem {
        Problem(
            .contentTooLarge, code: "body-too-large", title: "Request body too large",
            detail: "The request body is larger than the \(limits.maximumBytes) bytes this server accepts.")
    }
}
