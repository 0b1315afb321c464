import CampusCalCore
import CampusCalICalendar
import Foundation

/// The host API's calendar calls, answered from the server's services (ABI 1.2). A plugin names
/// a person only by the record code it was given; the privacy module finds them.
///
/// - Reading a person's events releases free text about them, so it goes through the privacy
///   module: `identities` and `events` permission, the person's consent, each release logged.
/// - Writing goes only to the plugin's own calendar in the person's account — made the first time,
///   named after the plugin, and never made again once the person deleted it. It tells the plugin
///   nothing, so it needs only the manifest's `calendar = true`.
struct PluginCalendarBridge: PluginCalendarHost {
    let gate: any PluginDataGate
    let users: any UserStore
    let calendars: CalendarService
    let events: EventService
    let links: any PluginCalendarStore

    /// A plugin's own calendar of one person holds at most this many events.
    static let maximumEventsPerCalendar = 1000
    private static let utc = TimeZone(identifier: "UTC")!
    /// How a plugin the person consented to stands with their calendars when it reads them.
    static let pluginStanding = CalendarAccessLevel.read

    func events(ofSubject subject: String, from: Date, to: Date, for plugin: PluginManifest) async throws -> [PluginCalendarEvent] {
        guard plugin.permissions.identities, plugin.permissions.data.contains(.events) else {
            throw PluginCalendarRefusal.denied("\(plugin.id) may not read people's events (it needs identities and data \"events\")")
        }
        let person = try await person(subject, plugin)
        guard try await gate.mayReadEvents(of: person.id, for: plugin) else {
            throw PluginCalendarRefusal.denied("the person has not consented to \(plugin.id) reading their events")
        }
        // Only calendars they own: a calendar shared with them is someone else's data. And the plugin
        // is not the person: it sees what a `read` share would show (`AccessPolicy.view`), so their
        // private events reach it only as busy time, never with their details.
        let owned = try await calendars.all(for: person).filter { $0.calendar.ownerID == person.id }
            .map { AccessibleCalendar(calendar: $0.calendar, access: Self.pluginStanding) }
        let occurrences = try await events.occurrences(in: owned, from: from, to: to, viewerTimeZone: Self.utc)
        let released = occurrences.prefix(PluginCalendarReadLimit.events + 1).map {
            PluginCalendarEvent($0, viewerTimeZone: Self.utc, zoneName: "UTC")
        }
        // Logged before it is handed over: a release that happened is never missing from the log.
        try await gate.eventsRead(of: person.id, count: min(released.count, PluginCalendarReadLimit.events), by: plugin)
        return Array(released)
    }

    func putEvent(_ event: PluginCalendarEvent, forSubject subject: String, by plugin: PluginManifest) async throws {
        guard plugin.permissions.calendar else { throw PluginCalendarRefusal.denied("\(plugin.id) has no calendar permission") }
        // The runner checked the event already; the server does not take a runner's word for it.
        guard (1...255).contains(event.uid.utf8.count), event.title.utf8.count <= 1000, (event.location?.utf8.count ?? 0) <= 1000,
            (event.description?.utf8.count ?? 0) <= 65_536, event.end > event.start
        else { throw PluginCalendarRefusal.invalid("the event's uid, text or times are out of bounds") }
        let person = try await person(subject, plugin)
        guard let calendar = try await ownCalendar(of: person, plugin: plugin, create: true) else {
            throw PluginCalendarRefusal.denied("no calendar")
        }
        let existing = try await events.allEventsAsOwner(of: calendar, owner: person.id)
        if existing.count >= Self.maximumEventsPerCalendar && !existing.contains(where: { $0.uid == event.uid }) {
            throw PluginCalendarRefusal.tooMuch("\(plugin.id)'s calendar of this person is full (\(Self.maximumEventsPerCalendar) events)")
        }
        let report = try await events.importEvents(
            [event.vevent(defaultTimeZone: person.timeZone)], issues: [], into: calendar.id, for: person)
        if let problem = report.problems.first { throw PluginCalendarRefusal.invalid(problem.message) }
    }

    func deleteEvent(uid: String, forSubject subject: String, by plugin: PluginManifest) async throws -> Bool {
        guard plugin.permissions.calendar else { throw PluginCalendarRefusal.denied("\(plugin.id) has no calendar permission") }
        let person = try await person(subject, plugin)
        guard let calendar = try await ownCalendar(of: person, plugin: plugin, create: false),
            let event = try await events.allEventsAsOwner(of: calendar, owner: person.id).first(where: { $0.uid == uid })
        else { return false }
        try await events.delete(event.id, for: person, expectedVersion: nil)
        return true
    }

    private func person(_ subject: String, _ plugin: PluginManifest) async throws -> User {
        guard let id = try await gate.person(withSubject: subject, for: plugin), let user = try await users.credentials(id: id)?.user else {
            throw PluginCalendarRefusal.unknownSubject
        }
        return user
    }

    /// The plugin's calendar of `person`; made when `create` and never made before; nil when none.
    private func ownCalendar(of person: User, plugin: PluginManifest, create: Bool) async throws -> CalendarCollection? {
        switch try await links.link(plugin: plugin.id, user: person.id) {
        case .calendar(let id):
            return try await calendars.calendar(id, for: person, to: .writeEvents)
        case .removedByOwner:
            if create { throw PluginCalendarRefusal.denied("the person deleted \(plugin.id)'s calendar") }
            return nil
        case .none:
            guard create else { return nil }
            let made = try await calendars.create(
                for: person,
                CalendarChanges(
                    name: String(plugin.name.prefix(CalendarChanges.maximumNameLength)),
                    description: .set("Kept by the plugin \(plugin.name) (\(plugin.id)). Delete it to stop the plugin from writing here.")))
            try await links.setLink(plugin: plugin.id, user: person.id, calendar: made.id)
            return made
        }
    }
}
