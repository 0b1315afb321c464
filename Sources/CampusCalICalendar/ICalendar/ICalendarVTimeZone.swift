import Foundation
import Synchronization

/// Generates `VTIMEZONE` components from Foundation's time zone data.
///
/// RFC 5545 makes a sender define every TZID it uses, and Outlook refuses zoned times without one.
/// The definition is explicit rather than rule-based: one observance per distinct (kind, offsets,
/// abbreviation), its first onset as `DTSTART` and every later onset within the covered years as
/// `RDATE`. No `RRULE`s means no disagreement about rules that changed over the years (US DST in
/// 2007, Mexico in 2022), and readers need nothing beyond RDATE support, which all have.
public enum ICalendarVTimeZone {
    /// A `VTIMEZONE` for the IANA zone `identifier` valid from the start of `years.lowerBound` to
    /// the end of `years.upperBound`, or `nil` if Foundation does not know the zone.
    public static func component(for identifier: String, covering years: ClosedRange<Int>) -> ICalendarComponent? {
        let lower = max(1, min(years.lowerBound, 9998))
        let upper = max(lower, min(years.upperBound, 9998))
        let key = CacheKey(identifier: identifier, lower: lower, upper: upper)
        if let known = cache.withLock({ $0[key] }) { return known }
        let made = make(for: identifier, lower: lower, upper: upper)
        cache.withLock { cache in
            // A bound, not an eviction policy: a server sees a few dozen zones and year ranges.
            if cache.count >= 4_096 { cache.removeAll() }
            cache[key] = made
        }
        return made
    }

    /// Made once per zone and years and kept: the definitions depend only on the process's time
    /// zone data, and asking Foundation (ICU) for each transition's abbreviation was a fifth of the
    /// CPU of serving a subscription feed (issue #11).
    private static let cache = Mutex<[CacheKey: ICalendarComponent?]>([:])

    private struct CacheKey: Hashable {
        var identifier: String
        var lower: Int
        var upper: Int
    }

    private static func make(for identifier: String, lower: Int, upper: Int) -> ICalendarComponent? {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        let startSeconds = LocalDateTime(year: lower, month: 1, day: 1).localSeconds - 86_400
        let endSeconds = LocalDateTime(year: upper + 1, month: 1, day: 1).localSeconds + 86_400
        let start = Date(timeIntervalSince1970: Double(startSeconds))
        let end = Date(timeIntervalSince1970: Double(endSeconds))

        struct Key: Hashable {
            var daylight: Bool
            var from: Int
            var to: Int
            var name: String?
        }
        var order: [Key] = []
        var onsets: [Key: [LocalDateTime]] = [:]
        func add(_ key: Key, _ onset: LocalDateTime) {
            if onsets[key] == nil { order.append(key) }
            onsets[key, default: []].append(onset)
        }

        var offset = zone.secondsFromGMT(for: start)
        add(
            Key(daylight: zone.isDaylightSavingTime(for: start), from: offset, to: offset, name: zone.abbreviation(for: start)),
            LocalDateTime(localSeconds: startSeconds + offset)
        )
        var cursor = start
        var steps = 0
        while steps < 10_000, let transition = zone.nextDaylightSavingTimeTransition(after: cursor), transition < end, transition > cursor {
            steps += 1
            let newOffset = zone.secondsFromGMT(for: transition)
            let seconds = Int(transition.timeIntervalSince1970.rounded())
            add(
                Key(daylight: zone.isDaylightSavingTime(for: transition), from: offset, to: newOffset, name: zone.abbreviation(for: transition)),
                LocalDateTime(localSeconds: seconds + offset)
            )
            offset = newOffset
            cursor = transition
        }

        var component = ICalendarComponent(name: "VTIMEZONE", properties: [ICalendarProperty(name: "TZID", value: identifier)])
        for key in order {
            let times = onsets[key] ?? []
            var properties = [
                ICalendarProperty(name: "DTSTART", value: ICalendarDateTime.format(times[0])),
                ICalendarProperty(name: "TZOFFSETFROM", value: ICalendarUTCOffset(seconds: key.from).description),
                ICalendarProperty(name: "TZOFFSETTO", value: ICalendarUTCOffset(seconds: key.to).description),
            ]
            if times.count > 1 {
                properties.append(
                    ICalendarProperty(name: "RDATE", value: times.dropFirst().map { ICalendarDateTime.format($0) }.joined(separator: ",")))
            }
            // Foundation on Linux names some zones' offsets "GMT-7"; a TZNAME like that helps no one.
            if let name = key.name, !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-") { properties.append(.text("TZNAME", name)) }
            component.components.append(ICalendarComponent(name: key.daylight ? "DAYLIGHT" : "STANDARD", properties: properties))
        }
        return component
    }
}
