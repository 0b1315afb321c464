import CampusCalCore
import CampusCalDAV
import Foundation
import Hummingbird

/// Making calendars and changing their properties over CalDAV (issue #29): MKCALENDAR (RFC 4791
/// §5.3.1), extended MKCOL (RFC 5689, which DAVx5 uses) and PROPPATCH (RFC 4918 §9.2) — through
/// `CalendarService`, so quotas, validation and access are the REST API's.
extension DAVRoutes {
    /// The longest address a client may give a calendar it makes.
    static let maximumAddressLength = 200

    func makeCalendar(_ path: DAVPath, body: [UInt8], extended: Bool, for user: User) async throws -> Response {
        guard case .calendar(_, let segment) = path else {
            throw DAVRefusal(
                status: .forbidden, condition: .dav("resource-must-be-null"),
                message: "Calendars are made directly in your calendar home: \(DAVPath.home(username: user.username).href)<name>/.")
        }
        let address = segment.rawValue
        let addresses = DAVAddresses.current
        let taken = try await addresses.isTaken(address) ? true : exists(segment, for: user)
        if taken {
            throw DAVRefusal(
                status: .methodNotAllowed, condition: .dav("resource-must-be-null"),
                message: "Something is at this address already; choose another name, or PROPPATCH that calendar.",
                headers: [.allow: "OPTIONS, PROPFIND, PROPPATCH, REPORT, DELETE"])
        }
        guard address.count <= Self.maximumAddressLength, !address.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true })
        else {
            throw DAVRefusal(
                status: .forbidden, condition: .dav("resource-must-be-null"),
                message: "A calendar's address is at most \(Self.maximumAddressLength) characters, without control characters.")
        }
        let update = try PropertyUpdate(making: body)
        if extended && update.value(of: .dav("resourcetype")) == nil {
            // A bare MKCOL makes a plain folder, which a calendar home does not hold.
            throw DAVRefusal(
                status: .forbidden, condition: .dav("valid-resourcetype"),
                message: "Only calendars can be made here: MKCALENDAR, or an extended MKCOL whose DAV:resourcetype holds CALDAV:calendar.")
        }
        var properties = DAVCalendarProperties(update, making: true)
        if !properties.refused.isEmpty {
            let response = Multistatus.Response(href: path.href, others: properties.refusalStatuses)
            return DAVReply.xml(
                DAVXMLWriter.document(DAVElement(extended ? .dav("mkcol-response") : .calDAV("mkcalendar-response"), children: response.propstats)),
                status: .forbidden)
        }
        // A calendar made without a name is called after its address, as the client shows it.
        if properties.changes.name == nil { properties.changes.name = String(address.prefix(CalendarChanges.maximumNameLength)) }
        _ = try await calendars.create(for: user, properties.changes, davName: address)
        return DAVReply.empty(.created, headers: [.cacheControl: "no-cache"])
    }

    /// Whether a calendar the caller can see has this id (a calendar shared with them included).
    private func exists(_ id: CalendarID, for user: User) async throws -> Bool {
        do {
            _ = try await calendars.access(id, for: user)
            return true
        } catch CalendarError.notFound {
            return false
        }
    }

    func proppatch(_ path: DAVPath, body: [UInt8], for user: User) async throws -> Response {
        let update = try PropertyUpdate(proppatch: body)
        guard case .calendar(_, let id) = path else {
            let reason = "Only a calendar's properties can be changed here (name, description, colour, order, time zone)."
            return DAVReply.multistatus([
                Multistatus.Response(
                    href: path.href, others: [Multistatus.PropertyStatus(update.instructions.map(\.name), status: 403, description: reason)])
            ])
        }
        // Whoever may not change the calendar's properties hears so before anything else.
        _ = try await calendars.calendar(id, for: user, to: .editProperties)
        let properties = DAVCalendarProperties(update, making: false)
        if !properties.refused.isEmpty {
            return DAVReply.multistatus([Multistatus.Response(href: path.href, others: properties.refusalStatuses)])
        }
        _ = try await calendars.update(id, for: user, changes: properties.changes, expectedVersion: nil)
        return DAVReply.multistatus([Multistatus.Response(href: path.href, found: properties.names.map { DAVElement($0) })])
    }
}
