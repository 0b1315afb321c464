import Foundation

/// A `VALARM` (RFC 5545 §3.6.6): a reminder attached to an event or a to-do.
public struct ICalendarAlarm: Sendable, Hashable {
    /// When the alarm fires.
    public enum Trigger: Sendable, Hashable {
        /// Relative to the start (or, with `relativeToEnd`, the end/due) of its parent; negative is before.
        case relative(ICalendarDuration, relativeToEnd: Bool)
        /// At a fixed instant (UTC).
        case absolute(LocalDateTime)
    }

    /// `DISPLAY`, `AUDIO`, `EMAIL` or another action, upper-cased.
    public var action: String
    public var trigger: Trigger?
    public var description: String?
    public var summary: String?
    /// `REPEAT` and `DURATION`: how many more times, and how far apart.
    public var repeatCount: Int?
    public var repeatInterval: ICalendarDuration?
    /// Everything else (ATTENDEE, ATTACH, X-…, UID, ACKNOWLEDGED…), in order.
    public var otherProperties: [ICalendarProperty]
    public var otherComponents: [ICalendarComponent]

    public init(
        action: String = "DISPLAY", trigger: Trigger? = nil, description: String? = nil, summary: String? = nil,
        repeatCount: Int? = nil, repeatInterval: ICalendarDuration? = nil, otherProperties: [ICalendarProperty] = [],
        otherComponents: [ICalendarComponent] = []
    ) {
        self.action = action
        self.trigger = trigger
        self.description = description
        self.summary = summary
        self.repeatCount = repeatCount
        self.repeatInterval = repeatInterval
        self.otherProperties = otherProperties
        self.otherComponents = otherComponents
    }
}
