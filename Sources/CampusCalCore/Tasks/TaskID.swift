import Foundation

/// A task's id: a random UUID, so ids reveal nothing about other users' tasks.
public struct TaskID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> TaskID { TaskID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}
