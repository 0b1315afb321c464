import Foundation

/// Whether `condition` holds within `timeout`, checked every 50 ms.
///
/// For what the server's background services (reminder scheduler, shared-calendar notices, plugin
/// runners, the mail sender) do alongside a test: a test that calls a service itself may find the
/// work already taken, and sees it land a moment later. The budget is generous because CI is a
/// shared 2-core machine, and it grows with the machine's load (``TestTime/scale``); a condition
/// that holds returns at once, so passing tests stay fast.
public func eventually(within timeout: Duration = .seconds(30), _ condition: () async throws -> Bool) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout * TestTime.scale)
    while true {
        if try await condition() { return true }
        if clock.now >= deadline { return false }
        try await Task.sleep(for: .milliseconds(50))
    }
}
