import Foundation

/// Turns a `TZID` parameter into an IANA zone name.
///
/// In order: an IANA name as is (`America/Denver`); a Windows name (`Mountain Standard Time`, what
/// Outlook and Brightspace write); a path-prefixed id (`/mozilla.org/20070129_1/Europe/Berlin`,
/// `/softwarestudio.org/Olson_20011030_5/America/New_York`) by its longest IANA suffix; finally the
/// `X-LIC-LOCATION` of the calendar's own `VTIMEZONE` with that TZID; and as a last resort (Outlook's
/// "Customized Time Zone") a common zone whose standard and daylight offsets match that
/// `VTIMEZONE`'s, recorded in `guesses` so callers can say it was a guess. Results are cached,
/// since a feed names the same few zones thousands of times.
public struct ICalendarTimeZoneResolver: Sendable {
    private var locations: [String: String] = [:]
    private var offsets: [String: Offsets] = [:]
    private var cache: [String: String?] = [:]
    /// TZIDs resolved only by matching UTC offsets, with the zone chosen.
    public private(set) var guesses: [String: String] = [:]

    private struct Offsets: Hashable {
        var standard: Int
        var daylight: Int?
    }

    /// A resolver that also knows the `VTIMEZONE`s of `calendar`.
    public init(calendar: ICalendarComponent? = nil) {
        for zone in calendar?.components(named: "VTIMEZONE") ?? [] {
            guard let tzid = zone.property("TZID")?.textValue else { continue }
            if let location = zone.property("X-LIC-LOCATION")?.textValue { locations[tzid] = location }
            let standard = zone.components(named: "STANDARD").last?.property("TZOFFSETTO").flatMap { ICalendarUTCOffset($0.value) }
            let daylight = zone.components(named: "DAYLIGHT").last?.property("TZOFFSETTO").flatMap { ICalendarUTCOffset($0.value) }
            if let standard = standard ?? daylight {
                offsets[tzid] = Offsets(standard: standard.seconds, daylight: daylight?.seconds == standard.seconds ? nil : daylight?.seconds)
            }
        }
    }

    /// Distinct TZIDs one resolver looks up; the rest read as unknown (floating). Real files name
    /// a handful; a hostile one naming a new zone on every property would otherwise cost a zone
    /// database lookup each (review M7).
    public static let maximumDistinctZones = 200

    /// The IANA name for `tzid`, or `nil` if nothing matches.
    public mutating func ianaIdentifier(for tzid: String) -> String? {
        if let cached = cache[tzid] { return cached }
        if cache.count >= Self.maximumDistinctZones { return nil }
        var resolved = Self.resolve(tzid, locations: locations)
        if resolved == nil, let wanted = offsets[tzid] {
            resolved = Self.candidateOffsets.first { $0.offsets == wanted }?.identifier
            if let resolved { guesses[tzid] = resolved }
        }
        cache[tzid] = resolved
        return resolved
    }

    /// Zones tried, most used first, when only offsets are known.
    private static let candidates: [String] = {
        let preferred = [
            "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage",
            "Pacific/Honolulu", "America/Halifax", "America/St_Johns", "America/Sao_Paulo", "America/Mexico_City", "America/Bogota",
            "America/Argentina/Buenos_Aires", "Europe/London", "Europe/Berlin", "Europe/Helsinki", "Europe/Moscow", "Africa/Lagos",
            "Africa/Johannesburg", "Africa/Cairo", "Asia/Jerusalem", "Asia/Dubai", "Asia/Karachi", "Asia/Kolkata", "Asia/Kathmandu",
            "Asia/Dhaka", "Asia/Bangkok", "Asia/Shanghai", "Asia/Tokyo", "Australia/Brisbane", "Australia/Adelaide", "Australia/Darwin",
            "Australia/Sydney", "Australia/Perth", "Pacific/Auckland", "Atlantic/Reykjavik", "Etc/UTC",
        ]
        return preferred + Set(WindowsTimeZones.mapping.values).subtracting(preferred).sorted()
    }()

    /// The candidates' offsets, computed once: each is a zone database lookup.
    private static let candidateOffsets: [(identifier: String, offsets: Offsets)] = candidates.compactMap { identifier in
        offsets(of: identifier).map { (identifier, $0) }
    }

    private static func offsets(of identifier: String) -> Offsets? {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        // Mid-January and mid-July of a recent year: one of them is in daylight time if the zone has any.
        let january = zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_768_435_200))
        let july = zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_784_073_600))
        return Offsets(standard: min(january, july), daylight: january == july ? nil : max(january, july))
    }

    /// The CLDR Windows-to-IANA mapping used, for display and tests.
    public static var windowsZones: [String: String] { WindowsTimeZones.mapping }

    /// The IANA name for `tzid` without calendar context.
    public static func ianaIdentifier(for tzid: String) -> String? { resolve(tzid, locations: [:]) }

    private static func resolve(_ raw: String, locations: [String: String]) -> String? {
        let tzid = raw.trimmingCharacters(in: CharacterSet(charactersIn: "\" \t"))
        guard !tzid.isEmpty else { return nil }
        if let iana = known(tzid) { return iana }
        if let windows = WindowsTimeZones.ianaIdentifier(for: tzid) { return windows }
        let parts = tzid.split(separator: "/").map(String.init)
        // IANA names have at most three segments (America/Argentina/Buenos_Aires); trying only
        // those suffixes keeps a hostile TZID with thousands of slashes cheap.
        if parts.count > 1 {
            for start in max(1, parts.count - 3)..<parts.count {
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
