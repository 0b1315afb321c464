import Foundation

/// Generates the wall-clock times one rule produces from a DTSTART, period by period, in order.
///
/// How it works (the same model as RFC 5545 §3.3.10 and python-dateutil): the rule's basic period
/// (a year, month, week, day, hour, minute or second) advances by INTERVAL from DTSTART's period.
/// In each period the candidate days are those passing every BYxxx day filter (BYMONTH, BYWEEKNO,
/// BYYEARDAY, BYMONTHDAY, BYDAY), crossed with the BYHOUR×BYMINUTE×BYSECOND times of day; BYSETPOS
/// then picks from that period's sorted set. Everything is integer "local seconds" (wall-clock
/// seconds since 1970 as if UTC), so invalid dates such as February 30 simply never appear.
///
/// Safety: the Gregorian calendar repeats every 400 years, so if a rule produces nothing for
/// 400 years times its period alignment, it never will and expansion stops; nothing goes past
/// year 9999. Sub-daily rules skip whole days, hours and minutes that fail a filter.
package struct RuleExpander: Sendable {
    let frequency: RecurrenceFrequency
    private let interval: Int
    private let start: Int
    private let startDay: Int
    private let startMonthIndex: Int
    private let startYear: Int
    private let startWeekDay: Int
    private let unit: Int
    private let startPeriod: Int
    private let monthMask: UInt16
    private let monthDayMask: UInt64
    private let negativeMonthDayMask: UInt64
    private let yearDays: [Int]
    private let weekNumbers: [Int]
    private let weekdayMask: UInt8
    private let ordinals: [(ordinal: Int, weekday: Int)]
    private let ordinalInMonth: Bool
    private let weekStart: Int
    private let hourMask: UInt32
    private let minuteMask: UInt64
    private let secondMask: UInt64
    private let minutes: [Int]
    private let seconds: [Int]
    private let timesOfDay: [Int]
    private let setPositions: [Int]
    private let maximumEmptySpan: Int
    private static let lastDay = LocalDate.dayNumber(year: 9999, month: 12, day: 31)
    /// INTERVAL is clamped to this (2^40): more seconds than years 1…9999 hold, so from any DTSTART
    /// a larger INTERVAL also leaves nothing but DTSTART's own period, and the result is the same.
    /// Unclamped, `INTERVAL=9223372036854775807` overflowed `interval * unit` and trapped (fuzzing, issue #11).
    static let maximumInterval = 1 << 40

    private var k = 0
    private var lastProductive: Int
    private(set) var exhausted = false
    private var cachedDay = Int.min
    private var cachedDayMatches = false

    init(rule: RecurrenceRule, start startTime: LocalDateTime) {
        frequency = rule.frequency
        interval = min(rule.interval, Self.maximumInterval)
        start = startTime.localSeconds
        startDay = startTime.date.dayNumber
        startYear = startTime.date.year
        startMonthIndex = startTime.date.year * 12 + startTime.date.month - 1
        weekStart = rule.weekStart.rawValue
        startWeekDay = startDay - (LocalDate.weekdayIndex(dayNumber: startDay) - weekStart + 7) % 7
        unit = [1, 60, 3600, 86_400, 86_400, 86_400, 86_400][rule.frequency.rawValue]
        startPeriod = Self.floorDiv(start, unit)
        lastProductive = start

        // DTSTART fills in what the rule leaves open (RFC 5545 §3.3.10, "information not contained in the rule").
        var byMonth = rule.byMonth
        var byMonthDay = rule.byMonthDay
        var byDay = rule.byDay
        if rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && byMonthDay.isEmpty && byDay.isEmpty {
            switch rule.frequency {
            case .yearly:
                if byMonth.isEmpty { byMonth = [startTime.date.month] }
                byMonthDay = [startTime.date.day]
            case .monthly: byMonthDay = [startTime.date.day]
            case .weekly: byDay = [WeekdayOccurrence(startTime.date.weekday)]
            default: break
            }
        }
        let hours = rule.byHour.isEmpty ? (rule.frequency >= .daily ? [startTime.hour] : Array(0...23)) : rule.byHour
        let minutesList = rule.byMinute.isEmpty ? (rule.frequency >= .hourly ? [startTime.minute] : Array(0...59)) : rule.byMinute
        let secondsList = rule.bySecond.isEmpty ? (rule.frequency >= .minutely ? [startTime.second] : Array(0...60)) : rule.bySecond
        monthMask = byMonth.reduce(0) { $0 | UInt16(1) << $1 }
        monthDayMask = byMonthDay.filter { $0 > 0 }.reduce(0) { $0 | UInt64(1) << $1 }
        negativeMonthDayMask = byMonthDay.filter { $0 < 0 }.reduce(0) { $0 | UInt64(1) << -$1 }
        yearDays = rule.byYearDay
        weekNumbers = rule.byWeekNumber
        weekdayMask = byDay.filter { $0.ordinal == nil }.reduce(0) { $0 | UInt8(1) << $1.weekday.rawValue }
        ordinals = byDay.compactMap { day in day.ordinal.map { ($0, day.weekday.rawValue) } }
        ordinalInMonth = rule.frequency == .monthly || !byMonth.isEmpty
        hourMask = hours.reduce(0) { $0 | UInt32(1) << $1 }
        minuteMask = minutesList.reduce(0) { $0 | UInt64(1) << $1 }
        secondMask = secondsList.reduce(0) { $0 | UInt64(1) << $1 }
        minutes = Array(Set(minutesList)).sorted()
        seconds = Array(Set(secondsList)).sorted()
        // Only daily and longer periods use the times of day. A sub-daily rule fills in every hour,
        // minute and second it leaves open, so building them cost 87,840 entries (and a sort) on
        // each expansion of a plain FREQ=SECONDLY (found by fuzzing, issue #11).
        var times: Set<Int> = []
        if rule.frequency >= .daily {
            for h in hours { for m in minutesList { for s in secondsList { times.insert(h * 3600 + m * 60 + s) } } }
        }
        timesOfDay = times.sorted()
        setPositions = rule.bySetPosition

        // How long a run of empty periods proves the rule can never match again (see the type's comment).
        let step = interval * unit
        let alignment = rule.frequency >= .daily ? interval : step / Self.gcd(step, 86_400)
        let (span, overflow) = (401 * 366 * 86_400).multipliedReportingOverflow(by: alignment)
        maximumEmptySpan = overflow ? Int.max : span
        if rule.frequency < .daily && !timeOfDayReachable(hours: hours, minutes: minutesList, seconds: secondsList) { exhausted = true }
        // BYSETPOS beyond the largest possible period (e.g. BYSETPOS=2 on FREQ=SECONDLY) can never select anything.
        let largestPeriod: Int
        switch rule.frequency {
        case .yearly: largestPeriod = 366 * timesOfDay.count
        case .monthly: largestPeriod = 31 * timesOfDay.count
        case .weekly: largestPeriod = 7 * timesOfDay.count
        case .daily: largestPeriod = timesOfDay.count
        case .hourly: largestPeriod = minutes.count * seconds.count
        case .minutely: largestPeriod = seconds.count
        case .secondly: largestPeriod = 1
        }
        if !setPositions.isEmpty && setPositions.allSatisfy({ abs($0) > largestPeriod }) { exhausted = true }
    }

    /// Whether any allowed time of day lies on the grid DTSTART + n × INTERVAL reaches.
    private func timeOfDayReachable(hours: [Int], minutes: [Int], seconds: [Int]) -> Bool {
        let g = Self.gcd(interval * unit, 86_400)
        let phase = Self.floorMod(startPeriod * unit, g)
        for h in hours {
            if frequency == .hourly {
                if Self.floorMod(h * 3600 - phase, g) == 0 { return true }
                continue
            }
            for m in minutes {
                if frequency == .minutely {
                    if Self.floorMod(h * 3600 + m * 60 - phase, g) == 0 { return true }
                    continue
                }
                for s in seconds where s < 60 && Self.floorMod(h * 3600 + m * 60 + s - phase, g) == 0 { return true }
            }
        }
        return false
    }

    /// Moves to the last period that starts at or before `local` (never backwards). Only for rules
    /// without COUNT, whose instances do not depend on the periods skipped: BYSETPOS works within
    /// one period and the INTERVAL grid is kept, so this is exact, not an approximation.
    mutating func skip(toLocal local: Int) {
        guard !exhausted, local > start else { return }
        let target: Int
        switch frequency {
        case .yearly: target = Self.floorDiv(LocalDate.civil(fromDayNumber: Self.floorDiv(local, 86_400)).year - startYear, interval)
        case .monthly:
            let (y, m, _) = LocalDate.civil(fromDayNumber: Self.floorDiv(local, 86_400))
            target = Self.floorDiv(y * 12 + m - 1 - startMonthIndex, interval)
        case .weekly: target = Self.floorDiv(Self.floorDiv(local, 86_400) - startWeekDay, 7 * interval)
        case .daily: target = Self.floorDiv(Self.floorDiv(local, 86_400) - startDay, interval)
        default: target = Self.floorDiv(Self.floorDiv(local, unit) - startPeriod, interval)
        }
        if target > k {
            k = target
            lastProductive = local
        }
    }

    /// Fills `buffer` with the next period's instances (possibly none); false once exhausted.
    mutating func nextPeriod(into buffer: inout [Int]) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        guard !exhausted else { return false }
        let periodStart: Int
        if frequency >= .daily {
            guard let firstDay = dailyCandidates(into: &buffer) else {
                exhausted = true
                return false
            }
            periodStart = firstDay * 86_400
            if !buffer.isEmpty && !(timesOfDay.count == 1 && timesOfDay[0] == 0) {
                let days = buffer
                buffer.removeAll(keepingCapacity: true)
                for day in days { for time in timesOfDay { buffer.append(day * 86_400 + time) } }
            } else {
                for i in buffer.indices { buffer[i] *= 86_400 }
            }
        } else {
            guard let first = subDailyCandidates(into: &buffer) else {
                exhausted = true
                return false
            }
            periodStart = first
        }
        if !setPositions.isEmpty && !buffer.isEmpty { applySetPositions(&buffer) }
        if buffer.isEmpty {
            if periodStart - lastProductive > maximumEmptySpan { exhausted = true }
        } else {
            lastProductive = periodStart
        }
        return !exhausted || !buffer.isEmpty
    }

    private func applySetPositions(_ buffer: inout [Int]) {
        var chosen: [Int] = []
        for position in setPositions {
            let index = position > 0 ? position - 1 : buffer.count + position
            if index >= 0 && index < buffer.count && !chosen.contains(buffer[index]) { chosen.append(buffer[index]) }
        }
        chosen.sort()
        buffer = chosen
    }

    /// The matching day numbers of period `k` (then advances `k`); returns the period's first day, nil past year 9999.
    private mutating func dailyCandidates(into days: inout [Int]) -> Int? {
        let index = k
        k += 1
        switch frequency {
        case .yearly:
            let year = startYear + index * interval
            guard year <= 9999 else { return nil }
            if !weekNumbers.isEmpty {
                // Visit only the days of the selected weeks, not all 365.
                let weeks = WeekYears(year: year, weekStart: weekStart)
                for day in weeks.days(inWeeks: weekNumbers, ofYear: year) {
                    let (y, m, d) = LocalDate.civil(fromDayNumber: day)
                    if dayMatches(day, year: y, month: m, day: d, weeks: weeks) { days.append(day) }
                }
                return LocalDate.dayNumber(year: year, month: 1, day: 1)
            }
            let weeks: WeekYears? = nil
            for month in 1...12 where monthMask == 0 || monthMask & (1 << month) != 0 {
                appendMatches(year: year, month: month, from: 1, through: LocalDate.daysIn(month: month, year: year), weeks: weeks, into: &days)
            }
            return LocalDate.dayNumber(year: year, month: 1, day: 1)
        case .monthly:
            let monthIndex = startMonthIndex + index * interval
            let year = monthIndex / 12
            let month = monthIndex % 12 + 1
            guard year <= 9999 else { return nil }
            if monthMask == 0 || monthMask & (1 << month) != 0 {
                appendMatches(year: year, month: month, from: 1, through: LocalDate.daysIn(month: month, year: year), weeks: nil, into: &days)
            }
            return LocalDate.dayNumber(year: year, month: month, day: 1)
        case .weekly:
            let first = startWeekDay + index * 7 * interval
            guard first <= Self.lastDay else { return nil }
            for day in first..<(first + 7) where dayMatches(day) { days.append(day) }
            return first
        default:
            let day = startDay + index * interval
            guard day <= Self.lastDay else { return nil }
            if dayMatches(day) { days.append(day) }
            return day
        }
    }

    /// The instances of the next sub-daily period that passes the filters, skipping failing days,
    /// hours and minutes in one step; returns the period's start, nil past year 9999.
    private mutating func subDailyCandidates(into buffer: inout [Int]) -> Int? {
        let periodStart = (startPeriod + k * interval) * unit
        let day = Self.floorDiv(periodStart, 86_400)
        guard day <= Self.lastDay else { return nil }
        if day != cachedDay {
            cachedDay = day
            cachedDayMatches = dayMatches(day)
        }
        guard cachedDayMatches else {
            jump(to: (day + 1) * 86_400)
            return periodStart
        }
        let secondOfDay = periodStart - day * 86_400
        let hour = secondOfDay / 3600
        guard hourMask & (1 << hour) != 0 else {
            if frequency == .hourly { k += 1 } else { jump(to: periodStart - secondOfDay % 3600 + 3600) }
            return periodStart
        }
        if frequency < .hourly {
            let minute = secondOfDay / 60 % 60
            guard minuteMask & (1 << minute) != 0 else {
                if frequency == .minutely { k += 1 } else { jump(to: periodStart - secondOfDay % 60 + 60) }
                return periodStart
            }
        }
        k += 1
        switch frequency {
        case .hourly:
            for m in minutes { for s in seconds { buffer.append(periodStart + m * 60 + s) } }
        case .minutely:
            for s in seconds { buffer.append(periodStart + s) }
        default:
            if secondMask & (1 << (secondOfDay % 60)) != 0 { buffer.append(periodStart) }
        }
        return periodStart
    }

    /// Advances `k` to the first period starting at or after `local`.
    private mutating func jump(to local: Int) {
        let period = Self.floorDiv(local + unit - 1, unit)
        k = max(k + 1, Self.floorDiv(period - startPeriod + interval - 1, interval))
    }

    private func appendMatches(year: Int, month: Int, from: Int, through: Int, weeks: WeekYears?, into days: inout [Int]) {
        let first = LocalDate.dayNumber(year: year, month: month, day: 1)
        for day in from...through where dayMatches(first + day - 1, year: year, month: month, day: day, weeks: weeks) {
            days.append(first + day - 1)
        }
    }

    private func dayMatches(_ dayNumber: Int) -> Bool {
        let (year, month, day) = LocalDate.civil(fromDayNumber: dayNumber)
        return dayMatches(dayNumber, year: year, month: month, day: day, weeks: nil)
    }

    private func dayMatches(_ dayNumber: Int, year: Int, month: Int, day: Int, weeks: WeekYears?) -> Bool {
        if monthMask != 0 && monthMask & (1 << month) == 0 { return false }
        let monthLength = LocalDate.daysIn(month: month, year: year)
        if monthDayMask | negativeMonthDayMask != 0
            && monthDayMask & (1 << day) == 0 && negativeMonthDayMask & (1 << (monthLength - day + 1)) == 0
        {
            return false
        }
        var dayOfYear = 0
        var yearLength = 0
        if !yearDays.isEmpty || (!ordinals.isEmpty && !ordinalInMonth) {
            dayOfYear = dayNumber - LocalDate.dayNumber(year: year, month: 1, day: 1) + 1
            yearLength = LocalDate.isLeap(year) ? 366 : 365
        }
        if !yearDays.isEmpty && !yearDays.contains(dayOfYear) && !yearDays.contains(dayOfYear - yearLength - 1) { return false }
        if weekdayMask != 0 || !ordinals.isEmpty {
            let weekday = LocalDate.weekdayIndex(dayNumber: dayNumber)
            if weekdayMask & (1 << weekday) == 0 {
                let (position, length) = ordinalInMonth ? (day, monthLength) : (dayOfYear, yearLength)
                let fromStart = (position - 1) / 7 + 1
                let fromEnd = -((length - position) / 7 + 1)
                guard ordinals.contains(where: { $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd) }) else {
                    return false
                }
            }
        }
        if let weeks {
            let (number, count) = weeks.week(of: dayNumber)
            if !weekNumbers.contains(number) && !weekNumbers.contains(number - count - 1) { return false }
        }
        return true
    }

    package static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }
    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

/// Week numbering for BYWEEKNO around one year (RFC 5545 §3.3.10, ISO 8601 generalised to WKST):
/// week 1 is the first week, starting on WKST, with at least four days in the year; a year has 52
/// or 53 weeks, and the days before its week 1 belong to the previous year's last week.
///
/// python-dateutil 2.9 gets the last week wrong in one case: for 2011 with WKST=MO it calls
/// January 1–2 week 53 (of 2010, which has only 52 ISO weeks); Python's own `isocalendar()`
/// agrees with us that they are week 52. The oracle test avoids BYWEEKNO=±52/±53 for that reason.
struct WeekYears: Sendable {
    /// Day numbers of the first day of week 1 of year-1, year, year+1, year+2.
    private let starts: [Int]

    init(year: Int, weekStart: Int) {
        starts = (year - 1...year + 2).map { y in
            let january1 = LocalDate.dayNumber(year: y, month: 1, day: 1)
            let offset = (weekStart - LocalDate.weekdayIndex(dayNumber: january1) + 7) % 7
            return offset >= 4 ? january1 + offset - 7 : january1 + offset
        }
    }

    /// The days of calendar year `year` that lie in one of the given week numbers (negative ones
    /// counting from the end of their week-year), sorted.
    func days(inWeeks numbers: [Int], ofYear year: Int) -> [Int] {
        let first = LocalDate.dayNumber(year: year, month: 1, day: 1)
        let end = LocalDate.dayNumber(year: year + 1, month: 1, day: 1)
        var days: Set<Int> = []
        for i in 0..<3 {
            let count = (starts[i + 1] - starts[i]) / 7
            for number in numbers {
                let week = number > 0 ? number : count + 1 + number
                guard (1...count).contains(week) else { continue }
                let weekStart = starts[i] + (week - 1) * 7
                let lower = max(weekStart, first)
                let upper = min(weekStart + 7, end)
                if lower < upper { for day in lower..<upper { days.insert(day) } }
            }
        }
        return days.sorted()
    }

    /// The week number of a day (within its week-year) and how many weeks that week-year has.
    func week(of dayNumber: Int) -> (number: Int, count: Int) {
        let i = dayNumber < starts[1] ? 0 : (dayNumber >= starts[2] ? 2 : 1)
        return ((dayNumber - starts[i]) / 7 + 1, (starts[i + 1] - starts[i]) / 7)
    }
}
