import CampusCalCore
import CampusCalICalendar
import Foundation

/// Imports from the Canvas REST API with the student's OAuth token (LMS reference §2).
///
/// Calls: active courses → per course every page of assignments (with the student's submission)
/// and of the student's submissions with comments (grades only once posted; comments are the
/// instructor's feedback) → course calendar events (≤ 10 courses per call). Every page is followed
/// through the `Link` header's `rel="next"`. A 401 with `WWW-Authenticate` is an expired token:
/// refreshed once (Canvas keeps the refresh token), else the student must reconnect. A listing
/// that fails part-way (403, 404, 5xx after back-off, malformed JSON) is a problem of its scope and
/// removes nothing.
public struct CanvasImporter: LMSImporter {
    public let kind = LMSKind.canvas
    let http: LMSHTTPClient
    /// The server's developer key, for refreshing tokens; nil: tokens are not refreshed.
    let client: OAuthClient?
    let clock: any TimeSource
    let maximumPages = 200

    public init(http: LMSHTTPClient = LMSHTTPClient(), client: OAuthClient?, clock: any TimeSource = SystemTimeSource()) {
        self.http = http
        self.client = client
        self.clock = clock
    }

    public func snapshot(
        of connection: LMSConnection, credentials: LMSCredentials, owner: User, refreshed: @escaping @Sendable (LMSCredentials) async throws -> Void
    ) async throws -> LMSSnapshot {
        // Canvas: a 401 *with* WWW-Authenticate is a bad or expired token; without, "not authorized".
        let session = try OAuthSession(
            lms: "Canvas", base: connection.baseURL, credentials: credentials, client: client, http: http, clock: clock,
            isExpiredToken: { $0.status == 401 && $0.header("WWW-Authenticate") != nil }, refreshed: refreshed)
        var snapshot = LMSSnapshot()
        let courses: [[String: Any]]
        do {
            courses = try await list("/api/v1/courses?enrollment_state=active&include[]=term&per_page=100", in: session)
        } catch let failure as ListingFailure {
            throw LMSImportError.unavailable("Canvas could not list your courses: \(failure.message)")
        }
        snapshot.completeScopes.insert(LMSSnapshot.coursesScope)
        snapshot.me = await me(in: session)
        var contexts: [(context: String, code: String)] = []
        for course in courses {
            guard let id = JSONField.id(course["id"]), Self.isOpen(course) else { continue }
            let code = (course["course_code"] as? String) ?? (course["name"] as? String) ?? id
            var lmsCourse = LMSCourse(
                nativeID: id, code: code, name: (course["name"] as? String) ?? code, timeZone: course["time_zone"] as? String,
                term: (course["term"] as? [String: Any])?["name"] as? String, role: Self.role(of: course["enrollments"]))
            do {
                lmsCourse.members = try await classList(of: id, in: session)
                snapshot.completeScopes.insert(LMSSnapshot.membersScope(id))
            } catch let failure as ListingFailure where !failure.refused {
                snapshot.problems.append(
                    LMSSyncProblem(scope: LMSSnapshot.membersScope(id), message: "Canvas (\(code)) class list: \(failure.message)"))
            } catch is ListingFailure {
                // The course hides its people from students: no class list, and no problem either.
            }
            snapshot.courses.append(lmsCourse)
            contexts.append(("course_\(id)", code))
            let scope = "assignments:\(id)"
            do {
                let assignments = try await list("/api/v1/courses/\(id)/assignments?include[]=submission&order_by=position&per_page=100", in: session)
                let submissions = try await list(
                    "/api/v1/courses/\(id)/students/submissions?student_ids[]=self&include[]=submission_comments&per_page=100", in: session)
                var byAssignment: [String: [String: Any]] = [:]
                for submission in submissions {
                    if let assignmentID = JSONField.id(submission["assignment_id"]), byAssignment[assignmentID] == nil {
                        byAssignment[assignmentID] = submission
                    }
                }
                for item in assignments where (item["published"] as? Bool) ?? true {
                    guard let assignmentID = JSONField.id(item["id"]) else { continue }
                    var assignment = LMSAssignment(
                        key: "assignment|\(assignmentID)", scope: scope, course: code, title: (item["name"] as? String) ?? "Assignment",
                        description: HTMLText.plain(item["description"] as? String), due: Self.instant(item["due_at"]),
                        pointsPossible: JSONField.double(item["points_possible"]), courseNativeID: id)
                    let submission = byAssignment[assignmentID] ?? (item["submission"] as? [String: Any])
                    // A grade not yet posted is invisible to the student: not a zero, not anything.
                    if let submission, submission["posted_at"] is String {
                        let score = JSONField.double(submission["score"])
                        let letter = (submission["grade"] as? String).flatMap { Double($0) == nil ? $0 : nil }
                        if score != nil || letter != nil {
                            let percentage = score.flatMap { s in assignment.pointsPossible.flatMap { $0 > 0 ? (s / $0 * 1000).rounded() / 10 : nil }
                            }
                            assignment.grade = TaskGrade(score: score, percentage: percentage, letter: letter)
                        }
                        let comments = ((submission["submission_comments"] as? [[String: Any]]) ?? []).compactMap { comment -> String? in
                            guard let text = (comment["comment"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
                                return nil
                            }
                            return (comment["author_name"] as? String).map { "\($0): \(text)" } ?? text
                        }
                        if !comments.isEmpty { assignment.feedback = comments.joined(separator: "\n") }
                    }
                    snapshot.assignments.append(assignment)
                }
                snapshot.completeScopes.insert(scope)
            } catch let failure as ListingFailure {
                snapshot.problems.append(LMSSyncProblem(scope: scope, message: "Canvas (\(code)): \(failure.message)"))
            }
        }
        // Course calendar events, ten courses per request (Canvas's limit), within the term around now.
        let now = clock.now()
        let codes = Dictionary(contexts.map { ($0.context, $0.code) }, uniquingKeysWith: { first, _ in first })
        let start = Self.format(now.addingTimeInterval(-120 * 86_400))
        let end = Self.format(now.addingTimeInterval(240 * 86_400))
        var eventsComplete = true
        for batch in stride(from: 0, to: contexts.count, by: 10).map({ Array(contexts[$0..<min($0 + 10, contexts.count)]) }) {
            let query = batch.map { "context_codes[]=\($0.context)" }.joined(separator: "&")
            do {
                for event in try await list(
                    "/api/v1/calendar_events?type=event&start_date=\(start)&end_date=\(end)&\(query)&per_page=100", in: session)
                {
                    guard let id = JSONField.id(event["id"]), (event["workflow_state"] as? String) != "deleted" else { continue }
                    var item: LMSCalendarItem
                    if (event["all_day"] as? Bool) == true, let day = (event["all_day_date"] as? String).flatMap(Self.localDate) {
                        item = LMSCalendarItem(
                            key: "calendar_event|\(id)", scope: "events", title: (event["title"] as? String) ?? "Event",
                            description: HTMLText.plain(event["description"] as? String), location: event["location_name"] as? String,
                            start: .date(day), end: .date(day.adding(days: 1)))
                    } else if let begin = Self.instant(event["start_at"]) {
                        item = LMSCalendarItem(
                            key: "calendar_event|\(id)", scope: "events", title: (event["title"] as? String) ?? "Event",
                            description: HTMLText.plain(event["description"] as? String), location: event["location_name"] as? String,
                            start: begin, end: Self.instant(event["end_at"]) ?? begin)
                    } else {
                        continue
                    }
                    // `context_code` (`course_5173`) is the course whose calendar it is: named in the
                    // text as the other LMSs' events are, and linked to the shared course record.
                    if let context = event["context_code"] as? String, let code = codes[context] {
                        item.courseNativeID = String(context.dropFirst("course_".count))
                        item.description = [item.description, code].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
                    }
                    snapshot.events.append(item)
                }
            } catch let failure as ListingFailure {
                eventsComplete = false
                // Every problem names its courses: this call asked about these.
                snapshot.problems.append(
                    LMSSyncProblem(
                        scope: "events", message: "Canvas calendar (\(batch.map(\.code).joined(separator: ", "))): \(failure.message)"))
            }
        }
        if eventsComplete { snapshot.completeScopes.insert("events") }
        return snapshot
    }

    /// Who the token belongs to (`/api/v1/users/self`); nil when Canvas does not say (class lists then
    /// cannot find this student yet, which costs nothing else).
    func me(in session: OAuthSession) async -> LMSPerson? {
        guard let response = try? await session.get(session.base + "/api/v1/users/self"), (200..<300).contains(response.status),
            let user = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], let id = JSONField.id(user["id"])
        else { return nil }
        return LMSPerson(nativeID: id, loginID: user["login_id"] as? String, name: (user["name"] as? String) ?? id)
    }

    /// Whether the student can still act on the course: not concluded (`workflow_state: completed`,
    /// or every enrolment of theirs `completed`/`inactive`), not unpublished or deleted. Checked here
    /// because a campus's Canvas may not apply `enrollment_state=active` itself.
    static func isOpen(_ course: [String: Any]) -> Bool {
        if let state = course["workflow_state"] as? String, ["completed", "unpublished", "deleted"].contains(state) { return false }
        if course["access_restricted_by_date"] as? Bool == true { return false }
        let states = ((course["enrollments"] as? [[String: Any]]) ?? []).compactMap { $0["enrollment_state"] as? String }
        return states.isEmpty || states.contains { !["completed", "inactive", "deleted", "rejected"].contains($0) }
    }

    /// The highest role among a person's enrolments (`type` `teacher`/`TeacherEnrollment`, `ta`, …).
    static func role(of enrollments: Any?) -> CourseRole {
        let types = ((enrollments as? [[String: Any]]) ?? []).compactMap { ($0["type"] as? String)?.lowercased() }
        if types.contains(where: { $0.hasPrefix("teacher") || $0.hasPrefix("designer") }) { return .instructor }
        if types.contains(where: { $0.hasPrefix("ta") }) { return .assistant }
        return .student
    }

    /// The course's people as Canvas shows students (`/courses/:id/users`, every page); a 403 means
    /// the course hides them (`ListingFailure.refused`).
    func classList(of course: String, in session: OAuthSession) async throws -> [LMSPerson] {
        try await list("/api/v1/courses/\(course)/users?include[]=enrollments&per_page=100", in: session).compactMap { user in
            guard let id = JSONField.id(user["id"]) else { return nil }
            return LMSPerson(
                nativeID: id, loginID: user["login_id"] as? String, name: (user["name"] as? String) ?? (user["short_name"] as? String) ?? id,
                role: Self.role(of: user["enrollments"]))
        }
    }

    /// Every item of a paged listing, following `rel="next"` links as given (they are opaque) — but
    /// only on the connection's own origin, since the bearer token goes along.
    func list(_ path: String, in session: OAuthSession) async throws -> [[String: Any]] {
        var items: [[String: Any]] = []
        var next: String? = session.base + path
        var pages = 0
        while let url = next {
            pages += 1
            guard pages <= maximumPages else { throw ListingFailure(message: "more than \(maximumPages) pages") }
            let response = try await session.get(url)
            switch response.status {
            case 200..<300: break
            case 401, 403: throw ListingFailure(message: "not allowed to read this", refused: true)
            case 404: throw ListingFailure(message: "not found or not visible to you (HTTP 404)")
            default: throw ListingFailure(message: "Canvas could not answer; try again later")
            }
            guard let page = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]] else {
                throw ListingFailure(message: "the answer could not be read (not a JSON list)")
            }
            items += page
            next = LinkHeader.url(response.header("Link"), rel: "next")
            if let link = next, !LMSHTTPClient.sameOrigin(link, session.base) {
                throw ListingFailure(message: "the next page is on another host (\(LMSHTTPClient.host(link))); not followed")
            }
        }
        return items
    }

    /// RFC 3339 with any offset, with or without fractions.
    static func instant(_ value: Any?) -> EventTime? {
        guard let date = (value as? String).flatMap(RFC3339.date(from:)) else { return nil }
        return .utc(LocalDateTime(instant: date, in: .gmt))
    }

    static func localDate(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let date = LocalDate(year: parts[0], month: parts[1], day: parts[2])
        return date.isValid ? date : nil
    }

    static func format(_ date: Date) -> String { RFC3339.string(from: date) }
}
