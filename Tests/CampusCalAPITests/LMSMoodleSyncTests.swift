import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Moodle through its web services, end to end against the local test LMS: assignments with grades
/// and feedback, upcoming deadlines, and Moodle's HTTP-200 error bodies.
@Suite("LMS Moodle: web-service import, grades and feedback, error bodies")
struct LMSMoodleSyncTests {
    static let accessException =
        #"{"exception":"webservice_access_exception","errorcode":"accessexception","message":"Access control exception"}"#

    static func connect(_ api: APIClient, _ token: String, _ lms: LMSTestServer) async throws -> String {
        #expect(
            try await api.request(.post, "/api/v1/me/consents", token: token, json: ["agreementId": "ilearn-sync", "version": 1]).status == .created)
        let connected = try await api.request(
            .post, "/api/v1/lms/connections", token: token,
            json: ["kind": "moodle", "baseUrl": lms.baseURL, "token": LMSTestServer.Credentials.moodleToken])
        #expect(connected.status == .created, "\(String(decoding: connected.body, as: UTF8.self))")
        return try #require(connected.string("id"))
    }

    static func sync(_ api: APIClient, _ token: String, _ id: String) async throws -> APIClient.Reply {
        try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
    }

    @Test func assignmentsGradesFeedbackAndDeadlinesArrive() async throws {
        let server = try TestServer { $0.lmsAllowedPrivateNetworks = "127.0.0.1/32" }
        try await server.createUser("avery")
        try await LMSTestServer.with(staticTokens: ["moodle": LMSTestServer.Credentials.moodleToken]) { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                let id = try await Self.connect(api, token, lms)
                let report = try await Self.sync(api, token, id)
                #expect(
                    report.status == .ok && report.json["added"] as? Int == 8 && report.json["complete"] as? Bool == true,
                    "\(String(decoding: report.body, as: UTF8.self))")
                let tasks = ((try await api.request(.get, "/api/v1/tasks", token: token)).json["items"] as? [[String: Any]]) ?? []
                let oral = try #require(tasks.first { $0["title"] as? String == "Presentación oral 1" })
                #expect(oral["course"] as? String == "SPAN201-F26" && oral["pointsPossible"] as? Double == 100)
                #expect(
                    (oral["grade"] as? [String: Any])?["score"] as? Double == 87 && (oral["grade"] as? [String: Any])?["percentage"] as? Double == 87)
                #expect((oral["feedback"] as? String)?.hasPrefix("¡Buen trabajo, Avery! Pronunciación clara.") == true)
                let essay = try #require(tasks.first { $0["title"] as? String == "Ensayo 1: Mi ciudad" })
                #expect(essay["dueAt"] as? String == "2026-10-02T23:00:00Z" && essay["grade"] is NSNull)
                // When submissions open and are cut off, and where the student's stand (mod_assign_get_submission_status).
                #expect(essay["opensAt"] as? String == "2026-09-14T06:00:00Z" && essay["cutoffAt"] as? String == "2026-10-05T23:00:00Z")
                #expect(essay["submissionStatus"] as? String == "new" && oral["submissionStatus"] as? String == "submitted")
                #expect(oral["opensAt"] as? String == "2026-09-02T06:00:00Z" && oral["cutoffAt"] is NSNull)
                // The quiz closing is a deadline in the connection's calendar; the essay's own due event is not doubled.
                let connection = try await api.request(.get, "/api/v1/lms/connections/\(id)", token: token)
                let calendar = try #require(connection.string("calendarId"))
                let events = try await api.request(
                    .get, "/api/v1/calendars/\(calendar)/events?from=2026-09-01T00:00:00Z&to=2026-11-01T00:00:00Z", token: token)
                // The course calendar too: lectures, office hours, the exam — not the activities' own dates, not hidden events.
                let items = (events.json["items"] as? [[String: Any]]) ?? []
                #expect(
                    items.compactMap { $0["title"] as? String }.sorted() == [
                        "Clase: conversación guiada", "Clase: conversación guiada", "Cuestionario 3: El pretérito closes", "Examen parcial",
                        "Hora de conversación", "Horas de oficina (Prof. Herrera)",
                    ], "\(items)")
                let exam = try #require(items.first { $0["title"] as? String == "Examen parcial" })
                #expect(exam["location"] as? String == "Smith 110", "\(exam)")
                // The key went as a form field of POSTs, never in a URL.
                let calls = try lms.requests().filter { $0.path == "/webservice/rest/server.php" }
                #expect(!calls.isEmpty && calls.allSatisfy { $0.method == "POST" && $0.query["wstoken"] == nil })
                // Nothing changed: the re-sync writes nothing.
                let again = try await Self.sync(api, token, id)
                #expect(again.json["unchanged"] as? Int == 8 && again.json["added"] as? Int == 0 && again.json["updated"] as? Int == 0)
            }
        }
    }

    @Test func moodleErrorBodiesBecomeProblemsAndRemoveNothing() async throws {
        let server = try TestServer { $0.lmsAllowedPrivateNetworks = "127.0.0.1/32" }
        try await server.createUser("avery")
        try await LMSTestServer.with(staticTokens: ["moodle": LMSTestServer.Credentials.moodleToken]) { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                let id = try await Self.connect(api, token, lms)
                #expect(try await Self.sync(api, token, id).status == .ok)
                // Grades not enabled for the mobile service (HTTP 200 + exception): a problem for grades only,
                // and the grades are unknown this time, not gone — the 87 stays.
                try lms.failNext(
                    "POST", pathPrefix: "/webservice/rest/server.php", status: 200, body: Self.accessException,
                    params: ["wsfunction": "gradereport_user_get_grade_items"])
                let gradesRefused = try await Self.sync(api, token, id)
                #expect(gradesRefused.status == .ok && gradesRefused.json["complete"] as? Bool == false && gradesRefused.json["updated"] as? Int == 0)
                let refusedProblems = ((gradesRefused.json["problems"] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String }
                #expect(refusedProblems.contains { $0.contains("does not let CampusCal read your grades") })
                var tasks = ((try await api.request(.get, "/api/v1/tasks", token: token)).json["items"] as? [[String: Any]]) ?? []
                let oral = try #require(tasks.first { $0["title"] as? String == "Presentación oral 1" })
                #expect((oral["grade"] as? [String: Any])?["score"] as? Double == 87 && oral["feedback"] is String)
                // Malformed JSON for the assignments: that listing is incomplete, so nothing in it is removed.
                try lms.failNext(
                    "POST", pathPrefix: "/webservice/rest/server.php", status: 200, body: "<html>Proxy error</html>",
                    params: ["wsfunction": "mod_assign_get_assignments"])
                let partial = try await Self.sync(api, token, id)
                #expect(partial.status == .ok && partial.json["complete"] as? Bool == false && partial.json["removed"] as? Int == 0)
                let problems = ((partial.json["problems"] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String }
                #expect(problems.contains { $0.contains("could not be read") })
                tasks = ((try await api.request(.get, "/api/v1/tasks", token: token)).json["items"] as? [[String: Any]]) ?? []
                #expect(tasks.count == 2)

                // A revoked key (Moodle's HTTP-200 invalidtoken body): reconnect, data kept.
                try lms.revoke(token: LMSTestServer.Credentials.moodleToken)
                let revoked = try await Self.sync(api, token, id)
                #expect(revoked.status == .conflict && revoked.problemCode == "lms-reconnect-needed")
                #expect((((try await api.request(.get, "/api/v1/tasks", token: token)).json["items"] as? [Any]) ?? []).count == 2)
            }
        }
    }

    @Test func hiddenAndEndedCoursesAreSkippedAndEveryProblemNamesItsCourse() async throws {
        let server = try TestServer { $0.lmsAllowedPrivateNetworks = "127.0.0.1/32" }
        try await server.createUser("avery")
        try await LMSTestServer.with(staticTokens: ["moodle": LMSTestServer.Credentials.moodleToken]) { lms in
            // Moodle lists past and hidden courses too: SPAN 101 (visible 0) and LING 110 (ended in June).
            try lms.serve("moodle/users-courses-hidden-and-ended.json", insteadOf: "moodle/users-courses.json")
            try await server.run { api in
                let token = try await api.token("avery")
                let id = try await Self.connect(api, token, lms)
                let report = try await Self.sync(api, token, id)
                #expect(
                    report.json["complete"] as? Bool == true && report.json["added"] as? Int == 8
                        && (report.json["problems"] as? [Any])?.isEmpty == true, "\(String(decoding: report.body, as: UTF8.self))")
                let calls = try lms.requests().filter { $0.path == "/webservice/rest/server.php" }
                #expect(!calls.contains { request in request.form.contains { $0.value.contains("298") || $0.value.contains("250") } })
                let courses = ((try await api.request(.get, "/api/v1/courses", token: token)).json["items"] as? [[String: Any]]) ?? []
                #expect(courses.map { $0["code"] as? String } == ["SPAN201-F26"])
                // The participants, read with the student's own key: the teacher first, Avery as her account.
                let courseID = try #require(courses.first?["id"] as? String)
                let members =
                    ((try await api.request(.get, "/api/v1/courses/\(courseID)/members", token: token)).json["items"] as? [[String: Any]]) ?? []
                #expect(members.compactMap { $0["displayName"] as? String } == ["Lucía Herrera", "avery", "Blake Marsh", "Drew Newcomb"])
                #expect(members.first?["role"] as? String == "instructor" && members[1]["username"] as? String == "avery")

                // A course Moodle will not give assignments for is a problem that names it, and removes nothing.
                try lms.failNext(
                    "POST", pathPrefix: "/webservice/rest/server.php", status: 200,
                    body:
                        #"{"courses":[],"warnings":[{"item":"course","itemid":312,"warningcode":"1","message":"No access rights in module context"}]}"#,
                    params: ["wsfunction": "mod_assign_get_assignments"])
                let warned = try await Self.sync(api, token, id)
                let problems = (warned.json["problems"] as? [[String: Any]]) ?? []
                #expect(warned.json["complete"] as? Bool == false && warned.json["removed"] as? Int == 0)
                #expect(
                    problems.contains { $0["scope"] as? String == "assignments:312" && ($0["message"] as? String)?.contains("SPAN201-F26") == true },
                    "\(problems)")
            }
        }
    }
}
