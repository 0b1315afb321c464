import CCampusCalPluginABI
import CampusCalCore
import Foundation
import Logging

/// Plugins' scheduled jobs (`job_interval_seconds`): when each runs, and never two runs of one plugin at once.
extension PluginManager {
    /// Starts the scheduled jobs that are due at `now` and schedules the next: the first one
    /// interval (plus up to a tenth of it at random) after the plugin is first seen active, then
    /// every interval (plus jitter) after each run starts. A plugin not active loses its schedule
    /// (enabled again, it starts afresh); missed runs are not made up. The server calls this every
    /// few seconds; runs go on in the background.
    public func runDueJobs(now: Date) {
        for (id, entry) in entries where entry.status == .active && entry.jobIntervalSeconds > 0 {
            guard let instance = entry.instance else { continue }
            let interval = TimeInterval(entry.jobIntervalSeconds)
            guard let due = nextJobs[id] else {
                nextJobs[id] = now.addingTimeInterval(interval + Self.jitter(interval))
                continue
            }
            guard due <= now, !runningJobs.contains(id) else { continue }
            nextJobs[id] = now.addingTimeInterval(interval + Self.jitter(interval))
            runningJobs.insert(id)
            Task {
                var failure: (any Error)?
                do { try await instance.runJob(now: now) } catch { failure = error }
                self.finishedJob(of: id, failure: failure)
            }
        }
        for id in nextJobs.keys where entries[id]?.status != .active { nextJobs[id] = nil }
    }

    private func finishedJob(of id: String, failure: (any Error)?) {
        runningJobs.remove(id)
        if let failure { contain(failure, of: id, deadline: LoadedPlugin.scheduledJobDeadline) }
    }

    private static func jitter(_ interval: TimeInterval) -> TimeInterval { .random(in: 0...(interval / 10)) }
}
