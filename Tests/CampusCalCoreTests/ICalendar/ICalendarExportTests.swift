import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("iCalendar export: typed round trip and generated VTIMEZONEs")
struct ICalendarExportTests {
    @Test func typedRoundTripKeepsEverything() throws {
        for name in ["google-style.ics", "apple-style.ics", "outlook-style.ics", "lms/brightspace.ics"] {
            let first = ICalendarImport(text: try ICalendarFixtures.text(name))
            let text = ICalendarExport.text(events: first.events, todos: first.todos)
            let second = ICalendarImport(text: text)
            #expect(second.issues.isEmpty, "\(name): \(second.issues)")
            #expect(strip(second.events) == strip(first.events), "\(name)")
            #expect(strip(second.todos) == strip(first.todos), "\(name)")
        }
    }

    @Test func outlookWindowsZonesBecomeIANAWithVTimeZones() throws {
        let imported = ICalendarImport(text: try ICalendarFixtures.text("outlook-style.ics"))
        #expect(imported.issues.isEmpty)
        #expect(imported.events[0].start == .zoned(LocalDateTime(year: 2026, month: 11, day: 5, hour: 9), timeZone: "America/Los_Angeles"))
        #expect(imported.events[0].textParameters["SUMMARY"] == [ICalendarParameter(name: "LANGUAGE", value: "en-us")])
        #expect(imported.events[1].exceptionDates == [.zoned(LocalDateTime(year: 2026, month: 10, day: 27, hour: 16), timeZone: "Europe/Berlin")])
        let calendar = ICalendarExport.calendar(events: imported.events)
        #expect(calendar.components(named: "VTIMEZONE").compactMap { $0.property("TZID")?.value } == ["America/Los_Angeles", "Europe/Berlin"])
    }

    @Test func vtimezoneCoversTheTransitionsOfTheYearsUsed() throws {
        let zone = try #require(ICalendarVTimeZone.component(for: "America/Denver", covering: 2026...2026))
        let daylight = try #require(zone.components(named: "DAYLIGHT").first)
        #expect(daylight.property("TZOFFSETFROM")?.value == "-0700" && daylight.property("TZOFFSETTO")?.value == "-0600")
        let standard = zone.components(named: "STANDARD").first { $0.property("TZOFFSETFROM")?.value == "-0600" }
        let onsets = [standard?.property("DTSTART")?.value] + (standard?.property("RDATE")?.value.split(separator: ",").map(String.init) ?? [])
        #expect(onsets.contains("20261101T020000"))
        #expect(zone.properties(named: "RRULE").isEmpty && zone.components.allSatisfy { $0.property("RRULE") == nil })
        let tokyo = try #require(ICalendarVTimeZone.component(for: "Asia/Tokyo", covering: 2026...2027))
        #expect(tokyo.components.count == 1 && tokyo.components[0].property("TZOFFSETTO")?.value == "+0900")
        #expect(ICalendarVTimeZone.component(for: "Not/AZone", covering: 2026...2026) == nil)
    }

    @Test func exportedAlarmsAndTodos() throws {
        var todo = ICalendarTodo(uid: "t1", summary: "Read chapter 3, then 4; done", due: .date(LocalDate(year: 2026, month: 10, day: 20)))
        todo.priority = 1
        todo.percentComplete = 40
        todo.alarms = [ICalendarAlarm(trigger: .relative(ICalendarDuration(isNegative: true, hours: 1), relativeToEnd: true))]
        let text = ICalendarExport.text(events: [], todos: [todo])
        #expect(text.contains("SUMMARY:Read chapter 3\\, then 4\\; done\r\n"))
        #expect(text.contains("TRIGGER;RELATED=END:-PT1H\r\n"))
        let back = ICalendarImport(text: text)
        #expect(back.todos.first?.alarms.first?.trigger == .relative(ICalendarDuration(isNegative: true, hours: 1), relativeToEnd: true))
        #expect(back.todos.first?.priority == 1 && back.todos.first?.percentComplete == 40)
    }

    /// Line numbers and property order legitimately change on export.
    private func strip(_ events: [ICalendarEvent]) -> [ICalendarEvent] {
        events.map { event in
            var event = event
            event.line = nil
            event.otherProperties = event.otherProperties.map {
                var p = $0
                p.line = nil
                return p
            }
            event.organizer?.line = nil
            event.attendees = event.attendees.map {
                var p = $0
                p.line = nil
                return p
            }
            event.alarms = event.alarms.map {
                var a = $0
                a.otherProperties = a.otherProperties.map {
                    var p = $0
                    p.line = nil
                    return p
                }
                return a
            }
            event.otherComponents = []
            return event
        }
    }

    private func strip(_ todos: [ICalendarTodo]) -> [ICalendarTodo] {
        todos.map { todo in
            var todo = todo
            todo.line = nil
            todo.otherProperties = todo.otherProperties.map {
                var p = $0
                p.line = nil
                return p
            }
            todo.alarms = []
            return todo
        }
    }
}

@Suite("iCalendar export of times set by code")
struct ICalendarExportZoneTests {
    @Test func windowsZoneSetByCodeIsWrittenAsIANAWithAVTimeZone() {
        let event = ICalendarEvent(
            uid: "w", summary: "Lab", start: .zoned(LocalDateTime(year: 2026, month: 9, day: 9, hour: 10), timeZone: "Mountain Standard Time")
        )
        let calendar = ICalendarExport.calendar(events: [event], timestamp: Date(timeIntervalSince1970: 1_789_398_000))
        #expect(calendar.components(named: "VTIMEZONE").first?.property("TZID")?.value == "America/Denver")
        let written = calendar.components(named: "VEVENT").first
        #expect(written?.property("DTSTART")?.parameter("TZID") == "America/Denver")
        #expect(written?.property("DTSTAMP")?.value == "20260914T150000Z")
    }

    @Test func hostileTZIDIsCheap() {
        let tzid = String(repeating: "a/", count: 50_000) + "Europe/Berlin"
        #expect(ICalendarTimeZoneResolver.ianaIdentifier(for: tzid) == "Europe/Berlin")
    }
}

@Suite("iCalendar values compare by content")
struct ICalendarEqualityTests {
    @Test func theSameEventOnAnotherLineIsEqual() throws {
        let event = ["BEGIN:VEVENT", "UID:a", "DTSTART:20260909T100000Z", "X-FOO:bar", "END:VEVENT"]
        let first = ICalendarImport(text: ICalendarFixtures.crlf(["BEGIN:VCALENDAR"] + event + ["END:VCALENDAR"]))
        let second = ICalendarImport(text: ICalendarFixtures.crlf(["BEGIN:VCALENDAR", "X-WR-CALNAME:shifted"] + event + ["END:VCALENDAR"]))
        #expect(first.events[0].line == 2 && second.events[0].line == 3)
        #expect(first.events == second.events)
        #expect(first.events[0].hashValue == second.events[0].hashValue)
    }
}
