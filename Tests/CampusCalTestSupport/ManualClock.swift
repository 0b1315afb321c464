import CampusCalCore
import CampusCalICalendar
import Foundation
import Synchronization

/// A clock that only moves when a test says so, so time rules are tested without sleeping.
public final class ManualClock: TimeSource {
    // Mutex: the server reads the clock from request tasks while the test advances it.
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) { current = Mutex(start) }

    public func now() -> Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
