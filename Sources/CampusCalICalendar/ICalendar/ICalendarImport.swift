import Foundation

/// The typed contents of an iCalendar source: events, to-dos and every issue met on the way.
///
/// A component that cannot be used (a VEVENT without a readable DTSTART) is reported and left
/// out; everything else is kept, with guesses reported (an unknown TZID becomes floating time).
public struct ICalendarImport: Sendable {
    public var events: [ICalendarEvent]
    public var todos: [ICalendarTodo]
    /// Parse issues followed by mapping issues.
    public var issues: [ICalendarIssue]
    /// The component tree, for calendar-level properties (X-WR-CALNAME, METHOD) and anything else.
    public var document: ICalendarDocument

    /// Reads `text` and maps its components.
    public init(text: String) { self.init(document: ICalendarParser.parse(text)) }

    /// Reads `bytes` (UTF-8) and maps its components.
    public init(bytes: [UInt8], limits: ICalendarParser.Limits = .standard) {
        self.init(document: ICalendarParser.parse(bytes: bytes, limits: limits))
    }

    /// Maps the components of an already-parsed document.
    public init(document: ICalendarDocument) {
        self.document = document
        events = []
        todos = []
        var issues = ICalendarIssueList(maximum: ICalendarParser.Limits.standard.maximumIssues, dropped: document.omittedIssues)
        issues.append(contentsOf: document.issues)
        for root in document.components {
            // A feed without the VCALENDAR wrapper still has events worth reading.
            let children = root.name == "VCALENDAR" ? root.components : [root]
            var decoder = ICalendarValueDecoder(calendar: root.name == "VCALENDAR" ? root : nil)
            for component in children {
                switch component.name {
                case "VEVENT": if let event = Self.event(component, &decoder) { events.append(event) }
                case "VTODO": if let todo = Self.todo(component, &decoder) { todos.append(todo) }
                default: break
                }
            }
            issues.append(contentsOf: decoder.issues)
        }
        self.issues = issues.finished()
    }

    static func event(_ component: ICalendarComponent, _ decoder: inout ICalendarValueDecoder) -> ICalendarEvent? {
        var event = ICalendarEvent(uid: "")
        event.line = component.line
        var common = CommonFields()
        for property in component.properties {
            if common.take(property, &decoder) { continue }
            switch property.name {
            case "DTEND" where event.end == nil: event.end = decoder.time(property)
            case "TRANSP" where event.transparency == nil: event.transparency = property.value.trimmingWhitespace().uppercased()
            default: event.otherProperties.append(property)
            }
        }
        guard let start = common.start else {
            decoder.issues.append(
                ICalendarIssue(
                    line: component.line,
                    message: "VEVENT \(common.uid.map { ICalendarIssue.excerpt($0) } ?? "without UID") has no valid DTSTART; event skipped")
            )
            return nil
        }
        if common.uid == nil {
            decoder.issues.append(ICalendarIssue(line: component.line, message: "VEVENT without UID"))
        }
        if let end = event.end, end.isAllDay != start.isAllDay {
            decoder.issues.append(
                ICalendarIssue(
                    line: component.line, message: "VEVENT \(ICalendarIssue.excerpt(common.uid ?? "")) mixes DATE and DATE-TIME in DTSTART/DTEND"))
        }
        event.uid = common.uid ?? ""
        event.summary = common.summary
        event.description = common.description
        event.location = common.location
        event.url = common.url
        event.start = start
        event.duration = common.duration
        event.categories = common.categories
        event.classification = common.classification
        event.status = common.status
        event.recurrenceRule = common.recurrenceRule
        event.recurrenceDates = common.recurrenceDates
        event.exceptionDates = common.exceptionDates
        event.recurrenceID = common.recurrenceID
        event.recurrenceIDThisAndFuture = common.recurrenceIDThisAndFuture
        event.sequence = common.sequence
        event.timestamp = common.timestamp
        event.created = common.created
        event.lastModified = common.lastModified
        event.geo = common.geo
        event.organizer = common.organizer
        event.attendees = common.attendees
        event.textParameters = common.textParameters
        event.otherProperties = common.others + event.otherProperties
        for child in component.components {
            if child.name == "VALARM" { event.alarms.append(decoder.alarm(child)) } else { event.otherComponents.append(child) }
        }
        return event
    }

    static func todo(_ component: ICalendarComponent, _ decoder: inout ICalendarValueDecoder) -> ICalendarTodo? {
        var todo = ICalendarTodo(uid: "")
        todo.line = component.line
        var common = CommonFields()
        for property in component.properties {
            if common.take(property, &decoder) { continue }
            switch property.name {
            case "DUE" where todo.due == nil: todo.due = decoder.time(property)
            case "COMPLETED" where todo.completed == nil: todo.completed = decoder.time(property)
            case "PERCENT-COMPLETE" where todo.percentComplete == nil: todo.percentComplete = decoder.integer(property, in: 0...100)
            case "PRIORITY" where todo.priority == nil: todo.priority = decoder.integer(property, in: 0...9)
            default: todo.otherProperties.append(property)
            }
        }
        if common.uid == nil {
            decoder.issues.append(ICalendarIssue(line: component.line, message: "VTODO without UID"))
        }
        todo.uid = common.uid ?? ""
        todo.summary = common.summary
        todo.description = common.description
        todo.location = common.location
        todo.url = common.url
        todo.start = common.start
        todo.duration = common.duration
        todo.categories = common.categories
        todo.classification = common.classification
        todo.status = common.status
        todo.recurrenceRule = common.recurrenceRule
        todo.recurrenceDates = common.recurrenceDates
        todo.exceptionDates = common.exceptionDates
        todo.recurrenceID = common.recurrenceID
        todo.recurrenceIDThisAndFuture = common.recurrenceIDThisAndFuture
        todo.sequence = common.sequence
        todo.timestamp = common.timestamp
        todo.created = common.created
        todo.lastModified = common.lastModified
        todo.geo = common.geo
        todo.organizer = common.organizer
        todo.attendees = common.attendees
        todo.textParameters = common.textParameters
        todo.otherProperties = common.others + todo.otherProperties
        for child in component.components {
            if child.name == "VALARM" { todo.alarms.append(decoder.alarm(child)) } else { todo.otherComponents.append(child) }
        }
        return todo
    }
}

/// The properties VEVENT and VTODO share, read in one place so both agree on them.
struct CommonFields {
    var uid: String?
    var summary: String?
    var description: String?
    var location: String?
    var url: String?
    var start: EventTime?
    var duration: ICalendarDuration?
    var categories: [String] = []
    var classification: String?
    var status: String?
    var recurrenceRule: String?
    var recurrenceDates: [EventTime] = []
    var exceptionDates: [EventTime] = []
    var recurrenceID: EventTime?
    var recurrenceIDThisAndFuture = false
    var sequence: Int?
    var timestamp: EventTime?
    var created: EventTime?
    var lastModified: EventTime?
    var geo: ICalendarGeo?
    var organizer: ICalendarProperty?
    var attendees: [ICalendarProperty] = []
    var textParameters: [String: [ICalendarParameter]] = [:]
    /// Properties that looked known but could not be taken (a second SUMMARY, an RDATE of PERIODs).
    var others: [ICalendarProperty] = []

    /// Takes `property` if it is a shared one; returns false to let the caller handle it.
    mutating func take(_ property: ICalendarProperty, _ decoder: inout ICalendarValueDecoder) -> Bool {
        func upper(_ property: ICalendarProperty) -> String { property.value.trimmingWhitespace().uppercased() }
        func text(_ slot: inout String?) -> Bool {
            guard slot == nil else { return false }
            slot = property.textValue
            if !property.parameters.isEmpty { textParameters[property.name] = property.parameters }
            return true
        }
        switch property.name {
        case "UID" where uid == nil: uid = property.textValue
        case "SUMMARY": return text(&summary)
        case "DESCRIPTION": return text(&description)
        case "LOCATION": return text(&location)
        case "URL" where url == nil:
            // A URI, not TEXT: backslashes are part of it.
            url = property.value
            if !property.parameters.isEmpty { textParameters[property.name] = property.parameters }
        case "DTSTART" where start == nil:
            start = decoder.time(property)
            return start != nil
        case "DURATION" where duration == nil:
            duration = decoder.duration(property)
            return duration != nil
        case "CATEGORIES" where property.parameters.isEmpty: categories += ICalendarText.splitList(property.value).filter { !$0.isEmpty }
        case "CLASS" where classification == nil: classification = upper(property)
        case "STATUS" where status == nil: status = upper(property)
        case "RRULE" where recurrenceRule == nil: recurrenceRule = property.value.trimmingWhitespace()
        case "RDATE" where property.parameter("VALUE")?.uppercased() != "PERIOD": recurrenceDates += decoder.timeList(property)
        case "EXDATE": exceptionDates += decoder.timeList(property)
        case "RECURRENCE-ID" where recurrenceID == nil:
            recurrenceID = decoder.time(property)
            recurrenceIDThisAndFuture = property.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
            return recurrenceID != nil
        case "SEQUENCE" where sequence == nil: sequence = decoder.integer(property, in: 0...Int(Int32.max))
        case "DTSTAMP" where timestamp == nil: timestamp = decoder.time(property)
        case "CREATED" where created == nil: created = decoder.time(property)
        case "LAST-MODIFIED" where lastModified == nil: lastModified = decoder.time(property)
        case "GEO" where geo == nil:
            geo = decoder.geo(property)
            return geo != nil
        case "ORGANIZER" where organizer == nil: organizer = property
        case "ATTENDEE": attendees.append(property)
        default: return false
        }
        return true
    }
}
