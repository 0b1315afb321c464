import Foundation

/// Turns a `TZID` parameter into an IANA zone name.
///
/// In order: an IANA name as is (`America/Denver`); a Windows name (`Mountain Standard Time`, what
/// Outlook and Brightspace write); a path-prefixed id (`/mozilla.org/20070129_1/Europe/Berlin`,
/// `/softwarestudio.org/Olson_20011030_5/America/New_York`) by its longest IANA suffix; finally the
/// `X-LIC-LOCATION` of the calendar's own `VTIMEZONE` with that TZID. Results are cached, since a
/// feed names the same few zones thousands of times.
public struct ICalendarTimeZoneResolver: Sendable {
    private var locations: [String: String]
    private var cache: [String: String?] = [:]

    /// A resolver that also knows the `VTIMEZONE`s of `calendar` (for `X-LIC-LOCATION`).
    public init(calendar: ICalendarComponent? = nil) {
        var locations: [String: String] = [:]
        for zone in calendar?.components(named: "VTIMEZONE") ?? [] {
            if let tzid = zone.property("TZID")?.textValue, let location = zone.property("X-LIC-LOCATION")?.textValue {
                locations[tzid] = location
            }
        }
        self.locations = locations
    }

    /// The IANA name for `tzid`, or `nil` if nothing matches.
    public mutating func ianaIdentifier(for tzid: String) -> String? {
        if let cached = cache[tzid] { return cached }
        let resolved = Self.resolve(tzid, locations: locations)
        cache[tzid] = resolved
        return resolved
    }

    /// The IANA name for `tzid` without calendar context.
    public static func ianaIdentifier(for tzid: String) -> String? { resolve(tzid, locations: [:]) }

    private static func resolve(_ raw: String, locations: [String: String]) -> String? {
        let tzid = raw.trimmingCharacters(in: CharacterSet(charactersIn: "\" \t"))
        guard !tzid.isEmpty else { return nil }
        if let iana = known(tzid) { return iana }
        if let windows = WindowsTimeZones.ianaIdentifier(for: tzid) { return windows }
        let parts = tzid.split(separator: "/").map(String.init)
        if parts.count > 1 {
            for start in 1..<parts.count {
                if let iana = known(parts[start...].joined(separator: "/")) { return iana }
            }
        }
        if let location = locations[raw] ?? locations[tzid], location != tzid { return resolve(location, locations: [:]) }
        return nil
    }

    /// `name` if Foundation knows it as a zone name. Only names containing a `/` (or UTC/GMT) are
    /// accepted: Foundation also accepts abbreviations like `EST`, whose meaning varies by country.
    private static func known(_ name: String) -> String? {
        let upper = name.uppercased()
        if upper == "UTC" || upper == "GMT" || upper == "Z" { return "Etc/UTC" }
        guard name.contains("/"), let zone = TimeZone(identifier: name) else { return nil }
        return zone.identifier
    }
}
