import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Planned downtime (SRS 3.7.3). The test clock starts Monday 2026-09-21T14:13:20Z.
@Suite("Maintenance notices: admins only, two days ahead unless urgent, everyone told in their own zone")
struct MaintenanceNoticeTests {
    @Test func anAdminAnnouncesDowntimeAndEveryUserIsToldInTheirOwnZone() async throws {
        let server = try TestServer()
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            _ = try await api.register("ana", extra: ["timeZone": "America/Denver"])
            _ = try await api.register("bob", extra: ["timeZone": "Europe/London"])
            let admin = try await api.token("root")
            let student = try await api.token("ana")
            // Saturday 26 September, 04:00-05:30Z: Friday evening in Denver, early Saturday in London.
            let body: [String: Any] = [
                "title": "Database upgrade", "message": "Save your work first.", "startsAt": "2026-09-26T04:00:00Z",
                "endsAt": "2026-09-26T05:30:00Z",
            ]
            #expect(try await api.request(.post, "/api/v1/admin/maintenance-notices", token: student, json: body).status == .forbidden)
            let posted = try await api.request(.post, "/api/v1/admin/maintenance-notices", token: admin, json: body)
            #expect(posted.status == .created, "\(String(decoding: posted.body, as: UTF8.self))")
            #expect(posted.json["notifiedUsers"] as? Int == 3)

            let inbox = try await api.request(.get, "/api/v1/notifications", token: student).json["items"] as? [[String: Any]]
            #expect(inbox?.first?["kind"] as? String == "maintenance")
            #expect(inbox?.first?["title"] as? String == "Planned maintenance: Database upgrade")
            #expect(
                inbox?.first?["body"] as? String
                    == "CampusCal will be unavailable from Friday, September 25 at 10:00 PM to 11:30 PM (MDT). Save your work first.")
            let london = try await api.request(.get, "/api/v1/notifications", token: try await api.token("bob")).json["items"] as? [[String: Any]]
            #expect(
                london?.first?["body"] as? String
                    == "CampusCal will be unavailable from Saturday, September 26 at 5:00 AM to 6:30 AM (GMT+1). Save your work first.")

            // Everyone signed in sees the current notices (a banner); the admin can cancel, and everyone is told.
            let current = try await api.request(.get, "/api/v1/maintenance-notices", token: student)
            let id = try #require((current.json["items"] as? [[String: Any]])?.first?["id"] as? String)
            #expect(try await api.request(.delete, "/api/v1/admin/maintenance-notices/\(id)", token: student).status == .forbidden)
            #expect(try await api.request(.delete, "/api/v1/admin/maintenance-notices/\(id)", token: admin).status == .noContent)
            #expect((try await api.request(.get, "/api/v1/maintenance-notices", token: student).json["items"] as? [Any])?.isEmpty == true)
            #expect(try await api.request(.delete, "/api/v1/admin/maintenance-notices/\(id)", token: admin).status == .notFound)
            let after = try await api.request(.get, "/api/v1/notifications", token: student).json
            #expect(after["unreadCount"] as? Int == 2)
        }
    }

    @Test func lessThanTwoDaysAheadNeedsUrgentAndTheWindowMustMakeSense() async throws {
        let server = try TestServer()
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let admin = try await api.token("root")
            let soon: [String: Any] = ["title": "Patch", "startsAt": "2026-09-22T04:00:00Z", "endsAt": "2026-09-22T05:00:00Z"]
            let refused = try await api.request(.post, "/api/v1/admin/maintenance-notices", token: admin, json: soon)
            #expect(refused.issueCodes == ["startsAt.too-soon"])
            #expect(
                (refused.json["errors"] as? [[String: Any]])?.first?["message"] as? String
                    == "Maintenance must be announced at least two days ahead; mark the notice urgent to post it sooner.")
            // Nothing was stored or sent by the refused request.
            #expect((try await api.request(.get, "/api/v1/maintenance-notices", token: admin).json["items"] as? [Any])?.isEmpty == true)
            #expect(try await api.request(.get, "/api/v1/notifications", token: admin).json["unreadCount"] as? Int == 0)

            var urgent = soon
            urgent["urgent"] = true
            let posted = try await api.request(.post, "/api/v1/admin/maintenance-notices", token: admin, json: urgent)
            #expect(posted.status == .created)
            let inbox = try await api.request(.get, "/api/v1/notifications", token: admin).json["items"] as? [[String: Any]]
            #expect(inbox?.first?["title"] as? String == "Urgent maintenance: Patch")

            let backwards: [String: Any] = ["title": "X", "startsAt": "2026-10-02T05:00:00Z", "endsAt": "2026-10-02T04:00:00Z"]
            #expect(
                try await api.request(.post, "/api/v1/admin/maintenance-notices", token: admin, json: backwards).issueCodes == ["endsAt.order"])
            let noOffset: [String: Any] = ["title": "X", "startsAt": "2026-10-02T05:00:00", "endsAt": "2026-10-02T06:00:00Z"]
            #expect(try await api.request(.post, "/api/v1/admin/maintenance-notices", token: admin, json: noOffset).status == .badRequest)
        }
    }
}
