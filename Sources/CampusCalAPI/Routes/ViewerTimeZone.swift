import CampusCalCore
import CampusCalICalendar
import Foundation
import Hummingbird
import Logging
import Synchronization

/// `?tz=`: the IANA zone a caller views times in (their profile's zone when absent).
///
/// Zones are kept once made: Foundation on Linux builds a new `TimeZone` (reading tzdata) on every
/// `TimeZone(identifier:)`, and every calendar view asks for one. Only names that pass
/// `EventTime.isKnownTimeZone` are kept, so the table is bounded by the zone database.
struct ViewerTimeZone {
    var zone: TimeZone
    /// The name as asked for (Foundation calls UTC "GMT").
    var name: String

    private static let known = Mutex<[String: TimeZone]>([:])

    init(_ request: Request, caller: User) throws {
        let name = request.uri.queryParameters["tz"].map(String.init) ?? caller.timeZone
        if let zone = Self.known.withLock({ $0[name] }) {
            self.init(zone: zone, name: name)
            return
        }
        guard EventTime.isKnownTimeZone(name), let zone = TimeZone(identifier: name) else {
            throw Problem.badRequest(
                "invalid-parameter", "Query parameter 'tz' must be an IANA time zone name like 'America/Denver' (it was '\(name.prefix(64))').")
        }
        Self.known.withLock { $0[name] = zone }
        self.init(zone: zone, name: name)
    }

    private init(zone: TimeZone, name: String) {
        self.zone = zone
        self.name = name
    }
}
