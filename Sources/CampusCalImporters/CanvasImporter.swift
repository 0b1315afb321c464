import CampusCalCore
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
    /// The server's developer key (client id and secret), for refreshing tokens; nil: tokens are not refreshed.
    let client: (id: String, secret: String)?
    let clock: any TimeSource
    let maximumPages = 200

    public init(http: LMSHTTPClient = LMSHTTPClient(), client: (id: String, secret: String)?, clock: any TimeSource = SystemTimeSource()) {
        self.http = http
        self.client = client
        self.clock = clock
    }

    /// A listing that could not be finished, in words for the sync report.
    struct ListingFailure: Error {
        var message: String
    }

    public func snapshot(
        of connection: LMSConnection, credentials: LMSCredentials, owner: User, refreshed: @escaping @Sendable (LMSCredentials) async throws -> Void
    ) async throws -> LMSSnapshot {
        guard case .oauth(let access, let refresh, let expiresAt) = credentials, !access.isEmpty else {
            throw LMSImportError.credentialsRefused("Canvas has not been authorized yet")
        }
        let session = Session(
            importer: self, base: connection.baseURL, token: access, refreshToken: refresh, expiresAt: expiresAt, refreshed: refreshed)
        var snapshot = LMSSnapshot()
        let courses: [[String: Any]]
        do {
            courses = try await session.list("/api/v1/courses?enrollment_state=active&include[]=term&per_page=100")
        } catch let failure as ListingFailure {
            throw LMSImportError.unavailable("Canvas could not list your courses: \(failure.message)")
        }
        var contexts: [String] = []
        for course in courses {
            guard let id = Self.id(course["id"]) else { continue }
            let code = (course["course_code"] as? String) ?? (course["name"] as? String) ?? id
            snapshot.courses.append(
                LMSCourse(nativeID: id, code: code, name: (course["name"] as? String) ?? code, timeZone: course["time_zone"] as? String))
            contexts.append("course_\(id)")
            let scope = "assignments:\(id)"
            do {
                let assignments = try await session.list("/api/v1/courses/\(id)/assignments?include[]=submission&order_by=position&per_page=100")
                let submissions = try await session.list(
                    "/api/v1/courses/\(id)/students/submissions?student_ids[]=self&include[]=submission_comments&per_page=100")
                var byAssignment: [String: [String: Any]] = [:]
                for submission in submissions {
                    if let assignmentID = Self.id(submission["assignment_id"]), byAssignment[assignmentID] == nil {
                        byAssignment[assignmentID] = submission
                    }
                }
                for item in assignments where (item["published"] as? Bool) ?? true {
                    guard let assignmentID = Self.id(item["id"]) else { continue }
                    var assignment = LMSAssignment(
                        key: "assignment|\(assignmentID)", scope: scope, course: code, title: (item["name"] as? String) ?? "Assignment",
                        description: HTMLText.plain(item["description"] as? String), due: Self.instant(item["due_at"]),
                        pointsPossible: Self.double(item["points_possible"]))
                    let submission = byAssignment[assignmentID] ?? (item["submission"] as? [String: Any])
                    // A grade not yet posted is invisible to the student: not a zero, not anything.
                    if let submission, submission["posted_at"] is String {
                        let score = Self.double(submission["score"])
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
        let start = Self.format(now.addingTimeInterval(-120 * 86_400))
        let end = Self.format(now.addingTimeInterval(240 * 86_400))
        var eventsComplete = true
        for batch in stride(from: 0, to: contexts.count, by: 10).map({ Array(contexts[$0..<min($0 + 10, contexts.count)]) }) {
            let query = batch.map { "context_codes[]=\($0)" }.joined(separator: "&")
            do {
                for event in try await session.list("/api/v1/calendar_events?type=event&start_date=\(start)&end_date=\(end)&\(query)&per_page=100") {
                    guard let id = Self.id(event["id"]), (event["workflow_state"] as? String) != "deleted" else { continue }
                    let item: LMSCalendarItem
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
                    snapshot.events.append(item)
                }
            } catch let failure as ListingFailure {
                eventsComplete = false
                snapshot.problems.append(LMSSyncProblem(scope: "events", message: "Canvas calendar: \(failure.message)"))
            }
        }
        if eventsComplete { snapshot.completeScopes.insert("events") }
        return snapshot
    }

    /// One sync's conversation with Canvas: the current token, refreshed once when it expires.
    /// Used by one sync, sequentially; never shared between tasks.
    final class Session {
        let importer: CanvasImporter
        let base: String
        var token: String
        let refreshToken: String?
        var expiresAt: Date?
        let refreshed: @Sendable (LMSCredentials) async throws -> Void
        var didRefresh = false

        init(
            importer: CanvasImporter, base: String, token: String, refreshToken: String?, expiresAt: Date?,
            refreshed: @escaping @Sendable (LMSCredentials) async throws -> Void
        ) {
            self.importer = importer
            self.base = base
            self.token = token
            self.refreshToken = refreshToken
            self.expiresAt = expiresAt
            self.refreshed = refreshed
        }

        /// Every item of a paged listing, following `rel="next"` links as given (they are opaque).
        func list(_ path: String) async throws -> [[String: Any]] {
            if let expiresAt, expiresAt < importer.clock.now().addingTimeInterval(60) { try await refresh() }
            var items: [[String: Any]] = []
            var next: String? = base + path
            var pages = 0
            while let url = next {
                pages += 1
                guard pages <= importer.maximumPages else { throw ListingFailure(message: "more than \(importer.maximumPages) pages") }
                var response = try await importer.http.get(url, headers: [("Authorization", "Bearer \(token)")])
                if response.status == 401, response.header("WWW-Authenticate") != nil, !didRefresh {
                    try await refresh()
                    response = try await importer.http.get(url, headers: [("Authorization", "Bearer \(token)")])
                }
                switch response.status {
                case 200..<300: break
                case 401 where response.header("WWW-Authenticate") != nil:
                    throw LMSImportError.credentialsRefused("Canvas no longer accepts CampusCal's access")
                case 401, 403: throw ListingFailure(message: "not allowed to read this (HTTP \(response.status))")
                case 404: throw ListingFailure(message: "not found or not visible to you (HTTP 404)")
                default: throw ListingFailure(message: "Canvas answered HTTP \(response.status); try again later")
                }
                guard let page = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]] else {
                    throw ListingFailure(message: "the answer could not be read (not a JSON list)")
                }
                items += page
                next = LinkHeader.url(response.header("Link"), rel: "next")
            }
            return items
        }

        /// Exchanges the refresh token for a new access token (Canvas keeps the refresh token) and stores it first.
        func refresh() async throws {
            guard let refreshToken, let client = importer.client else {
                throw LMSImportError.credentialsRefused("Canvas's access expired and cannot be renewed")
            }
            didRefresh = true
            let response = try await importer.http.postForm(
                base + "/login/oauth2/token",
                [("grant_type", "refresh_token"), ("client_id", client.id), ("client_secret", client.secret), ("refresh_token", refreshToken)])
            guard response.status == 200, let body = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                let access = body["access_token"] as? String
            else { throw LMSImportError.credentialsRefused("Canvas refused to renew CampusCal's access (HTTP \(response.status))") }
            let expires = CanvasImporter.double(body["expires_in"]).map { importer.clock.now().addingTimeInterval($0) }
            // Canvas may (rarely) send a new refresh token: keep whichever is current.
            let newRefresh = (body["refresh_token"] as? String) ?? refreshToken
            try await refreshed(.oauth(accessToken: access, refreshToken: newRefresh, expiresAt: expires))
            token = access
            expiresAt = expires
        }
    }

    /// Canvas ids are numbers (possibly beyond 2^53) or strings: kept as text, never as Double.
    static func id(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    static func double(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap(Double.init) }

    /// ISO 8601 with any offset, with or without fractions.
    static func instant(_ value: Any?) -> EventTime? {
        guard let text = value as? String else { return nil }
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = plain.date(from: text) ?? fractional.date(from: text) else { return nil }
        return .utc(LocalDateTime(instant: date, in: TimeZone(identifier: "UTC") ?? .gmt))
    }

    static func localDate(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let date = LocalDate(year: parts[0], month: parts[1], day: parts[2])
        return date.isValid ? date : nil
    }

    static func format(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
}
