import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird

/// RFC 6638 §3.2.5 free-busy between CampusCal users: a VFREEBUSY REQUEST POSTed to one's
/// outbox (`/dav/calendars/<user>/outbox/`) is answered at once with each ATTENDEE's busy time —
/// as the asker may see it: merged over that person's calendars shared with the asker
/// (`EventService.busyIntervals(ofCalendarsOwnedBy:…)`), so nobody learns more than free-busy-query
/// on those shares tells. Someone who shares nothing with the asker, and an address that is no
/// CampusCal account, get the same "no authority" status: the outbox is not a directory of who exists.
extension DAVRoutes {
    /// The outbox; calendar ids are UUIDs, so no calendar can have this one.
    static let outboxID = CalendarID(rawValue: "outbox")

    /// The principal's scheduling properties, when scheduling is served.
    func schedulingPrincipalProperties(for user: User) -> [DAVElement] {
        guard scheduling != nil else { return [] }
        return [DAVProperties.hrefProperty(.calDAV("schedule-outbox-URL"), .calendar(username: user.username, Self.outboxID))]
    }

    func outboxRoute(_ path: DAVPath, _ request: Request, for user: User, _ scheduling: DAVScheduling) async throws -> Response {
        switch request.method.rawValue {
        case "PROPFIND":
            let propfind = try PropfindRequest(body: try await body(request))
            let properties = [
                DAVElement(.dav("resourcetype"), children: [DAVElement(.dav("collection")), DAVElement(.calDAV("schedule-outbox"))]),
                DAVElement(.dav("displayname"), text: "Outbox"),
            ]
            return DAVReply.multistatus([
                DAVProperties.response(href: path.href, available: properties + DAVProperties.common(for: user), request: propfind)
            ])
        case "POST":
            return try await freeBusyRequest(try await body(request), for: user, scheduling)
        default:
            throw DAVRefusal(
                status: .methodNotAllowed, message: "POST a VFREEBUSY request to the outbox.", headers: [.allow: "OPTIONS, PROPFIND, POST"])
        }
    }

    func freeBusyRequest(_ bytes: [UInt8], for user: User, _ scheduling: DAVScheduling) async throws -> Response {
        let reading = events.importReadingLimits
        let file = await OffTheEventLoop.run { ICalendarImport(bytes: bytes, limits: reading) }
        guard let calendar = file.document.calendars.first, calendar.property("METHOD")?.value.uppercased() == "REQUEST",
            let asked = calendar.components.first(where: { $0.name == "VFREEBUSY" })
        else { throw EventResourceError.invalidCalendarData("the outbox takes one VFREEBUSY with METHOD:REQUEST.") }
        let start: Date
        let end: Date
        do {
            start = try CalendarReport.utcTime(asked.property("DTSTART")?.value ?? "")
            end = try CalendarReport.utcTime(asked.property("DTEND")?.value ?? "")
        } catch {
            throw EventResourceError.invalidCalendarData("its DTSTART and DTEND are UTC date-times such as 20261201T000000Z.")
        }
        if end <= start { throw EventResourceError.invalidCalendarData("its DTEND must be after its DTSTART.") }
        let attendees = asked.properties(named: "ATTENDEE").map(\.value)
        if attendees.isEmpty { throw EventResourceError.invalidCalendarData("it names no ATTENDEE to ask about.") }
        var repeated: [String] = []
        if let uid = asked.property("UID")?.value { repeated.append("UID:" + uid) }
        if let organizer = asked.property("ORGANIZER")?.value { repeated.append("ORGANIZER:" + organizer) }
        var responses: [DAVElement] = []
        for attendee in attendees.prefix(InvitationService.maximumRecipients) {
            var children = [DAVElement(.calDAV("recipient"), children: [DAVElement(.dav("href"), text: attendee)])]
            let answer = try await busyTime(of: attendee, from: start, to: end, for: user, scheduling)
            if let busy = answer {
                let reply = FreeBusyCalendar(
                    start: start, end: end, busy: busy.map { ($0.start, $0.end) }, stamp: events.clock.now(), method: "REPLY",
                    properties: repeated + ["ATTENDEE:" + attendee])
                children += [DAVElement(.calDAV("request-status"), text: "2.0;Success"), DAVElement(.calDAV("calendar-data"), text: reply.text)]
            } else {
                children.append(DAVElement(.calDAV("request-status"), text: "3.8;No authority"))
            }
            responses.append(DAVElement(.calDAV("response"), children: children))
        }
        return DAVReply.xml(DAVXMLWriter.document(DAVElement(.calDAV("schedule-response"), children: responses)), status: .ok)
    }

    /// One attendee's busy time as the caller may see it; nil when they may see none of it.
    func busyTime(of address: String, from start: Date, to end: Date, for user: User, _ scheduling: DAVScheduling) async throws
        -> [GroupFreeBusy.Interval]?
    {
        guard let owner = try await accounts(at: address, scheduling).first else { return nil }
        do {
            let (visible, busy) = try await events.busyIntervals(ofCalendarsOwnedBy: owner, for: user, from: start, to: end)
            return visible ? busy : nil
        } catch EventError.windowTooLong(let days) {
            throw Self.tooWide("Ask about at most \(days) days at a time.")
        } catch EventError.tooManyOccurrences {
            throw Self.tooWide("This range holds more occurrences than one answer expands; ask about a shorter range.")
        }
    }
}
