import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation
import HTTPTypes

/// The live properties of each kind of DAV resource, and picking those a request asked for.
enum DAVProperties {
    static let eventContentType = "text/calendar; charset=utf-8; component=vevent"

    static func href(_ path: DAVPath) -> DAVElement { DAVElement(.dav("href"), text: path.href) }

    static func hrefProperty(_ name: DAVName, _ path: DAVPath) -> DAVElement { DAVElement(name, children: [href(path)]) }

    /// What every resource of a person's tree says about who is asking.
    static func common(for user: User) -> [DAVElement] {
        [
            hrefProperty(.dav("current-user-principal"), .principal(username: user.username)),
            hrefProperty(.calDAV("calendar-home-set"), .home(username: user.username)),
        ]
    }

    static func root(for user: User) -> [DAVElement] {
        [DAVElement(.dav("resourcetype"), children: [DAVElement(.dav("collection"))]), privileges(.read)] + common(for: user)
    }

    static func principal(_ user: User) -> [DAVElement] {
        var properties = [
            DAVElement(.dav("resourcetype"), children: [DAVElement(.dav("collection")), DAVElement(.dav("principal"))]),
            DAVElement(.dav("displayname"), text: user.displayName),
            hrefProperty(.dav("principal-URL"), .principal(username: user.username)),
            privileges(.read),
        ]
        properties += common(for: user)
        if let email = user.email, !email.isEmpty {
            properties.append(DAVElement(.calDAV("calendar-user-address-set"), children: [DAVElement(.dav("href"), text: "mailto:" + email)]))
        }
        return properties
    }

    static func home(for user: User) -> [DAVElement] {
        [
            DAVElement(.dav("resourcetype"), children: [DAVElement(.dav("collection"))]),
            DAVElement(.dav("displayname"), text: user.displayName),
            hrefProperty(.dav("owner"), .principal(username: user.username)),
            privileges(.read),
        ] + common(for: user)
    }

    /// A calendar as the caller stands with it. `getctag` and the collection's `getetag` change
    /// with any change of the calendar or its events (`eventsVersion` is bumped by SQLite triggers).
    /// `syncToken`: RFC 6578's `DAV:sync-token`, given only when asked for by name (never in `allprop`).
    static func calendar(_ accessible: AccessibleCalendar, for user: User, maximumResourceSize: Int, syncToken: String? = nil) -> [DAVElement] {
        let calendar = accessible.calendar
        let tag = "\(calendar.version)-\(calendar.eventsVersion)"
        var properties =
            calendarCollection(name: calendar.name, component: "VEVENT", tag: tag, maximumResourceSize: maximumResourceSize) + [
                DAVElement(.appleICal("calendar-color"), text: calendar.color),
                // RFC 7809 §5.2: the zone by its IANA name, for clients that take zones by reference.
                DAVElement(.calDAV("calendar-timezone-id"), text: calendar.timeZone),
                privileges(accessible.access),
            ]
        if let description = calendar.description, !description.isEmpty {
            properties.append(DAVElement(.calDAV("calendar-description"), text: description))
        }
        if let order = calendar.displayOrder { properties.append(DAVElement(.appleICal("calendar-order"), text: String(order))) }
        if let syncToken { properties.append(DAVElement(.dav("sync-token"), text: syncToken)) }
        return properties + common(for: user)
    }

    /// What every calendar collection says of itself — event calendars and the task calendar:
    /// its one `component`, and `tag` as its `getctag` and `getetag`.
    static func calendarCollection(name: String, component: String, tag: String, maximumResourceSize: Int) -> [DAVElement] {
        [
            DAVElement(.dav("resourcetype"), children: [DAVElement(.dav("collection")), DAVElement(.calDAV("calendar"))]),
            DAVElement(.dav("displayname"), text: name),
            DAVElement(.calDAV("supported-calendar-component-set"), children: [DAVElement(.calDAV("comp"), attributes: ["name": component])]),
            DAVElement(
                .calDAV("supported-calendar-data"),
                children: [DAVElement(.calDAV("calendar-data"), attributes: ["content-type": "text/calendar", "version": "2.0"])]),
            DAVElement(.calDAV("max-resource-size"), text: String(maximumResourceSize)),
            DAVElement(.calendarServer("getctag"), text: tag),
            DAVElement(.dav("getetag"), text: "\"\(tag)\""),
            DAVElement(
                .dav("supported-report-set"),
                children: [DAVName.calDAV("calendar-multiget"), .calDAV("calendar-query"), .calDAV("free-busy-query"), .dav("sync-collection")].map {
                    report in
                    DAVElement(.dav("supported-report"), children: [DAVElement(.dav("report"), children: [DAVElement(report)])])
                }),
        ]
    }

    /// RFC 3744's privileges at a share level, so a read-only share shows read-only on the phone.
    static func privileges(_ level: CalendarAccessLevel) -> DAVElement {
        var names: [DAVName] = [.calDAV("read-free-busy")]
        if level >= .read { names += [.dav("read"), .dav("read-current-user-privilege-set")] }
        if level >= .write { names += [.dav("write-content"), .dav("bind"), .dav("unbind")] }
        if level >= .manage { names += [.dav("write"), .dav("write-properties")] }
        return DAVElement(
            .dav("current-user-privilege-set"), children: names.map { DAVElement(.dav("privilege"), children: [DAVElement($0)]) })
    }

    /// The strong ETag of an event: its id and version, so a deleted and re-made UID never matches an old tag.
    static func etag(_ event: CalendarEvent) -> String { "\"\(event.id.rawValue)-\(event.version)\"" }

    /// Reads an `If-Match` value back into the event and version it names; nil when it names none.
    static func expectation(ifMatch: String?, ifNoneMatch: String?) -> EventResourceExpectation {
        if ifNoneMatch?.trimmingHTTPWhitespace == "*" { return .absent }
        guard var tag = ifMatch?.trimmingHTTPWhitespace, !tag.isEmpty else { return .any }
        if tag == "*" { return .exists }
        if tag.hasPrefix("W/") { return .version(EventID(rawValue: ""), -1) }
        tag = String(tag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        guard let dash = tag.lastIndex(of: "-"), let version = Int(tag[tag.index(after: dash)...]) else { return .version(EventID(rawValue: ""), -1) }
        return .version(EventID(rawValue: String(tag[..<dash])), version)
    }

    /// The event as one iCalendar object: the series, its overrides and their VTIMEZONEs. Stamped
    /// with its last change, so the same version is always the same bytes (a strong ETag's promise).
    static func calendarData(_ event: CalendarEvent) -> String {
        ICalendarExport.text(events: event.iCalendarEvents, timestamp: event.updatedAt, timeZones: !timeZonesByReference)
    }

    /// RFC 7809: the client sent `CalDAV-Timezones: F` — it knows IANA zones by name, so calendar
    /// data leaves the VTIMEZONEs out (smaller answers for phones). Bound for the request by
    /// `DAVRoutes.handle`, like `DAVAddresses`, so every place that writes calendar data obeys it.
    /// The ETag stays that of the stored resource (RFC 7809 §3.2.1).
    @TaskLocal static var timeZonesByReference = false

    /// The request header of RFC 7809 §7.1.
    static let timeZonesHeader = HTTPField.Name("CalDAV-Timezones")!

    /// The event's properties; with `expand`, its calendar data is the occurrences in that range.
    static func event(_ event: CalendarEvent, withData: Bool, expand: CalendarReport.TimeRange? = nil) -> [DAVElement] {
        var properties = [
            DAVElement(.dav("resourcetype")),
            DAVElement(.dav("getetag"), text: etag(event)),
            DAVElement(.dav("getcontenttype"), text: eventContentType),
            DAVElement(.dav("getlastmodified"), text: httpDate(event.updatedAt)),
        ]
        if withData {
            let text =
                if let expand, let start = expand.start, let end = expand.end {
                    ICalendarExport.text(
                        events: event.expandedICalendarEvents(from: start, to: end), timestamp: event.updatedAt,
                        timeZones: !timeZonesByReference)
                } else {
                    calendarData(event)
                }
            properties.append(DAVElement(.calDAV("calendar-data"), text: text))
        }
        return properties
    }

    static func httpDate(_ date: Date) -> String { HTTPDate.string(date) }

    /// One `response` for a resource: what was asked for (all but `calendar-data` for `allprop`,
    /// empty elements for `propname`), those it does not have as 404s.
    static func response(href: String, available: [DAVElement], request: PropfindRequest) -> Multistatus.Response {
        switch request {
        case .allProperties:
            return Multistatus.Response(href: href, found: available.filter { $0.name != .calDAV("calendar-data") })
        case .propertyNames:
            return Multistatus.Response(href: href, found: available.map { DAVElement($0.name) })
        case .properties(let names):
            // A handful of properties each side: a look along the list beats building a dictionary per resource.
            func property(_ name: DAVName) -> DAVElement? { available.first { $0.name == name } }
            return Multistatus.Response(href: href, found: names.compactMap(property), missing: names.filter { property($0) == nil })
        }
    }

    /// Whether a request wants the (costly) calendar data.
    static func wantsData(_ request: PropfindRequest) -> Bool {
        if case .properties(let names) = request { return names.contains(.calDAV("calendar-data")) }
        return false
    }
}
