import CampusCalCore
import CampusCalICalendar
import Foundation

/// Imports from Moodle's web services (`/webservice/rest/server.php`, the mobile-app service) with
/// the student's web-service token (LMS reference §3).
///
/// Calls: site info (who, which functions are enabled) → courses (hidden and ended ones skipped),
/// each with its participants → assignments (with their open and cut-off dates) → grade items
/// (grades and feedback, per course) → each current assignment's submission status
/// (`+Submissions`) → action events (upcoming deadlines of other activities, keyset-paged) → the
/// course calendar (lectures, exams, office hours: `+Calendar`). Moodle reports failures as HTTP
/// 200 bodies with `exception`: `invalidtoken` means the key is dead (reconnect); anything else,
/// and every `warnings[]` entry, is a problem of that scope only, which then counts as incomplete
/// (nothing in it is removed).
public struct MoodleImporter: LMSImporter {
    public let kind = LMSKind.moodle
    let http: LMSHTTPClient
    let clock: any TimeSource
    /// Deadlines from this long ago on are imported (finished work drops out of Moodle's action events).
    let lookBack: TimeInterval = 30 * 86_400
    /// Action events asked for per call (Moodle allows 1…50).
    let pageSize: Int

    /// - Parameter pageSize: action events per call, 1…50 (Moodle's own bounds); less only in tests
    ///   that follow the keyset paging over a small fixture.
    public init(http: LMSHTTPClient = LMSHTTPClient(), clock: any TimeSource = SystemTimeSource(), pageSize: Int = 50) {
        self.http = http
        self.clock = clock
        self.pageSize = min(max(pageSize, 1), 50)
    }

    struct Failure: Error {
        var code: String
        var message: String
    }

    public func snapshot(
        of connection: LMSConnection, credentials: LMSCredentials, owner: User, refreshed: @escaping @Sendable (LMSCredentials) async throws -> Void
    ) async throws -> LMSSnapshot {
        guard case .moodleToken(let token) = credentials else { throw LMSImportError.credentialsRefused("this connection has no Moodle key") }
        let call = Caller(http: http, endpoint: connection.baseURL + "/webservice/rest/server.php", token: token)
        var snapshot = LMSSnapshot()

        // Without who the student is and their courses there is nothing to sync: those failures end the sync.
        let site: [String: Any]
        let courses: [[String: Any]]
        do {
            site = try await call.object("core_webservice_get_site_info", [])
            guard let userID = JSONField.int(site["userid"]) else { throw Failure(code: "malformed", message: "no user id in the site information") }
            courses = try await call.array("core_enrol_get_users_courses", [("userid", String(userID))])
        } catch let failure as Failure {
            throw LMSImportError.unavailable(Self.describe(failure, "courses"))
        }
        let userID = JSONField.int(site["userid"]) ?? 0
        let enabled = Set(((site["functions"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })

        snapshot.me = LMSPerson(nativeID: String(userID), loginID: site["username"] as? String, name: (site["fullname"] as? String) ?? String(userID))
        var codes: [Int: String] = [:]
        let now = clock.now()
        for course in courses {
            // Hidden (visible 0) and ended courses are not the student's to act on: skipped, not failed.
            guard let id = JSONField.int(course["id"]), Self.isOpen(course, now: now) else { continue }
            let code = (course["shortname"] as? String) ?? String(id)
            codes[id] = code
            var lmsCourse = LMSCourse(nativeID: String(id), code: code, name: (course["fullname"] as? String) ?? code)
            if enabled.isEmpty || enabled.contains("core_enrol_get_enrolled_users") {
                do {
                    // Only the fields a class list shows: Moodle otherwise sends every profile field of everyone.
                    let people = try await call.array(
                        "core_enrol_get_enrolled_users",
                        [("courseid", String(id)), ("options[0][name]", "userfields"), ("options[0][value]", "id,fullname,username,roles")]
                    ).compactMap(Self.person)
                    lmsCourse.members = people
                    lmsCourse.role = people.first { $0.nativeID == String(userID) }?.role ?? .student
                    snapshot.completeScopes.insert(LMSSnapshot.membersScope(String(id)))
                } catch let failure as Failure where !Self.refusals.contains(failure.code) {
                    snapshot.problems.append(
                        LMSSyncProblem(
                            scope: LMSSnapshot.membersScope(String(id)), message: "Moodle (\(code)): \(Self.describe(failure, "class list"))"))
                } catch is Failure {
                    // The course does not show students its participants: no list, and no problem.
                }
            }
            snapshot.courses.append(lmsCourse)
        }
        snapshot.completeScopes.insert(LMSSnapshot.coursesScope)
        if codes.isEmpty { return snapshot }

        // Assignments of every course in one call; a course in warnings[] is incomplete.
        var assignmentsByID: [Int: (course: Int, assignment: LMSAssignment)] = [:]
        do {
            let ids = codes.keys.sorted()
            let reply = try await call.object(
                "mod_assign_get_assignments", ids.enumerated().map { ("courseids[\($0.offset)]", String($0.element)) })
            var warned: Set<Int> = []
            for warning in (reply["warnings"] as? [[String: Any]]) ?? [] {
                let item = JSONField.int(warning["itemid"])
                if let item { warned.insert(item) }
                // Every problem names its course, so the student knows which one to check.
                let course = item.map { codes[$0] ?? "course \($0)" } ?? "a course"
                snapshot.problems.append(
                    LMSSyncProblem(
                        scope: item.map { "assignments:\($0)" } ?? "assignments",
                        message: "Moodle (\(course)): \((warning["message"] as? String) ?? "the course could not be read")"))
            }
            for course in (reply["courses"] as? [[String: Any]]) ?? [] {
                guard let courseID = JSONField.int(course["id"]) else { continue }
                let scope = "assignments:\(courseID)"
                for item in (course["assignments"] as? [[String: Any]]) ?? [] {
                    guard let id = JSONField.int(item["id"]) else { continue }
                    let due = JSONField.int(item["duedate"]).flatMap { $0 > 0 ? Self.instant($0) : nil }
                    let points = JSONField.double(item["grade"]).flatMap { $0 > 0 ? $0 : nil }
                    var assignment = LMSAssignment(
                        key: "assign|\(id)", scope: scope, course: codes[courseID], title: (item["name"] as? String) ?? "Assignment \(id)",
                        description: HTMLText.plain(item["intro"] as? String), due: due, pointsPossible: points,
                        courseNativeID: String(courseID))
                    // 0 = not set, for both.
                    assignment.opensAt = Self.date(item["allowsubmissionsfromdate"])
                    assignment.cutoffAt = Self.date(item["cutoffdate"])
                    assignmentsByID[id] = (courseID, assignment)
                }
                if !warned.contains(courseID) { snapshot.completeScopes.insert(scope) }
            }
        } catch let failure as Failure {
            snapshot.problems.append(
                LMSSyncProblem(scope: "assignments", message: "Moodle (\(Self.names(codes))): \(Self.describe(failure, "assignments"))"))
        }

        // Grades and feedback, per course (released grades only: a missing grade is not a zero).
        if enabled.isEmpty || enabled.contains("gradereport_user_get_grade_items") {
            for courseID in codes.keys.sorted() {
                do {
                    let reply = try await call.object(
                        "gradereport_user_get_grade_items", [("courseid", String(courseID)), ("userid", String(userID))])
                    for user in (reply["usergrades"] as? [[String: Any]]) ?? [] {
                        for item in (user["gradeitems"] as? [[String: Any]]) ?? [] {
                            guard item["itemmodule"] as? String == "assign", let instance = JSONField.int(item["iteminstance"]),
                                var entry = assignmentsByID[instance]
                            else { continue }
                            if let raw = JSONField.double(item["graderaw"]) {
                                let maximum = JSONField.double(item["grademax"])
                                entry.assignment.grade = TaskGrade(
                                    score: raw, percentage: maximum.flatMap { $0 > 0 ? (raw / $0 * 1000).rounded() / 10 : nil })
                            }
                            entry.assignment.feedback = HTMLText.plain(item["feedback"] as? String)
                            assignmentsByID[instance] = entry
                        }
                    }
                } catch let failure as Failure {
                    snapshot.problems.append(
                        LMSSyncProblem(
                            scope: "grades:\(courseID)",
                            message: "Moodle (\(codes[courseID] ?? String(courseID))): \(Self.describe(failure, "grades"))"))
                    // Unknown, not ungraded: the grades imported before stay.
                    for (id, entry) in assignmentsByID where entry.course == courseID { assignmentsByID[id]?.assignment.gradeKnown = false }
                }
            }
        }
        if enabled.isEmpty || enabled.contains("mod_assign_get_submission_status") {
            try await submissionStates(of: &assignmentsByID, codes: codes, call: call, problems: &snapshot.problems)
        }
        snapshot.assignments = assignmentsByID.keys.sorted().compactMap { assignmentsByID[$0]?.assignment }

        // Upcoming deadlines of other activities (quizzes closing…); assignments' own are already there.
        do {
            var after: Int?
            let from = Int(clock.now().addingTimeInterval(-lookBack).timeIntervalSince1970)
            while true {
                var parameters = [("timesortfrom", String(from)), ("limitnum", String(pageSize))]
                if let after { parameters.append(("aftereventid", String(after))) }
                let page = try await call.object("core_calendar_get_action_events_by_timesort", parameters)
                let events = (page["events"] as? [[String: Any]]) ?? []
                for event in events where event["modulename"] as? String != "assign" {
                    guard let id = JSONField.int(event["id"]), let when = JSONField.int(event["timesort"]) else { continue }
                    let start = Self.instant(when)
                    let courseID = JSONField.int((event["course"] as? [String: Any])?["id"])
                    snapshot.events.append(
                        LMSCalendarItem(
                            key: "event|\(id)", scope: "action-events", title: (event["name"] as? String) ?? "Deadline",
                            description: courseID.flatMap { codes[$0] }, start: start, end: start,
                            courseNativeID: courseID.flatMap { codes[$0] == nil ? nil : String($0) }))
                }
                // Keyset paging: a full page means there may be more after its last event (ids are not in time order).
                guard events.count == pageSize, let last = JSONField.int(page["lastid"]) else { break }
                after = last
            }
            snapshot.completeScopes.insert("action-events")
        } catch let failure as Failure {
            snapshot.problems.append(
                LMSSyncProblem(scope: "action-events", message: "Moodle (\(Self.names(codes))): \(Self.describe(failure, "upcoming deadlines"))"))
        }

        if enabled.isEmpty || enabled.contains("core_calendar_get_calendar_events") {
            try await courseCalendar(codes: codes, call: call, into: &snapshot)
        }
        return snapshot
    }

    /// One web-service call: form POST (keeps the token out of access logs), JSON reply, HTTP-200 errors decoded.
    struct Caller: Sendable {
        let http: LMSHTTPClient
        let endpoint: String
        let token: String

        func reply(_ function: String, _ parameters: [(String, String)]) async throws -> Any {
            let response = try await http.postForm(
                endpoint, [("wstoken", token), ("wsfunction", function), ("moodlewsrestformat", "json")] + parameters)
            guard (200..<300).contains(response.status) else {
                if response.status == 401 || response.status == 403 {
                    throw LMSImportError.credentialsRefused("Moodle refused the key")
                }
                throw http.unreachable(endpoint, "Moodle's web service answered HTTP \(response.status)")
            }
            guard let json = try? JSONSerialization.jsonObject(with: Data(response.body), options: [.fragmentsAllowed]) else {
                throw Failure(code: "malformed", message: "Moodle sent something that is not JSON for \(function)")
            }
            if let object = json as? [String: Any], object["exception"] != nil || object["errorcode"] != nil {
                let code = (object["errorcode"] as? String) ?? "unknown"
                let message = (object["message"] as? String) ?? code
                if code == "invalidtoken" || code == "accessexception" && message.lowercased().contains("token") {
                    throw LMSImportError.credentialsRefused("Moodle no longer accepts your key (\(message))")
                }
                throw Failure(code: code, message: message)
            }
            return json
        }

        func object(_ function: String, _ parameters: [(String, String)]) async throws -> [String: Any] {
            guard let object = try await reply(function, parameters) as? [String: Any] else {
                throw Failure(code: "malformed", message: "Moodle's answer to \(function) is not an object")
            }
            return object
        }

        func array(_ function: String, _ parameters: [(String, String)]) async throws -> [[String: Any]] {
            guard let array = try await reply(function, parameters) as? [[String: Any]] else {
                throw Failure(code: "malformed", message: "Moodle's answer to \(function) is not a list")
            }
            return array
        }
    }

    /// The courses a call asked about, for a problem that must name them.
    static func names(_ codes: [Int: String]) -> String { codes.keys.sorted().compactMap { codes[$0] }.joined(separator: ", ") }

    /// Error codes that mean "not for students here": the data is unknown, not a failed sync.
    static let refusals: Set<String> = ["accessexception", "nopermissions", "requireloginerror", "errorcoursecontextnotvalid"]

    /// Whether the student can still act on the course: visible to them (`visible: 0` is hidden)
    /// and not past its end date (`enddate`, 0 = none). Checked here because `core_enrol_get_users_courses`
    /// lists past and hidden courses too.
    static func isOpen(_ course: [String: Any], now: Date) -> Bool {
        if let visible = JSONField.int(course["visible"]), visible == 0 { return false }
        if let end = JSONField.int(course["enddate"]), end > 0, Date(timeIntervalSince1970: TimeInterval(end)) < now { return false }
        return true
    }

    /// An enrolled user (`id`, `username` when shown, `fullname`, `roles[].shortname`).
    static func person(_ user: [String: Any]) -> LMSPerson? {
        guard let id = JSONField.int(user["id"]) else { return nil }
        let roles = ((user["roles"] as? [[String: Any]]) ?? []).compactMap { $0["shortname"] as? String }
        let role: CourseRole =
            roles.contains { ["editingteacher", "manager", "coursecreator"].contains($0) }
            ? .instructor : roles.contains("teacher") ? .assistant : .student
        return LMSPerson(
            nativeID: String(id), loginID: user["username"] as? String, name: (user["fullname"] as? String) ?? "Moodle user \(id)", role: role)
    }

    static func describe(_ failure: Failure, _ what: String) -> String {
        switch failure.code {
        case "accessexception":
            "Your Moodle site does not let CampusCal read your \(what) (\(failure.message)); ask the Moodle administrator to enable it."
        case "malformed": "Moodle's answer about your \(what) could not be read (\(failure.message)); the last good data stays."
        default: "Moodle could not give your \(what): \(failure.message) (\(failure.code))."
        }
    }

    static func instant(_ seconds: Int) -> EventTime {
        .utc(LocalDateTime(instant: Date(timeIntervalSince1970: TimeInterval(seconds)), in: .gmt))
    }
}
