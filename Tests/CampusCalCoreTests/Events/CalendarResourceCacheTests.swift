import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

/// `CalendarResourceCache` and `CalendarResources`: kept listings are served only at the version
/// they were read at, only to the view they were made for, and never beyond the events' bound.
@Suite("CalendarResourceCache: kept calendars are never stale, never another view's, never unbounded")
struct CalendarResourceCacheTests {
    static let now = Date(timeIntervalSince1970: 0)
    static let start = EventTime.utc(LocalDateTime(date: LocalDate(year: 2026, month: 12, day: 1)))

    func event(_ id: String, calendar: String = "c", _ classification: EventClassification = .public, created: Double = 0) -> CalendarEvent {
        CalendarEvent(
            id: EventID(rawValue: id), calendarID: CalendarID(rawValue: calendar), uid: "uid-\(id)", title: "Therapy \(id)", description: nil,
            location: nil, url: nil, start: Self.start, end: Self.start, categories: [], classification: classification,
            createdAt: Date(timeIntervalSince1970: created), updatedAt: Self.now)
    }

    func resources(_ calendar: String, version: Int, _ view: CalendarEventView, _ events: [CalendarEvent]) -> CalendarResources {
        CalendarResources(calendarID: CalendarID(rawValue: calendar), eventsVersion: version, view: view, stored: events)
    }

    @Test func aListingIsNeverServedAtAnotherEventsVersion() {
        let cache = CalendarResourceCache()
        cache.store(resources("c", version: 3, .whole, [event("a")]))
        #expect(cache.resources(of: CalendarID(rawValue: "c"), as: .whole, at: 3)?.events.count == 1)
        #expect(cache.resources(of: CalendarID(rawValue: "c"), as: .whole, at: 4) == nil)
        #expect(cache.resources(of: CalendarID(rawValue: "c"), as: .whole, at: 2) == nil)
        // A slower request that read an older version never replaces a newer one.
        cache.store(resources("c", version: 5, .whole, [event("a"), event("b")]))
        cache.store(resources("c", version: 4, .whole, [event("a")]))
        #expect(cache.resources(of: CalendarID(rawValue: "c"), as: .whole, at: 5)?.events.count == 2)
        #expect(cache.keptEvents == 2)
    }

    @Test func aShareIsNeverServedTheOwnersView() throws {
        let cache = CalendarResourceCache()
        let stored = [event("a", .private), event("b")]
        cache.store(resources("c", version: 1, .whole, stored))
        #expect(cache.resources(of: CalendarID(rawValue: "c"), as: .shared, at: 1) == nil)
        #expect(cache.resources(of: CalendarID(rawValue: "c"), as: .busyTime, at: 1) == nil)
        let shared = resources("c", version: 1, .shared, stored)
        cache.store(shared)
        let kept = try #require(cache.resources(of: CalendarID(rawValue: "c"), as: .shared, at: 1))
        // The private event is busy time under its busy name, found by it and by its id, never by its own UID.
        #expect(kept.event(uid: "uid-a") == nil)
        #expect(kept.event(uid: CalendarEvent.busyUID(EventID(rawValue: "a")))?.title == CalendarEvent.busyTitle)
        #expect(kept.event(id: EventID(rawValue: "a"))?.isBusyTime == true)
        #expect(kept.event(uid: "uid-b")?.title == "Therapy b")
        #expect(cache.resources(of: CalendarID(rawValue: "c"), as: .whole, at: 1)?.event(uid: "uid-a")?.title == "Therapy a")
    }

    @Test func everyLevelSeesWhatThePolicySaysThroughItsView() {
        let stored = [event("a", .private), event("b", .confidential), event("c")]
        for level in CalendarAccessLevel.allCases {
            let viewed = resources("c", version: 1, CalendarEventView(level), stored).events.sorted { $0.id.rawValue < $1.id.rawValue }
            let expected = stored.compactMap { AccessPolicy.view(of: $0, at: level) }
            #expect(viewed == expected, "\(level)")
        }
    }

    @Test func listingsAreInCreationOrderThenUID() {
        let listed = resources("c", version: 1, .whole, [event("b", created: 2), event("c", created: 1), event("a", created: 2)])
        #expect(listed.events.map(\.id.rawValue) == ["c", "a", "b"])
    }

    @Test func theCacheNeverKeepsMoreEventsThanItsBound() {
        let cache = CalendarResourceCache(capacity: 100)
        for calendar in 0..<40 {
            cache.store(resources("c\(calendar)", version: 1, .whole, (0..<10).map { event("e\($0)", calendar: "c\(calendar)") }))
            #expect(cache.keptEvents <= 100)
        }
        // The most recent calendars are the ones kept; one larger than a quarter of the bound is never kept.
        #expect(cache.resources(of: CalendarID(rawValue: "c39"), as: .whole, at: 1) != nil)
        #expect(cache.resources(of: CalendarID(rawValue: "c0"), as: .whole, at: 1) == nil)
        cache.store(resources("big", version: 1, .whole, (0..<26).map { event("e\($0)", calendar: "big") }))
        #expect(cache.resources(of: CalendarID(rawValue: "big"), as: .whole, at: 1) == nil)
        #expect(CalendarResourceCache(capacity: 0).resources(of: CalendarID(rawValue: "c"), as: .whole, at: 1) == nil)
    }
}
