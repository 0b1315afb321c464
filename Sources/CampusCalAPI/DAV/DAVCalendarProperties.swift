import CampusCalCore
import CampusCalDAV
import Foundation

/// What the properties a CalDAV client sets on a calendar (MKCALENDAR, extended MKCOL,
/// PROPPATCH) mean as `CalendarChanges`, and which of them this server cannot set and why.
///
/// All or nothing (RFC 4918 §9.2, RFC 4791 §5.3.1): when any property is refused the route changes
/// nothing, answering each refused one with its reason and the rest `424 Failed Dependency`.
struct DAVCalendarProperties {
    var changes = CalendarChanges()
    /// Refused properties: their status (403 protected or unsupported, 409 a value not taken) and why.
    var refused: [(name: DAVName, status: Int, reason: String)] = []
    /// Every property the request named, in its order.
    var names: [DAVName] = []
    /// The property that set the zone, for pinning a refusal on it.
    private var timeZoneProperty: DAVName = .calDAV("calendar-timezone")

    /// Reads `update`; `making` when the calendar is being made (its component set and resource type may be set then).
    init(_ update: PropertyUpdate, making: Bool) {
        for instruction in update.instructions {
            names.append(instruction.name)
            switch instruction {
            case .set(let element): set(element, making: making)
            case .remove(let name): remove(name)
            }
        }
        // The domain's own rules (name length, colour form, zone), each pinned to its property.
        for issue in changes.issues() {
            let property = issue.field == "timeZone" ? timeZoneProperty : Self.propertyOfField[issue.field] ?? .dav("displayname")
            if !refused.contains(where: { $0.name == property }) { refused.append((property, 409, issue.message)) }
        }
    }

    static let propertyOfField: [String: DAVName] = [
        "name": .dav("displayname"), "description": .calDAV("calendar-description"), "color": .appleICal("calendar-color"),
    ]

    private mutating func set(_ element: DAVElement, making: Bool) {
        let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch element.name {
        case .dav("displayname"): changes.name = text
        case .calDAV("calendar-description"): changes.description = text.isEmpty ? .clear : .set(text)
        case .appleICal("calendar-color"):
            // Apple clients write #RRGGBBAA; the alpha is dropped, calendars are drawn opaque.
            changes.color = text.count == 9 && text.hasPrefix("#") ? String(text.prefix(7)) : text
        case .appleICal("calendar-order"):
            guard let order = Int(text), (Int(Int32.min)...Int(Int32.max)).contains(order) else {
                return refuse(element.name, 409, "calendar-order is a whole number, such as 3; '\(text.prefix(20))' is not.")
            }
            changes.displayOrder = .set(order)
        case .calDAV("calendar-timezone"):
            // A VTIMEZONE: its TZID sets the zone new events default to when it is an IANA name
            // ("Europe/Berlin"); an invented one (Outlook's "W. Europe Standard Time") leaves the
            // zone as it is rather than failing the whole request over a default.
            if let zone = Self.tzid(in: element.text), ProfileRules.timeZoneIssues(zone).isEmpty { changes.timeZone = zone }
        case .calDAV("calendar-timezone-id"):
            // RFC 7809: the zone by name; an unknown one is refused (409) with the domain's sentence.
            changes.timeZone = text
            timeZoneProperty = element.name
        case .calDAV("supported-calendar-component-set") where making:
            let components = Set(element.children(.calDAV("comp")).compactMap { $0.attributes["name"]?.uppercased() })
            if !components.contains("VEVENT") {
                refuse(
                    element.name, 403,
                    "Calendars made here hold events (VEVENT); your tasks and assignments are in your one task list, which calendar apps show beside your calendars."
                )
            }
        case .dav("resourcetype") where making:
            if element.child(.calDAV("calendar")) == nil {
                refuse(element.name, 403, "Only calendars can be made here: give DAV:resourcetype a CALDAV:calendar, or use MKCALENDAR.")
            }
        case .calDAV("schedule-calendar-transp"):
            if element.child(.calDAV("opaque")) == nil {
                refuse(element.name, 403, "Every calendar's events count as busy time here; a transparent calendar is not supported.")
            }
        default:
            refuse(element.name, 403, Self.reasonNotSettable(element.name))
        }
    }

    private mutating func remove(_ name: DAVName) {
        switch name {
        case .dav("displayname"): refuse(name, 403, "A calendar always has a name; set another instead of removing it.")
        case .calDAV("calendar-description"): changes.description = .clear
        case .appleICal("calendar-color"): changes.color = CalendarChanges.defaultColor
        case .appleICal("calendar-order"): changes.displayOrder = .clear
        case .calDAV("calendar-timezone"), .calDAV("calendar-timezone-id"): break  // the zone stays: a calendar always has one
        default: refuse(name, 403, Self.reasonNotSettable(name))
        }
    }

    private mutating func refuse(_ name: DAVName, _ status: Int, _ reason: String) { refused.append((name, status, reason)) }

    static func reasonNotSettable(_ name: DAVName) -> String {
        "\(name) cannot be set here: a calendar keeps its name (displayname), description, colour, order and time zone; other properties are the server's or not stored."
    }

    /// The TZID of the first VTIMEZONE in an iCalendar text.
    static func tzid(in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) where line.uppercased().hasPrefix("TZID") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let zone = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return zone.isEmpty ? nil : zone
        }
        return nil
    }

    /// The propstats of a refused update: each refused property with its reason, the rest 424.
    var refusalStatuses: [Multistatus.PropertyStatus] {
        let refusedNames = Set(refused.map(\.name))
        let dependent = names.filter { !refusedNames.contains($0) }
        return refused.map { Multistatus.PropertyStatus([$0.name], status: $0.status, description: $0.reason) }
            + (dependent.isEmpty
                ? []
                : [Multistatus.PropertyStatus(dependent, status: 424, description: "Not changed: another property of this request was refused.")])
    }
}
