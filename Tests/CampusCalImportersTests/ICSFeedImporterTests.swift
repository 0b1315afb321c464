import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalImporters

/// The three LMSs' calendar feeds (fixtures from the LMS reference) read into snapshots.
@Suite("Calendar feeds: Brightspace, Canvas and Moodle feeds become assignments and events")
struct ICSFeedImporterTests {
    static func feed(_ lms: String) throws -> ICalendarImport {
        let url = TestServer.repositoryRoot.appendingPathComponent("Tests/Fixtures/lms/\(lms)/feed.ics")
        return ICalendarImport(bytes: Array(try Data(contentsOf: url)))
    }

    static func instant(_ time: EventTime?) -> Date? { time?.instant(viewerTimeZone: .gmt) }
    static func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func canvasDeadlinesKeepTheirTimeEvenFromTheTwentyThreeFiftyNineTrap() throws {
        let snapshot = ICSFeedImporter.snapshot(of: try Self.feed("canvas"), campusTimeZone: "America/Denver")
        let titles = Set(snapshot.assignments.map(\.title))
        #expect(titles == ["Code Review 1", "Project Milestone 1", "Design Document"])
        #expect(snapshot.assignments.allSatisfy { $0.course == "CS 246" })
        // Due 23:59 in the course's zone, Friday 09-25 — not an all-day item on the 25th (or the 26th in UTC).
        let milestone = try #require(snapshot.assignments.first { $0.title == "Project Milestone 1" })
        #expect(Self.instant(milestone.due) == Self.iso("2026-09-26T05:59:00Z"))
        #expect(milestone.due?.isAllDay == false)
        #expect(Self.instant(snapshot.assignments.first { $0.title == "Code Review 1" }?.due) == Self.iso("2026-09-11T23:00:00Z"))
        // Real all-day events stay dates; timed events keep their span and room.
        let reading = try #require(snapshot.events.first { $0.title == "Reading Day - no class" })
        #expect(reading.start == .date(LocalDate(year: 2026, month: 10, day: 16)) && reading.end == .date(LocalDate(year: 2026, month: 10, day: 17)))
        let lecture = try #require(snapshot.events.first { $0.title.hasPrefix("Guest lecture") })
        #expect(lecture.location == "Engineering Hall 118" && Self.instant(lecture.end) == Self.iso("2026-09-30T22:15:00Z"))
        #expect(snapshot.completeScopes == ["feed"] && snapshot.problems.isEmpty)
    }

    @Test func brightspaceDueItemsAreAssignmentsAndTheirAvailabilityTwinsAreNotImported() throws {
        let snapshot = ICSFeedImporter.snapshot(of: try Self.feed("brightspace"), campusTimeZone: "America/Denver")
        #expect(Set(snapshot.assignments.map(\.title)) == ["Field Journal 1", "Plant Collection Proposal"])
        #expect(snapshot.assignments.allSatisfy { $0.course == "BOT 240 Flora of the Intermountain West - Section 01 (FA26)" })
        #expect(!snapshot.events.contains { $0.title.contains("Available") || $0.title.contains("Availability Ends") })
        // The lecture series keeps its rule, in the Windows-named zone mapped to America/Denver.
        let lecture = try #require(snapshot.events.first { $0.title == "BOT 240 Lecture" })
        #expect(lecture.recurrenceRule?.contains("FREQ=WEEKLY") == true)
        #expect(lecture.start == .zoned(LocalDateTime(year: 2026, month: 9, day: 9, hour: 10), timeZone: "America/Denver"))
        let trip = try #require(snapshot.events.first { $0.title == "Spring Creek Field Trip" })
        #expect(trip.start == .date(LocalDate(year: 2026, month: 10, day: 10)))
    }

    @Test func moodleDeadlinesAreInstantsAndCourseEventsAreEvents() throws {
        let snapshot = ICSFeedImporter.snapshot(of: try Self.feed("moodle"), campusTimeZone: "America/Denver")
        let essay = try #require(snapshot.assignments.first { $0.title == "Ensayo 1: Mi ciudad" })
        #expect(Self.instant(essay.due) == Self.iso("2026-10-02T23:00:00Z") && essay.course == "SPAN201-F26")
        #expect(snapshot.assignments.contains { $0.title == "Presentación oral 1" })
        let hour = try #require(snapshot.events.first { $0.title == "Hora de conversación" })
        #expect(Self.instant(hour.start) == Self.iso("2026-09-16T00:00:00Z") && Self.instant(hour.end) == Self.iso("2026-09-16T01:00:00Z"))
    }

    @Test func aFeedWithProblemsRemovesNothing() {
        let broken = ICalendarImport(
            text:
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261001T100000Z\r\nSUMMARY:Ok\r\nEND:VEVENT\r\nthis line is broken\r\nEND:VCALENDAR\r\n"
        )
        let snapshot = ICSFeedImporter.snapshot(of: broken, campusTimeZone: "America/Denver")
        #expect(snapshot.events.count == 1 && snapshot.completeScopes.isEmpty && !snapshot.problems.isEmpty)
    }
}
