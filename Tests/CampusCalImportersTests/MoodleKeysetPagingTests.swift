import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalImporters

/// Moodle's action events come in keyset pages (`aftereventid` = the last page's `lastid`): every
/// page is followed, over real HTTP to the local test LMS, until a page comes back short.
@Suite("Moodle: action events are followed page after page")
struct MoodleKeysetPagingTests {
    @Test func everyPageIsFollowedUntilAShortOne() async throws {
        try await LMSTestServer.with(staticTokens: ["moodle": LMSTestServer.Credentials.moodleToken]) { lms in
            let now = Date(timeIntervalSince1970: 1_790_000_000)
            let importer = MoodleImporter(http: LMSHTTPClient(addressPolicy: .loopbackForTests), clock: ManualClock(now), pageSize: 1)
            let owner = User(
                id: UserID(rawValue: "u1"), username: "avery", displayName: "Avery", email: nil, phone: nil, timeZone: "America/Denver",
                role: .student, createdAt: now, updatedAt: now, version: 1)
            let connection = LMSConnection(
                id: LMSConnectionID(rawValue: "c1"), ownerID: owner.id, kind: .moodle, baseURL: lms.baseURL,
                calendarID: CalendarID(rawValue: "cal1"), createdAt: now, updatedAt: now)
            let snapshot = try await importer.snapshot(
                of: connection, credentials: .moodleToken(LMSTestServer.Credentials.moodleToken), owner: owner, refreshed: { _ in })
            #expect(snapshot.completeScopes.contains("action-events"), "\(snapshot.problems)")
            // The quiz (the assignment's own deadline is not doubled as an event), found on page 1 of 3.
            #expect(snapshot.events.filter { $0.scope == "action-events" }.map(\.title) == ["Cuestionario 3: El pretérito closes"])
            let pages = try lms.requests().filter { $0.form["wsfunction"] == ["core_calendar_get_action_events_by_timesort"] }
            #expect(pages.map { $0.form["aftereventid"]?.first } == [nil, "20880", "20874"])
            #expect(pages.allSatisfy { $0.form["limitnum"] == ["1"] })
        }
    }
}
