import Foundation

extension RecurrenceRule {
    /// Parses an RRULE value such as `FREQ=MONTHLY;BYDAY=-1FR;COUNT=6` (an `RRULE:` prefix is allowed).
    ///
    /// Strict on purpose: a rule we misread silently puts events on the wrong days, so unknown or
    /// repeated parts, bad numbers, COUNT with UNTIL and the combinations RFC 5545 forbids are all
    /// errors naming the part.
    public init(parsing text: String) throws(RecurrenceRuleError) {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        guard !body.isEmpty else { throw RecurrenceRuleError(part: nil, message: "The recurrence rule is empty") }
        var parts: [String: String] = [:]
        for piece in body.split(separator: ";", omittingEmptySubsequences: false) {
            guard let equals = piece.firstIndex(of: "=") else {
                throw RecurrenceRuleError(part: String(piece), message: "Rule part '\(piece)' is not of the form NAME=VALUE")
            }
            let name = piece[..<equals].uppercased()
            let value = String(piece[piece.index(after: equals)...])
            guard Self.partNames.contains(name) else { throw RecurrenceRuleError(part: name, message: "Unknown rule part '\(name)'") }
            guard parts[name] == nil else { throw RecurrenceRuleError(part: name, message: "\(name) appears more than once") }
            guard !value.isEmpty else { throw RecurrenceRuleError(part: name, message: "\(name) has no value") }
            parts[name] = value
        }
        guard let freqText = parts["FREQ"] else { throw RecurrenceRuleError(part: "FREQ", message: "FREQ is required") }
        guard let frequency = RecurrenceFrequency.allCases.first(where: { $0.icsName == freqText.uppercased() }) else {
            throw RecurrenceRuleError(part: "FREQ", message: "FREQ value '\(freqText)' is not one of SECONDLY…YEARLY")
        }
        if parts["COUNT"] != nil && parts["UNTIL"] != nil {
            throw RecurrenceRuleError(part: "COUNT", message: "COUNT and UNTIL must not both be given")
        }
        var end: End?
        if let count = parts["COUNT"] { end = .count(try Self.integer(count, "COUNT")) }
        if let until = parts["UNTIL"] { end = .until(try Self.untilValue(until)) }
        var weekStart = Weekday.monday
        if let wkst = parts["WKST"] {
            guard let day = Weekday(icsCode: wkst) else {
                throw RecurrenceRuleError(part: "WKST", message: "WKST value '\(wkst)' is not a weekday MO…SU")
            }
            weekStart = day
        }
        try self.init(
            frequency: frequency, interval: try parts["INTERVAL"].map { v throws(RecurrenceRuleError) in try Self.integer(v, "INTERVAL") } ?? 1,
            end: end, bySecond: try Self.list(parts["BYSECOND"], "BYSECOND"), byMinute: try Self.list(parts["BYMINUTE"], "BYMINUTE"),
            byHour: try Self.list(parts["BYHOUR"], "BYHOUR"), byDay: try Self.weekdays(parts["BYDAY"]),
            byMonthDay: try Self.list(parts["BYMONTHDAY"], "BYMONTHDAY"), byYearDay: try Self.list(parts["BYYEARDAY"], "BYYEARDAY"),
            byWeekNumber: try Self.list(parts["BYWEEKNO"], "BYWEEKNO"), byMonth: try Self.list(parts["BYMONTH"], "BYMONTH"),
            bySetPosition: try Self.list(parts["BYSETPOS"], "BYSETPOS"), weekStart: weekStart)
    }

    static let partNames: Set<String> = [
        "FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO",
        "BYMONTH", "BYSETPOS", "WKST",
    ]

    private static func integer(_ text: some StringProtocol, _ part: String) throws(RecurrenceRuleError) -> Int {
        let trimmed = text.hasPrefix("+") ? String(text.dropFirst()) : String(text)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }), let value = Int(trimmed) else {
            throw RecurrenceRuleError(part: part, message: "\(part) value '\(text)' is not an integer")
        }
        return value
    }

    private static func list(_ text: String?, _ part: String) throws(RecurrenceRuleError) -> [Int] {
        guard let text else { return [] }
        var values: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) { values.append(try integer(item, part)) }
        return values
    }

    private static func weekdays(_ text: String?) throws(RecurrenceRuleError) -> [WeekdayOccurrence] {
        guard let text else { return [] }
        var values: [WeekdayOccurrence] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard item.count >= 2, let day = Weekday(icsCode: String(item.suffix(2))) else {
                throw RecurrenceRuleError(part: "BYDAY", message: "BYDAY value '\(item)' is not a weekday such as MO, 2TU or -1FR")
            }
            let prefix = item.dropLast(2)
            values.append(WeekdayOccurrence(day, ordinal: prefix.isEmpty ? nil : try integer(prefix, "BYDAY ordinal")))
        }
        return values
    }

    private static func untilValue(_ text: String) throws(RecurrenceRuleError) -> EventTime {
        let bad = RecurrenceRuleError(part: "UNTIL", message: "UNTIL value '\(text)' is not a DATE (20261122) or DATE-TIME (20261122T090000Z)")
        let chars = Array(text.uppercased())
        func number(_ range: Range<Int>) throws(RecurrenceRuleError) -> Int {
            guard range.upperBound <= chars.count, let n = Int(String(chars[range])), chars[range].allSatisfy(\.isNumber) else { throw bad }
            return n
        }
        let date = LocalDate(year: try number(0..<4), month: try number(4..<6), day: try number(6..<8))
        if chars.count == 8 {
            guard date.isValid else { throw bad }
            return .date(date)
        }
        guard chars.count == 15 || (chars.count == 16 && chars[15] == "Z"), chars[8] == "T" else { throw bad }
        let time = LocalDateTime(date: date, hour: try number(9..<11), minute: try number(11..<13), second: try number(13..<15))
        guard time.isValid else { throw bad }
        return chars.count == 16 ? .utc(time) : .floating(time)
    }
}
