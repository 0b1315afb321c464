import Foundation

/// The stable, opaque identifier of a user.
///
/// A random UUID rather than a row number, so identifiers reveal neither how many accounts exist
/// nor the order they were made in (a FERPA concern: ids must not help single a student out).
public struct UserID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// A new random identifier.
    public static func generate() -> UserID { UserID(rawValue: RandomUUID.text()) }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
