import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("iCalendar: the LMS sample feeds")
struct ICalendarLMSFeedTests {
    @Test func brightspaceUsesWindowsZoneNames() throws {
        let imported = ICalendarImport(text: try ICalendarFixtures.text("lms/brightspace.ics"))
        #expect(imported.issues.isEmpty)
        #expect(imported.events.count == 6)
        let lecture = try #require(imported.events.first { $0.uid == "6_90001@ilearn.example.edu" })
        #expect(lecture.summary == "BOT 240 Lecture")
        #expect(lecture.start == .zoned(LocalDateTime(year: 2026, month: 9, day: 9, hour: 10), timeZone: "America/Denver"))
        #expect(lecture.end == .zoned(LocalDateTime(year: 2026, month: 9, day: 9, hour: 10, minute: 50), timeZone: "America/Denver"))
        #expect(lecture.recurrenceRule == "FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261211T175000Z")
        #expect(
            lecture.description
                == "Monday/Wednesday/Friday lecture.\n\nView event - https://ilearn.example.edu/d2l/le/calendar/184233/event/90001/detailsview#90001")
        // 10:00 MDT is 16:00Z.
        #expect(lecture.start!.instant(viewerTimeZone: TimeZone(identifier: "UTC")!) == Date(timeIntervalSince1970: 1_788_969_600))
        let trip = try #require(imported.events.first { $0.uid == "6_90005@ilearn.example.edu" })
        #expect(
            trip.isAllDay && trip.start == .date(LocalDate(year: 2026, month: 10, day: 10))
                && trip.end == .date(LocalDate(year: 2026, month: 10, day: 11)))
        let due = try #require(imported.events.first { $0.uid == "6_90002@ilearn.example.edu" })
        #expect(due.summary == "Field Journal 1 - Due" && due.start == .utc(LocalDateTime(year: 2026, month: 9, day: 12, hour: 5, minute: 59)))
    }

    @Test func canvasDateOnlyAssignmentsAndHTMLDescriptions() throws {
        let imported = ICalendarImport(text: try ICalendarFixtures.text("lms/canvas.ics"))
        #expect(imported.issues.isEmpty)
        #expect(
            imported.events.map(\.uid) == [
                "event-assignment-30411", "event-assignment-30412", "event-calendar-event-7782", "event-assignment-30413",
                "event-calendar-event-7781",
            ])
        let milestone = imported.events[1]
        #expect(milestone.summary == "Project Milestone 1 [CS 246]")
        #expect(milestone.start == .date(LocalDate(year: 2026, month: 9, day: 25)) && milestone.end == nil)
        #expect(milestone.url == "https://canvas.example.edu/calendar?include_contexts=course_5173&month=09&year=2026#assignment_30412")
        #expect(milestone.otherProperties.first { $0.name == "X-ALT-DESC" }?.parameter("FMTTYPE") == "text/html")
        let design = imported.events[3]
        #expect(design.start == .utc(LocalDateTime(year: 2026, month: 10, day: 14, hour: 18)) && design.sequence == 0)
        #expect(imported.events[0].description == "Review a classmate's pull request with the Module 2 checklist and submit the link to your review.")
        #expect(imported.events[2].location == "Engineering Hall 118" && imported.events[2].classification == "PUBLIC")
    }

    @Test func moodleInstantsCategoriesAndEscapedCommas() throws {
        let imported = ICalendarImport(text: try ICalendarFixtures.text("lms/moodle.ics"))
        #expect(imported.issues.isEmpty)
        #expect(
            imported.events.map(\.summary) == [
                "Presentación oral 1 is due", "Hora de conversación", "Cuestionario 3: El pretérito closes", "Ensayo 1: Mi ciudad is due",
            ])
        #expect(imported.events.allSatisfy { $0.categories == ["SPAN201-F26"] })
        let hour = imported.events[1]
        #expect(hour.description == "Práctica abierta de conversación, sala de idiomas 104.")
        #expect(
            hour.start == .utc(LocalDateTime(year: 2026, month: 9, day: 16))
                && hour.end == .utc(LocalDateTime(year: 2026, month: 9, day: 16, hour: 1)))
        #expect(imported.events[2].description == "")
        #expect(imported.events[3].description == "Escribe 400 palabras sobre tu ciudad natal usando el pretérito y el imperfecto.")
        #expect(imported.events[0].lastModified == .utc(LocalDateTime(year: 2026, month: 8, day: 30, hour: 17, minute: 20)))
    }

    @Test(arguments: ["lms/brightspace.ics", "lms/canvas.ics", "lms/moodle.ics"])
    func treeRoundTripIsByteIdentical(_ name: String) throws {
        let text = try ICalendarFixtures.text(name)
        #expect(ICalendarSerializer.serialize(ICalendarParser.parse(text).components) == text)
    }
}
