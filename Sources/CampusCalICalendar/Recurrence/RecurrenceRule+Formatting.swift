import Foundation

extension RecurrenceRule {
    /// The rule as an RRULE value in a canonical part order; `RecurrenceRule(parsing:)` reads it
    /// back to an equal rule. `INTERVAL=1` and `WKST=MO` are the defaults and are left out.
    public var rfc5545: String {
        var parts = ["FREQ=\(frequency.icsName)"]
        switch end {
        case .count(let n): parts.append("COUNT=\(n)")
        case .until(let time): parts.append("UNTIL=\(Self.format(until: time))")
        case nil: break
        }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        func add(_ name: String, _ values: [Int]) {
            if !values.isEmpty { parts.append("\(name)=" + values.map(String.init).joined(separator: ",")) }
        }
        add("BYSECOND", bySecond)
        add("BYMINUTE", byMinute)
        add("BYHOUR", byHour)
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.icsValue).joined(separator: ",")) }
        add("BYMONTHDAY", byMonthDay)
        add("BYYEARDAY", byYearDay)
        add("BYWEEKNO", byWeekNumber)
        add("BYMONTH", byMonth)
        add("BYSETPOS", bySetPosition)
        if weekStart != .monday { parts.append("WKST=\(weekStart.icsCode)") }
        return parts.joined(separator: ";")
    }

    private static func format(until time: EventTime) -> String {
        let d = time.localDateTime
        let date = String(format: "%04d%02d%02d", d.date.year, d.date.month, d.date.day)
        switch time {
        case .date: return date
        case .utc: return date + String(format: "T%02d%02d%02dZ", d.hour, d.minute, d.second)
        case .floating, .zoned: return date + String(format: "T%02d%02d%02d", d.hour, d.minute, d.second)
        }
    }
}
