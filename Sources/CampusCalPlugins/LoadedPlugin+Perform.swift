import CampusCalCore
import CampusCalICalendar
import Foundation

/// The direct implementation of the call path: a `PluginCall` becomes the C call it names, on the
/// plugin's thread (`LoadedPlugin`'s methods). In the server for in-process plugins; in a runner
/// for the call the server sent it. What comes back is checked by `CheckedPlugin`, not here.
extension LoadedPlugin {
    func perform(_ call: PluginCall) async throws -> PluginReply {
        do {
            switch call {
            case .dayLabels(let first, let last):
                guard let first = RFC3339.parseDate(first), let last = RFC3339.parseDate(last) else {
                    return .failed(reason: "day labels were asked for dates that are not dates", timedOut: false)
                }
                return .dayLabels(try await labels(from: first, to: last).map(WireDayLabel.init))
            case .itemsChanged(let changes, _):
                return .itemsDone(failures: try await itemsChanged(changes), writes: [])
            case .panel(let subject):
                return .panel(try await panel(subject: subject))
            case .deliver(let notification):
                try await deliver(notification)
                return .done
            case .runJob(let now):
                try await runJob(now: Date(timeIntervalSince1970: TimeInterval(now)))
                return .done
            case .export(let events, let calendarName):
                return .exported(Data(try await export(events, calendarName: calendarName)))
            case .parse(let data):
                return .parsed(try await parse(Array(data)))
            }
        } catch let failure as CallFailure {
            return .failed(reason: failure.description, timedOut: false)
        } catch let refusal as PluginFileRefusal {
            return .unreadable(refusal.message)
        }
        // A deadline overrun (`PluginCallQueue.Timeout`, `.Hung`) is thrown: the caller contains it.
    }
}
