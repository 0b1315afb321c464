import Foundation

/// The stable, opaque identifier of a calendar: a random UUID, so ids reveal nothing about other users' calendars.
public struct CalendarID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static func generate() -> CalendarID { CalendarID(rawValue: RandomUUID.text()) }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
