import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation

/// Events' `response`s in a multistatus — a calendar's listing, a multiget, a query, a sync —
/// written straight into the body (`MultistatusWriter`): the properties the request asked for, in
/// its order, and those an event does not have as 404s, decided once for all the events rather
/// than per event. The same answer `DAVProperties.response(href:available:request:)` gives for
/// `DAVProperties.event`, without building elements for a thousand resources (issue #29).
///
/// Calendar data comes from `CalendarDataCache`: one version of one event, seen one way, is always
/// the same bytes, so it is written once and escaped once. Expanded data (`expand`) is made per request.
struct DAVEventResponses {
    /// The properties every event resource has, in the order `DAVProperties.event` lists them.
    static let properties: [DAVName] = [
        .dav("resourcetype"), .dav("getetag"), .dav("getcontenttype"), .dav("getlastmodified"), .calDAV("calendar-data"),
    ]

    let collectionHref: String
    let view: CalendarEventView
    let expand: CalendarReport.TimeRange?
    let calendarData: CalendarDataCache
    /// What to write of each event: the names asked for that events have, in the request's order.
    private let wanted: [DAVName]
    /// Asked for, but no event has them: each response's 404 propstat.
    private let missing: [DAVName]
    /// `propname`: every property's name, empty.
    private let namesOnly: Bool
    /// RFC 7809: this request takes time zones by reference (`DAVProperties.timeZonesByReference`).
    private let timeZonesByReference = DAVProperties.timeZonesByReference

    /// `collection`: the calendar's path (its segment as the caller's home names it).
    init(_ request: PropfindRequest, collection: DAVPath, view: CalendarEventView, expand: CalendarReport.TimeRange?, calendarData: CalendarDataCache)
    {
        collectionHref = collection.href
        self.view = view
        self.expand = expand
        self.calendarData = calendarData
        switch request {
        case .allProperties:
            // RFC 4791 §9.6: calendar-data is never part of allprop.
            wanted = Self.properties.filter { $0 != .calDAV("calendar-data") }
            missing = []
            namesOnly = false
        case .propertyNames:
            wanted = Self.properties.filter { $0 != .calDAV("calendar-data") }
            missing = []
            namesOnly = true
        case .properties(let names):
            wanted = names.filter { Self.properties.contains($0) }
            missing = names.filter { !Self.properties.contains($0) }
            namesOnly = false
        }
    }

    /// Whether the answer carries calendar data (what makes a response costly).
    var wantsData: Bool { !namesOnly && wanted.contains(.calDAV("calendar-data")) }

    /// The href this calendar's listing names `uid` by.
    func href(uid: String) -> String { collectionHref + DAVPath.encode(uid) + ".ics" }

    /// The UID a multiget's href names in this calendar (`calendar`, of `username`); nil when it
    /// names anything else. An href as this server wrote it — the listing's prefix, then
    /// `<UID>.ics` — is read without parsing the whole path; any other spelling of the same
    /// resource (absolute, another percent-encoding) the way every path is read.
    func uid(inHref href: String, username: String, calendar id: CalendarID) -> String? {
        var path = DAVPath.path(ofHref: href)
        var prefix = collectionHref
        // One pass over the bytes: the prefix compared, the rest checked for `/` and `%`.
        let plain: (name: String, encoded: Bool)? = path.withUTF8 { path in
            prefix.withUTF8 { prefix in
                let suffix = Array(".ics".utf8)
                guard path.count > prefix.count + suffix.count, memcmp(path.baseAddress!, prefix.baseAddress!, prefix.count) == 0,
                    path[(path.count - 4)...].elementsEqual(suffix)
                else { return nil }
                let segment = UnsafeBufferPointer(rebasing: path[prefix.count..<(path.count - 4)])
                if segment.contains(UInt8(ascii: "/")) { return nil }
                return (String(decoding: segment, as: UTF8.self), segment.contains(UInt8(ascii: "%")))
            }
        }
        if let plain {
            if !plain.encoded { return plain.name }
            if let decoded = plain.name.decodingPercentEscapes, !decoded.isEmpty { return decoded }
        }
        guard case .event(username, id, let uid) = DAVPath(requestPath: path)?.resolved(DAVAddresses.current) else { return nil }
        return uid
    }

    /// The event's response under its own href.
    func add(_ event: borrowing CalendarEvent, to writer: inout MultistatusWriter) { add(event, href: href(uid: event.uid), to: &writer) }

    /// The event's response under `href` (a multiget answers each href as the client wrote it).
    func add(_ event: borrowing CalendarEvent, href: String, to writer: inout MultistatusWriter) {
        writer.add(href: href, missing: missing) { output in
            for name in wanted {
                if namesOnly {
                    output.append(DAVElement(name))
                    continue
                }
                switch name.local {
                case "resourcetype": output.append(markup: "<d:resourcetype/>")
                case "getetag": output.appendTextElement(name, DAVProperties.etag(event))
                case "getcontenttype": output.appendTextElement(name, DAVProperties.eventContentType)
                case "getlastmodified": output.appendTextElement(name, DAVProperties.httpDate(event.updatedAt))
                default:  // calendar-data, the only other name `wanted` can hold
                    output.append(markup: "<c:calendar-data>")
                    output.append(raw: escapedData(event))
                    output.append(markup: "</c:calendar-data>")
                }
            }
        }
    }

    private func escapedData(_ event: borrowing CalendarEvent) -> [UInt8] {
        func escaped(_ text: String) -> [UInt8] {
            var output = XMLOutput(capacity: text.utf8.count + text.utf8.count / 8)
            output.appendEscaped(text, attribute: false)
            return output.bytes
        }
        if let expand, let start = expand.start, let end = expand.end {
            return escaped(
                ICalendarExport.text(
                    events: event.expandedICalendarEvents(from: start, to: end), timestamp: event.updatedAt, timeZones: !timeZonesByReference))
        }
        let key = CalendarDataCache.Key(event: event.id, version: event.version, view: view, timeZones: !timeZonesByReference)
        return calendarData.escapedData(for: key) { escaped(DAVProperties.calendarData(event)) }
    }
}
