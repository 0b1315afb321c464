import Foundation

/// A group's id: a random UUID, so ids reveal nothing about other groups.
public struct GroupID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> GroupID { GroupID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}

/// The id of something inside a group: an invitation, a join request, an announcement, a message, a link.
public struct GroupItemID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> GroupItemID { GroupItemID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}
