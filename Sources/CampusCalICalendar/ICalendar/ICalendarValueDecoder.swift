import Foundation

/// Decodes typed values from properties of one calendar, collecting issues with line numbers.
struct ICalendarValueDecoder {
    var resolver: ICalendarTimeZoneResolver
    var issues: [ICalendarIssue] = []
    private var reportedGuesses: Set<String> = []

    init(calendar: ICalendarComponent?) {
        resolver = ICalendarTimeZoneResolver(calendar: calendar)
    }

    mutating func report(_ property: ICalendarProperty, _ message: String) {
        issues.append(ICalendarIssue(line: property.line, message: message))
    }

    /// A DATE or DATE-TIME. An unknown TZID is reported and the time read as floating, so the item survives.
    mutating func time(_ property: ICalendarProperty) -> EventTime? {
        let times = times(property, raw: property.value)
        return times.first ?? nil
    }

    /// A comma-separated list of DATE or DATE-TIME (EXDATE, RDATE); bad entries are reported and skipped.
    mutating func timeList(_ property: ICalendarProperty) -> [EventTime] {
        times(property, raw: property.value).compactMap { $0 }
    }

    private mutating func times(_ property: ICalendarProperty, raw: String) -> [EventTime?] {
        let valueType = property.parameter("VALUE")?.uppercased()
        var zone: (tzid: String, iana: String?)?
        if let tzid = property.parameter("TZID") {
            zone = (tzid, resolver.ianaIdentifier(for: tzid))
            if let guess = resolver.guesses[tzid], !reportedGuesses.contains(tzid) {
                reportedGuesses.insert(tzid)
                report(property, "TZID '\(ICalendarIssue.excerpt(tzid))' is not a known zone; \(guess) has the offsets of its VTIMEZONE and is used")
            }
        }
        var reportedZone = false
        var result: [EventTime?] = []
        for part in raw.split(separator: ",", omittingEmptySubsequences: true) {
            let text = part.trimmingWhitespace()
            if valueType == "DATE" || text.utf8.count == 8 {
                if let date = ICalendarDateTime.parseDate(text) {
                    result.append(.date(date))
                    continue
                }
            }
            guard let parsed = ICalendarDateTime.parseDateTime(text) else {
                report(property, "\(property.name) value '\(text.prefix(40))' is not a DATE or DATE-TIME; ignored")
                result.append(nil)
                continue
            }
            if parsed.isUTC {
                result.append(.utc(parsed.value))
            } else if let zone {
                if let iana = zone.iana {
                    result.append(.zoned(parsed.value, timeZone: iana))
                } else {
                    if !reportedZone {
                        report(property, "unknown TZID '\(ICalendarIssue.excerpt(zone.tzid))' on \(property.name); the time is read as floating")
                        reportedZone = true
                    }
                    result.append(.floating(parsed.value))
                }
            } else {
                result.append(.floating(parsed.value))
            }
        }
        if result.isEmpty {
            report(property, "\(property.name) has no value; ignored")
        }
        return result
    }

    mutating func duration(_ property: ICalendarProperty) -> ICalendarDuration? {
        guard let duration = ICalendarDuration(property.value.trimmingWhitespace()) else {
            report(property, "\(property.name) value '\(property.value.prefix(40))' is not a DURATION; ignored")
            return nil
        }
        return duration
    }

    mutating func integer(_ property: ICalendarProperty, in range: ClosedRange<Int>) -> Int? {
        guard let value = Int(property.value.trimmingWhitespace()), range.contains(value) else {
            report(property, "\(property.name) value '\(property.value.prefix(40))' is not an integer in \(range); ignored")
            return nil
        }
        return value
    }

    mutating func geo(_ property: ICalendarProperty) -> ICalendarGeo? {
        guard let geo = ICalendarGeo(property.value) else {
            report(property, "GEO value '\(property.value.prefix(40))' is not 'latitude;longitude'; ignored")
            return nil
        }
        return geo
    }

    mutating func alarm(_ component: ICalendarComponent) -> ICalendarAlarm {
        var alarm = ICalendarAlarm(action: "")
        for property in component.properties {
            switch property.name {
            case "ACTION" where alarm.action.isEmpty:
                alarm.action = property.value.trimmingWhitespace().uppercased()
            case "TRIGGER" where alarm.trigger == nil:
                if property.parameter("VALUE")?.uppercased() == "DATE-TIME" || ICalendarDateTime.parseDateTime(property.value) != nil {
                    if let parsed = ICalendarDateTime.parseDateTime(property.value) {
                        alarm.trigger = .absolute(parsed.value)
                    } else {
                        report(property, "TRIGGER value '\(property.value.prefix(40))' is not a DATE-TIME; ignored")
                    }
                } else if let duration = duration(property) {
                    alarm.trigger = .relative(duration, relativeToEnd: property.parameter("RELATED")?.uppercased() == "END")
                }
            case "DESCRIPTION" where alarm.description == nil: alarm.description = property.textValue
            case "SUMMARY" where alarm.summary == nil: alarm.summary = property.textValue
            case "REPEAT" where alarm.repeatCount == nil: alarm.repeatCount = integer(property, in: 0...Int(Int32.max))
            case "DURATION" where alarm.repeatInterval == nil: alarm.repeatInterval = duration(property)
            default: alarm.otherProperties.append(property)
            }
        }
        if alarm.action.isEmpty {
            issues.append(ICalendarIssue(line: component.line, message: "VALARM without ACTION; DISPLAY assumed"))
            alarm.action = "DISPLAY"
        }
        if alarm.trigger == nil {
            issues.append(ICalendarIssue(line: component.line, message: "VALARM without a valid TRIGGER"))
        }
        alarm.otherComponents = component.components
        return alarm
    }
}
