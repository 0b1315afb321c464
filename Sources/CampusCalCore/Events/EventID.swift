import Foundation

/// The server's stable, opaque identifier of an event (random UUID). The iCalendar `UID`, which
/// other calendar programs use, is kept separately in `CalendarEvent.uid`.
public struct EventID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static func generate() -> EventID { EventID(rawValue: RandomUUID.text()) }

    public var description: String { rawValue }
}
