import Foundation

/// Builds a strict `VCALENDAR` from typed events and to-dos, with a `VTIMEZONE` for every zone used.
public enum ICalendarExport {
    /// A `VCALENDAR` with `VERSION`, `PRODID`, `calendarProperties` (e.g. X-WR-CALNAME, METHOD),
    /// one generated `VTIMEZONE` per IANA zone used, then the events and to-dos in order.
    /// `timestamp` is the `DTSTAMP` of items that have none (pass the domain clock's now).
    /// `timeZones: false` leaves the VTIMEZONEs out, for a reader that knows IANA zones by name
    /// (a CalDAV client asking for time zones by reference, RFC 7809).
    public static func calendar(
        events: [ICalendarEvent], todos: [ICalendarTodo] = [], productID: String = ICalendarSerializer.defaultProductID,
        calendarProperties: [ICalendarProperty] = [], timestamp: Date? = nil, timeZones: Bool = true
    ) -> ICalendarComponent {
        var calendar = ICalendarComponent(
            name: "VCALENDAR",
            properties: [ICalendarProperty(name: "VERSION", value: "2.0"), .text("PRODID", productID)]
        )
        calendar.properties += calendarProperties.filter { $0.name != "VERSION" && $0.name != "PRODID" }
        let eventComponents = events.map { component(for: $0, timestamp: timestamp) }
        let todoComponents = todos.map { component(for: $0, timestamp: timestamp) }
        var years: [String: ClosedRange<Int>] = [:]
        var openEnded: Set<String> = []
        for component in eventComponents + todoComponents {
            collectZones(component, into: &years)
            if component.property("RRULE") != nil || component.property("RDATE") != nil {
                for property in component.properties { if let zone = property.parameter("TZID") { openEnded.insert(zone) } }
            }
        }
        for zone in years.keys.sorted() where timeZones {
            guard let range = years[zone] else { continue }
            // A recurring series keeps going past its first years; cover a few more so readers do not
            // fall back to a stale offset.
            let upper = range.upperBound + (openEnded.contains(zone) ? 5 : 1)
            if let vtimezone = ICalendarVTimeZone.component(for: zone, covering: (range.lowerBound - 1)...upper) {
                calendar.components.append(vtimezone)
            }
        }
        calendar.components += eventComponents + todoComponents
        return calendar
    }

    /// The serialised text of `calendar(events:todos:…)`.
    public static func text(
        events: [ICalendarEvent], todos: [ICalendarTodo] = [], productID: String = ICalendarSerializer.defaultProductID,
        calendarProperties: [ICalendarProperty] = [], timestamp: Date? = nil, timeZones: Bool = true
    ) -> String {
        ICalendarSerializer.serialize(
            calendar(
                events: events, todos: todos, productID: productID, calendarProperties: calendarProperties, timestamp: timestamp,
                timeZones: timeZones))
    }

    private static func collectZones(_ component: ICalendarComponent, into years: inout [String: ClosedRange<Int>]) {
        for property in component.properties {
            guard let zone = property.parameter("TZID") else { continue }
            for part in property.value.split(separator: ",") {
                guard let year = Int(part.prefix(4)) else { continue }
                if let range = years[zone] {
                    years[zone] = min(range.lowerBound, year)...max(range.upperBound, year)
                } else {
                    years[zone] = year...year
                }
            }
        }
    }

    /// `DTSTAMP` is required; without a value and a clock, the epoch is the honest "unknown".
    private static func stamp(_ timestamp: Date?) -> EventTime {
        let seconds = timestamp?.timeIntervalSince1970 ?? 0
        // Years 1…9999 only; anything else (or NaN) is not a time a calendar can carry.
        let valid = seconds.isFinite && (-62_135_596_800...253_402_300_799).contains(seconds)
        return .utc(LocalDateTime(localSeconds: valid ? Int(seconds.rounded(.down)) : 0))
    }

    /// `time` with a zone Foundation knows: a Windows or prefixed name set by code is mapped to its
    /// IANA name so that a `VTIMEZONE` can be generated for it. Unresolvable names are left alone.
    static func canonical(_ time: EventTime) -> EventTime {
        guard case .zoned(let value, let zone) = time, TimeZone(identifier: zone) == nil,
            let iana = ICalendarTimeZoneResolver.ianaIdentifier(for: zone)
        else { return time }
        return .zoned(value, timeZone: iana)
    }

    /// The `VEVENT` for `event`; `timestamp` is its DTSTAMP if it has none.
    public static func component(for event: ICalendarEvent, timestamp: Date? = nil) -> ICalendarComponent {
        var builder = Builder(textParameters: event.textParameters)
        builder.text("UID", event.uid)
        builder.time("DTSTAMP", event.timestamp ?? stamp(timestamp))
        builder.time("DTSTART", event.start)
        builder.time("DTEND", event.end)
        if let duration = event.duration { builder.add(ICalendarProperty(name: "DURATION", value: duration.description)) }
        builder.common(
            summary: event.summary, description: event.description, location: event.location, url: event.url, categories: event.categories,
            classification: event.classification, status: event.status
        )
        if let transparency = event.transparency { builder.add(ICalendarProperty(name: "TRANSP", value: transparency)) }
        builder.recurrence(
            rule: event.recurrenceRule, dates: event.recurrenceDates, exceptions: event.exceptionDates, id: event.recurrenceID,
            thisAndFuture: event.recurrenceIDThisAndFuture
        )
        builder.meta(
            sequence: event.sequence, created: event.created, lastModified: event.lastModified, geo: event.geo, organizer: event.organizer,
            attendees: event.attendees
        )
        builder.properties += event.otherProperties
        return ICalendarComponent(
            name: "VEVENT", properties: builder.properties, components: event.alarms.map(component(for:)) + event.otherComponents)
    }

    /// The `VTODO` for `todo`; `timestamp` is its DTSTAMP if it has none.
    public static func component(for todo: ICalendarTodo, timestamp: Date? = nil) -> ICalendarComponent {
        var builder = Builder(textParameters: todo.textParameters)
        builder.text("UID", todo.uid)
        builder.time("DTSTAMP", todo.timestamp ?? stamp(timestamp))
        builder.time("DTSTART", todo.start)
        builder.time("DUE", todo.due)
        if let duration = todo.duration { builder.add(ICalendarProperty(name: "DURATION", value: duration.description)) }
        builder.common(
            summary: todo.summary, description: todo.description, location: todo.location, url: todo.url, categories: todo.categories,
            classification: todo.classification, status: todo.status
        )
        builder.time("COMPLETED", todo.completed)
        if let percent = todo.percentComplete { builder.add(ICalendarProperty(name: "PERCENT-COMPLETE", value: String(percent))) }
        if let priority = todo.priority { builder.add(ICalendarProperty(name: "PRIORITY", value: String(priority))) }
        builder.recurrence(
            rule: todo.recurrenceRule, dates: todo.recurrenceDates, exceptions: todo.exceptionDates, id: todo.recurrenceID,
            thisAndFuture: todo.recurrenceIDThisAndFuture
        )
        builder.meta(
            sequence: todo.sequence, created: todo.created, lastModified: todo.lastModified, geo: todo.geo, organizer: todo.organizer,
            attendees: todo.attendees
        )
        builder.properties += todo.otherProperties
        return ICalendarComponent(name: "VTODO", properties: builder.properties, components: todo.alarms.map(component(for:)) + todo.otherComponents)
    }

    /// The `VALARM` for `alarm`.
    public static func component(for alarm: ICalendarAlarm) -> ICalendarComponent {
        var properties = [ICalendarProperty(name: "ACTION", value: alarm.action)]
        switch alarm.trigger {
        case .relative(let duration, let relativeToEnd):
            properties.append(
                ICalendarProperty(
                    name: "TRIGGER", parameters: relativeToEnd ? [ICalendarParameter(name: "RELATED", value: "END")] : [],
                    value: duration.description
                )
            )
        case .absolute(let time):
            properties.append(
                ICalendarProperty(
                    name: "TRIGGER", parameters: [ICalendarParameter(name: "VALUE", value: "DATE-TIME")],
                    value: ICalendarDateTime.format(time, utc: true)
                )
            )
        case nil: break
        }
        // DISPLAY alarms require a DESCRIPTION (RFC 5545 §3.6.6); an empty one is the usual filler.
        if let description = alarm.description ?? (alarm.action == "DISPLAY" ? "Reminder" : nil) {
            properties.append(.text("DESCRIPTION", description))
        }
        if let summary = alarm.summary { properties.append(.text("SUMMARY", summary)) }
        if let count = alarm.repeatCount { properties.append(ICalendarProperty(name: "REPEAT", value: String(count))) }
        if let interval = alarm.repeatInterval { properties.append(ICalendarProperty(name: "DURATION", value: interval.description)) }
        properties += alarm.otherProperties
        return ICalendarComponent(name: "VALARM", properties: properties, components: alarm.otherComponents)
    }
}

/// Accumulates properties in the conventional order.
private struct Builder {
    var textParameters: [String: [ICalendarParameter]]
    var properties: [ICalendarProperty] = []

    mutating func add(_ property: ICalendarProperty) { properties.append(property) }

    mutating func text(_ name: String, _ value: String?) {
        guard let value else { return }
        add(.text(name, value, parameters: textParameters[name] ?? []))
    }

    mutating func time(_ name: String, _ value: EventTime?) {
        guard let value else { return }
        add(ICalendarDateTime.property(name, ICalendarExport.canonical(value)))
    }

    mutating func common(
        summary: String?, description: String?, location: String?, url: String?, categories: [String], classification: String?,
        status: String?
    ) {
        text("SUMMARY", summary)
        text("DESCRIPTION", description)
        text("LOCATION", location)
        if let url { add(ICalendarProperty(name: "URL", parameters: textParameters["URL"] ?? [], value: url)) }
        if !categories.isEmpty {
            add(ICalendarProperty(name: "CATEGORIES", value: categories.map(ICalendarText.escape).joined(separator: ",")))
        }
        if let classification { add(ICalendarProperty(name: "CLASS", value: classification)) }
        if let status { add(ICalendarProperty(name: "STATUS", value: status)) }
    }

    mutating func recurrence(rule: String?, dates: [EventTime], exceptions: [EventTime], id: EventTime?, thisAndFuture: Bool) {
        if let rule { add(ICalendarProperty(name: "RRULE", value: rule)) }
        // Each list is grouped by form, since one property can carry only one TZID / VALUE.
        for group in grouped(dates) { add(ICalendarDateTime.listProperty("RDATE", group)) }
        for group in grouped(exceptions) { add(ICalendarDateTime.listProperty("EXDATE", group)) }
        if let id {
            var property = ICalendarDateTime.property("RECURRENCE-ID", ICalendarExport.canonical(id))
            if thisAndFuture { property.setParameter("RANGE", "THISANDFUTURE") }
            add(property)
        }
    }

    mutating func meta(
        sequence: Int?, created: EventTime?, lastModified: EventTime?, geo: ICalendarGeo?, organizer: ICalendarProperty?,
        attendees: [ICalendarProperty]
    ) {
        if let sequence { add(ICalendarProperty(name: "SEQUENCE", value: String(sequence))) }
        time("CREATED", created)
        time("LAST-MODIFIED", lastModified)
        if let geo { add(ICalendarProperty(name: "GEO", value: geo.description)) }
        if let organizer { add(organizer) }
        properties += attendees
    }

    private func grouped(_ times: [EventTime]) -> [[EventTime]] {
        var groups: [[EventTime]] = []
        for time in times.map(ICalendarExport.canonical) {
            if let index = groups.firstIndex(where: { ICalendarDateTime.parameters(for: $0[0]) == ICalendarDateTime.parameters(for: time) }) {
                groups[index].append(time)
            } else {
                groups.append([time])
            }
        }
        return groups
    }
}
