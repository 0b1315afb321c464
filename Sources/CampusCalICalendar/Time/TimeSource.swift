import Foundation

/// Where the domain reads "now" from.
///
/// Every rule that depends on time (session idle expiry, login lockout windows) asks a `TimeSource`
/// instead of calling `Date()`, so tests can move time forward without sleeping.
public protocol TimeSource: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The wall clock.
public struct SystemTimeSource: TimeSource {
    public init() {}
    public func now() -> Date { Date() }
}
