import CampusCalCore
import CampusCalICalendar
import Foundation

/// Imports from the D2L Brightspace Valence API (BYU-Idaho's I-Learn 3.0) with the student's OAuth
/// token (LMS reference §1).
///
/// Calls: product versions (the highest this importer knows that the tenant supports) → active
/// course enrolments (every `bookmark` page; course offerings only) → per course: dropbox folders
/// (hidden ones skipped), the student's released grade values (joined on `GradeItemId`) and, for
/// folders without a grade item, the folder's own feedback → calendar events of all courses, 25
/// courses per call, every `Next` page. Events that mirror a folder's dates (Available / Due /
/// Availability Ends) are the folder, not separate items. Recurring events keep their rule, in the
/// campus's zone so a 10:00 lecture stays at 10:00 across the DST change.
///
/// A 403 on a grade or feedback route means the student may not read it there: grades are then
/// unknown (the last known stay), not removed. A listing that fails (403/404 on folders, 5xx after
/// back-off, malformed JSON, Brightspace's `{"Errors": […]}` bodies) is a problem of its scope and
/// removes nothing. A 401 renews the token once (single-use refresh tokens stored before use).
public struct BrightspaceImporter: LMSImporter {
    public let kind = LMSKind.brightspace
    let http: LMSHTTPClient
    let client: OAuthClient?
    /// Where the courses are (`lms.campus_time_zone`): the zone recurring events repeat in.
    let campusTimeZone: String
    let clock: any TimeSource
    let maximumPages = 200
    /// The newest API versions this importer was written against; a tenant's highest supported
    /// version at or below these is used (`le` ≥ 1.94 is needed for `EventType`).
    static let builtFor: [String: (minimum: [Int], maximum: [Int])] = ["lp": ([1, 30], [1, 62]), "le": ([1, 60], [1, 96])]
    /// How many org units one calendar call asks about.
    static let coursesPerCalendarCall = 25

    public init(http: LMSHTTPClient = LMSHTTPClient(), client: OAuthClient?, campusTimeZone: String, clock: any TimeSource = SystemTimeSource()) {
        self.http = http
        self.client = client
        self.campusTimeZone = campusTimeZone
        self.clock = clock
    }

    struct Course {
        var id: String
        var code: String
        var name: String
        /// The student's role (`Access.ClasslistRoleName`).
        var role: CourseRole = .student
    }

    public func snapshot(
        of connection: LMSConnection, credentials: LMSCredentials, owner: User, refreshed: @escaping @Sendable (LMSCredentials) async throws -> Void
    ) async throws -> LMSSnapshot {
        let session = try OAuthSession(
            lms: "I-Learn", base: connection.baseURL, credentials: credentials, client: client, http: http, clock: clock,
            isExpiredToken: { $0.status == 401 }, refreshed: refreshed)
        let (lp, le) = try await versions(base: connection.baseURL)
        var snapshot = LMSSnapshot()

        let courses: [Course]
        do {
            courses = try await enrolledCourses(lp: lp, session: session)
        } catch let failure as ListingFailure {
            throw LMSImportError.unavailable("I-Learn could not list your courses: \(failure.message)")
        }
        snapshot.completeScopes.insert(LMSSnapshot.coursesScope)
        snapshot.me = await me(lp: lp, session: session)
        for course in courses {
            var lmsCourse = LMSCourse(nativeID: course.id, code: course.code, name: course.name, role: course.role)
            do {
                lmsCourse.members = try await array("/d2l/api/le/\(le)/\(course.id)/classlist/", session).compactMap(Self.person)
                snapshot.completeScopes.insert(LMSSnapshot.membersScope(course.id))
            } catch let failure as ListingFailure where !failure.refused {
                snapshot.problems.append(
                    LMSSyncProblem(scope: LMSSnapshot.membersScope(course.id), message: "I-Learn (\(course.code)) class list: \(failure.message)"))
            } catch is ListingFailure {
                // Many tenants do not let students read the classlist (403): no list, and no problem.
            }
            snapshot.courses.append(lmsCourse)
        }

        for course in courses {
            let scope = "assignments:\(course.id)"
            let folders: [[String: Any]]
            do {
                folders = try await array("/d2l/api/le/\(le)/\(course.id)/dropbox/folders/", session)
            } catch let failure as ListingFailure {
                snapshot.problems.append(LMSSyncProblem(scope: scope, message: "I-Learn (\(course.code)): \(failure.message)"))
                continue
            }
            let grades = await gradeValues(course: course, le: le, session: session, problems: &snapshot.problems)
            for folder in folders {
                guard let id = JSONField.id(folder["Id"]) else { continue }
                // Hidden folders are drafts the instructor has not released: not the student's work yet.
                if (folder["IsHidden"] as? Bool) == true { continue }
                let instructions = folder["CustomInstructions"] as? [String: Any]
                let text = (instructions?["Text"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? HTMLText.plain(instructions?["Html"] as? String)
                var assignment = LMSAssignment(
                    key: "folder|\(id)", scope: scope, course: course.code, title: (folder["Name"] as? String) ?? "Assignment \(id)",
                    description: text.flatMap { $0.isEmpty ? nil : $0 }, due: Self.instant(folder["DueDate"]),
                    pointsPossible: JSONField.double((folder["Assessment"] as? [String: Any])?["ScoreDenominator"]),
                    courseNativeID: course.id)
                if let gradeItem = JSONField.id(folder["GradeItemId"]) {
                    if let grades {
                        (assignment.grade, assignment.feedback) = Self.grade(grades[gradeItem], points: assignment.pointsPossible)
                    } else {
                        assignment.gradeKnown = false
                    }
                } else {
                    // No grade item: the folder's own feedback is the only place a score and comments live.
                    do {
                        let entities = try await array("/d2l/api/le/\(le)/\(course.id)/dropbox/folders/\(id)/submissions/mysubmissions/", session)
                        (assignment.grade, assignment.feedback) = Self.feedback(entities.first, points: assignment.pointsPossible)
                    } catch let failure as ListingFailure {
                        assignment.gradeKnown = false
                        if !failure.refused {
                            snapshot.problems.append(
                                LMSSyncProblem(scope: "grades:\(course.id)", message: "I-Learn (\(course.code)) feedback: \(failure.message)"))
                        }
                    }
                }
                snapshot.assignments.append(assignment)
            }
            snapshot.completeScopes.insert(scope)
        }

        let coursesByID = Dictionary(courses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        do {
            snapshot.events = try await calendarEvents(courses: courses, le: le, session: session).compactMap {
                event(from: $0, courses: coursesByID)
            }
            snapshot.completeScopes.insert("events")
        } catch let failure as ListingFailure {
            snapshot.problems.append(LMSSyncProblem(scope: "events", message: "I-Learn calendar \(failure.message)"))
        }
        return snapshot
    }

    // MARK: The calls

    /// The versions of `lp` and `le` to speak: the tenant's highest supported within `builtFor`.
    func versions(base: String) async throws -> (lp: String, le: String) {
        let response = try await http.get(base + "/d2l/api/versions/")
        guard (200..<300).contains(response.status),
            let products = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]]
        else {
            throw LMSImportError.unavailable(
                "I-Learn (\(LMSHTTPClient.host(base))) did not say which API versions it supports. Try again later.")
        }
        func pick(_ product: String) throws -> String {
            let range = Self.builtFor[product] ?? ([0], [Int.max])
            let supported = products.first { ($0["ProductCode"] as? String) == product }?["SupportedVersions"] as? [String] ?? []
            let usable = supported.map { ($0, $0.split(separator: ".").compactMap { Int($0) }) }
                .filter { !$0.1.isEmpty && !$0.1.lexicographicallyPrecedes(range.minimum) && !range.maximum.lexicographicallyPrecedes($0.1) }
            guard let best = usable.max(by: { $0.1.lexicographicallyPrecedes($1.1) }) else {
                throw LMSImportError.unavailable(
                    "I-Learn (\(LMSHTTPClient.host(base))) offers no version of its '\(product)' API that CampusCal can use; ask the IT help desk.")
            }
            return best.0
        }
        return (try pick("lp"), try pick("le"))
    }

    /// Who the token belongs to (`users/whoami`); nil when I-Learn does not say.
    func me(lp: String, session: OAuthSession) async -> LMSPerson? {
        guard let user = try? await object(session.base + "/d2l/api/lp/\(lp)/users/whoami", session), let id = JSONField.id(user["Identifier"])
        else { return nil }
        let name = [user["FirstName"] as? String, user["LastName"] as? String].compactMap { $0 }.joined(separator: " ")
        return LMSPerson(nativeID: id, loginID: user["UniqueName"] as? String, name: name.isEmpty ? id : name)
    }

    /// A classlist user (`Identifier`, `DisplayName`, `Username`, `ClasslistRoleDisplayName`).
    static func person(_ user: [String: Any]) -> LMSPerson? {
        guard let id = JSONField.id(user["Identifier"]) else { return nil }
        let name = [user["FirstName"] as? String, user["LastName"] as? String].compactMap { $0 }.joined(separator: " ")
        return LMSPerson(
            nativeID: id, loginID: user["Username"] as? String, name: (user["DisplayName"] as? String) ?? (name.isEmpty ? id : name),
            role: role(user["ClasslistRoleDisplayName"] ?? user["ClasslistRoleName"]))
    }

    /// A classlist role name in the domain's words: tenants name their roles freely, so by what they say.
    static func role(_ value: Any?) -> CourseRole {
        let name = (value as? String)?.lowercased() ?? ""
        if ["instructor", "teacher", "professor", "lecturer", "faculty"].contains(where: { name.contains($0) }) { return .instructor }
        if name.contains("assistant") || name.split(separator: " ").contains("ta") || name.contains("grader") { return .assistant }
        return .student
    }

    /// Active course offerings (org unit type 3), every `bookmark` page.
    func enrolledCourses(lp: String, session: OAuthSession) async throws -> [Course] {
        var courses: [Course] = []
        var bookmark: String?
        var pages = 0
        repeat {
            pages += 1
            guard pages <= maximumPages else { throw ListingFailure(message: "more than \(maximumPages) pages of courses") }
            var path = "/d2l/api/lp/\(lp)/enrollments/myenrollments/?isActive=true&orgUnitTypeId=3"
            if let bookmark { path += "&bookmark=" + Self.queryValue(bookmark) }
            let page = try await object(session.base + path, session)
            for item in (page["Items"] as? [[String: Any]]) ?? [] {
                guard let unit = item["OrgUnit"] as? [String: Any], let id = JSONField.id(unit["Id"]),
                    JSONField.id((unit["Type"] as? [String: Any])?["Id"]) == "3"
                else { continue }
                let access = item["Access"] as? [String: Any]
                guard Self.isOpen(access, now: clock.now()) else { continue }
                let code = (unit["Code"] as? String) ?? (unit["Name"] as? String) ?? id
                courses.append(
                    Course(id: id, code: code, name: (unit["Name"] as? String) ?? code, role: Self.role(access?["ClasslistRoleName"])))
            }
            let paging = page["PagingInfo"] as? [String: Any]
            bookmark = (paging?["HasMoreItems"] as? Bool) == true ? JSONField.id(paging?["Bookmark"]) : nil
        } while bookmark != nil
        return courses
    }

    /// Whether the student can still act on the enrolment: active, accessible (hidden courses are
    /// not), and not past its end date. Checked here because `isActive=true` may not be applied by
    /// every tenant's version.
    static func isOpen(_ access: [String: Any]?, now: Date) -> Bool {
        if (access?["IsActive"] as? Bool) == false || (access?["CanAccess"] as? Bool) == false { return false }
        if let end = date(access?["EndDate"]), end < now { return false }
        return true
    }

    /// The student's released grades of a course by grade item id; nil when they cannot be read
    /// (unknown — the last known grades stay). An item missing from the list is not released, not zero.
    func gradeValues(course: Course, le: String, session: OAuthSession, problems: inout [LMSSyncProblem]) async -> [String: [String: Any]]? {
        do {
            let values = try await array("/d2l/api/le/\(le)/\(course.id)/grades/values/myGradeValues/", session)
            var byItem: [String: [String: Any]] = [:]
            for value in values { if let id = JSONField.id(value["GradeObjectIdentifier"]) { byItem[id] = value } }
            return byItem
        } catch let failure as ListingFailure {
            if !failure.refused {
                problems.append(LMSSyncProblem(scope: "grades:\(course.id)", message: "I-Learn (\(course.code)) grades: \(failure.message)"))
            }
            return nil
        } catch {
            problems.append(LMSSyncProblem(scope: "grades:\(course.id)", message: "I-Learn (\(course.code)) grades could not be read"))
            return nil
        }
    }

    /// Every event of the courses within the term around now, `coursesPerCalendarCall` org units per
    /// call, following each `Next` until it is null. A failure names the courses of its call.
    func calendarEvents(courses: [Course], le: String, session: OAuthSession) async throws -> [[String: Any]] {
        let now = clock.now()
        let start = Self.millisecondTime(now.addingTimeInterval(-120 * 86_400))
        let end = Self.millisecondTime(now.addingTimeInterval(240 * 86_400))
        var events: [[String: Any]] = []
        for first in stride(from: 0, to: courses.count, by: Self.coursesPerCalendarCall) {
            let batch = courses[first..<min(first + Self.coursesPerCalendarCall, courses.count)]
            var next: String? =
                session.base
                + "/d2l/api/le/\(le)/calendar/events/myEvents/?orgUnitIdsCSV=\(batch.map(\.id).joined(separator: ","))&startDateTime=\(start)&endDateTime=\(end)"
            var pages = 0
            do {
                while let url = next {
                    pages += 1
                    guard pages <= maximumPages else { throw ListingFailure(message: "more than \(maximumPages) pages of events") }
                    let page = try await object(url, session)
                    guard let objects = page["Objects"] as? [[String: Any]] else {
                        throw ListingFailure(message: "the answer could not be read (no Objects list)")
                    }
                    events += objects
                    // `Next` may be absolute or a path on the tenant; the bearer token goes along either way.
                    next = (page["Next"] as? String).flatMap { $0.isEmpty ? nil : ($0.hasPrefix("/") ? session.base + $0 : $0) }
                    if let link = next, !LMSHTTPClient.sameOrigin(link, session.base) {
                        throw ListingFailure(message: "the next page is on another host (\(LMSHTTPClient.host(link))); not followed")
                    }
                }
            } catch var failure as ListingFailure {
                failure.message = "(\(batch.map(\.code).joined(separator: ", "))): \(failure.message)"
                throw failure
            }
        }
        return events
    }

    func array(_ path: String, _ session: OAuthSession) async throws -> [[String: Any]] {
        guard let value = try await json(session.base + path, session) as? [[String: Any]] else {
            throw ListingFailure(message: "the answer could not be read (not a JSON list)")
        }
        return value
    }

    func object(_ url: String, _ session: OAuthSession) async throws -> [String: Any] {
        guard let value = try await json(url, session) as? [String: Any] else {
            throw ListingFailure(message: "the answer could not be read (not a JSON object)")
        }
        return value
    }

    /// One call's JSON, or a failure in words: Brightspace's `{"Errors":[{"Message"}]}` bodies are quoted.
    func json(_ url: String, _ session: OAuthSession) async throws -> Any {
        let response = try await session.get(url)
        guard (200..<300).contains(response.status) else {
            let errors = (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["Errors"] as? [[String: Any]]
            let said = (errors ?? []).compactMap { $0["Message"] as? String }.joined(separator: "; ")
            switch response.status {
            case 403: throw ListingFailure(message: "I-Learn does not let students read this", refused: true)
            case 404: throw ListingFailure(message: "not found or not visible to you")
            case 429: throw ListingFailure(message: "I-Learn is rate-limiting CampusCal; the rest follows at the next sync")
            default:
                throw ListingFailure(message: "I-Learn could not answer" + (said.isEmpty ? "; try again later" : ": \(said)"))
            }
        }
        guard let value = try? JSONSerialization.jsonObject(with: Data(response.body)) else {
            throw ListingFailure(message: "the answer could not be read (malformed JSON)")
        }
        return value
    }

    // MARK: Conversions

    /// A grade value as a task grade and feedback (numbers only when the LMS gives them).
    static func grade(_ value: [String: Any]?, points: Double?) -> (TaskGrade?, String?) {
        guard let value else { return (nil, nil) }
        let numerator = JSONField.double(value["PointsNumerator"])
        let denominator = JSONField.double(value["PointsDenominator"]) ?? points
        let displayed = (value["DisplayedGrade"] as? String)?.trimmingCharacters(in: .whitespaces)
        // A displayed grade that is not just "18 / 20" is a scheme symbol (a letter, "Pass"): keep it.
        let letter = displayed.flatMap { $0.isEmpty || $0.contains("/") || Double($0.replacingOccurrences(of: "%", with: "")) != nil ? nil : $0 }
        let percentage = numerator.flatMap { n in denominator.flatMap { $0 > 0 ? (n / $0 * 1000).rounded() / 10 : nil } }
        let grade = numerator == nil && letter == nil ? nil : TaskGrade(score: numerator, percentage: percentage, letter: letter)
        return (grade, richText(value["Comments"]))
    }

    /// A dropbox folder's own feedback (for folders without a grade item): only once published.
    static func feedback(_ entity: [String: Any]?, points: Double?) -> (TaskGrade?, String?) {
        guard let entity, JSONField.int(entity["Status"]) == 3, let feedback = entity["Feedback"] as? [String: Any] else { return (nil, nil) }
        let score = JSONField.double(feedback["Score"])
        let percentage = score.flatMap { s in points.flatMap { $0 > 0 ? (s / $0 * 1000).rounded() / 10 : nil } }
        return (score.map { TaskGrade(score: $0, percentage: percentage) }, richText(feedback["Feedback"]))
    }

    /// Brightspace's `{Text, Html}` pair as plain text; nil when empty.
    static func richText(_ value: Any?) -> String? {
        guard let rich = value as? [String: Any] else { return nil }
        let text = (rich["Text"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
        let plain = text.flatMap { $0.isEmpty ? nil : $0 } ?? HTMLText.plain(rich["Html"] as? String)
        return plain.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A calendar event in the domain's terms; nil for events that are a folder's dates or unreadable.
    func event(from event: [String: Any], courses: [String: Course]) -> LMSCalendarItem? {
        guard let id = JSONField.id(event["CalendarEventId"]) else { return nil }
        if let entity = event["AssociatedEntity"] as? [String: Any], (entity["AssociatedEntityType"] as? String) == "D2L.LE.Dropbox.Dropbox" {
            // The folder is the assignment; its Available / Due / Ends events are its dates, not more
            // items. A folder missing from the listing (hidden, or its course unreadable) is no
            // reason to import its dates as events either.
            return nil
        }
        let title = (event["Title"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "I-Learn event"
        let course = JSONField.id(event["OrgUnitId"]).flatMap { courses[$0]?.code } ?? (event["OrgUnitCode"] as? String)
        let description = [(event["Description"] as? String).flatMap(HTMLText.plain), course].compactMap { $0 }.filter { !$0.isEmpty }
            .joined(separator: "\n")
        let location = (event["LocationName"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        var item: LMSCalendarItem
        if (event["IsAllDayEvent"] as? Bool) == true {
            // StartDay/EndDay are zone-less dates: never shifted through UTC. The end is exclusive.
            guard let first = Self.localDate(event["StartDay"]) else { return nil }
            let last = Self.localDate(event["EndDay"]).flatMap { $0 > first ? $0 : nil } ?? first.adding(days: 1)
            item = LMSCalendarItem(key: "event|\(id)", scope: "events", title: title, start: .date(first), end: .date(last))
        } else {
            guard let start = Self.date(event["StartDateTime"]) else { return nil }
            let end = Self.date(event["EndDateTime"]).flatMap { $0 >= start ? $0 : nil } ?? start
            let zone = TimeZone(identifier: campusTimeZone) ?? .gmt
            let rule = (event["IsRecurring"] as? Bool) == true ? Self.recurrenceRule(event["RecurrenceInfo"]) : nil
            if rule != nil {
                // Repeats in the campus's wall-clock time: the 10:00 lecture is at 10:00 after the DST change too.
                item = LMSCalendarItem(
                    key: "event|\(id)", scope: "events", title: title,
                    start: .zoned(LocalDateTime(instant: start, in: zone), timeZone: campusTimeZone),
                    end: .zoned(LocalDateTime(instant: end, in: zone), timeZone: campusTimeZone), recurrenceRule: rule)
            } else {
                let utc = TimeZone.gmt
                item = LMSCalendarItem(
                    key: "event|\(id)", scope: "events", title: title, start: .utc(LocalDateTime(instant: start, in: utc)),
                    end: .utc(LocalDateTime(instant: end, in: utc)))
            }
        }
        item.description = description.isEmpty ? nil : description
        item.location = location
        item.courseNativeID = JSONField.id(event["OrgUnitId"]).flatMap { courses[$0] == nil ? nil : $0 }
        return item
    }

    /// `RecurrenceInfo` as an RRULE: RepeatType 2 daily, 3 weekly (on the ticked days), 4 monthly,
    /// 5 yearly; `RepeatEvery` the interval; `RepeatUntilDate` (UTC) the end. nil: not repeating.
    static func recurrenceRule(_ value: Any?) -> String? {
        guard let info = value as? [String: Any] else { return nil }
        let frequency: String
        switch JSONField.int(info["RepeatType"]) {
        case 2: frequency = "DAILY"
        case 3: frequency = "WEEKLY"
        case 4: frequency = "MONTHLY"
        case 5: frequency = "YEARLY"
        default: return nil
        }
        var parts = ["FREQ=\(frequency)"]
        if let every = JSONField.int(info["RepeatEvery"]), every > 1 { parts.append("INTERVAL=\(every)") }
        if frequency == "WEEKLY", let days = info["RepeatOnInfo"] as? [String: Any] {
            let names = [
                ("Monday", "MO"), ("Tuesday", "TU"), ("Wednesday", "WE"), ("Thursday", "TH"), ("Friday", "FR"), ("Saturday", "SA"),
                ("Sunday", "SU"),
            ]
            let ticked = names.filter { (days[$0.0] as? Bool) == true }.map(\.1)
            if !ticked.isEmpty { parts.append("BYDAY=" + ticked.joined(separator: ",")) }
        }
        if let until = date(info["RepeatUntilDate"]) {
            // RFC 5545's basic form of the same UTC instant: 20261211T175000Z.
            parts.append("UNTIL=" + RFC3339.string(from: until).filter { $0 != "-" && $0 != ":" })
        }
        return parts.joined(separator: ";")
    }

    // MARK: Values

    /// Brightspace's UTCDateTime (`2026-09-12T05:59:00.000Z`), with or without fractions.
    static func date(_ value: Any?) -> Date? { (value as? String).flatMap(RFC3339.date(from:)) }

    static func instant(_ value: Any?) -> EventTime? {
        date(value).map { .utc(LocalDateTime(instant: $0, in: .gmt)) }
    }

    /// A zone-less LocalDateTime or bare date (`2026-10-10T00:00:00.000`, `2026-10-10`): its date.
    static func localDate(_ value: Any?) -> LocalDate? {
        guard let text = value as? String, text.count >= 10 else { return nil }
        let parts = text.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let date = LocalDate(year: parts[0], month: parts[1], day: parts[2])
        return date.isValid ? date : nil
    }

    /// `2026-09-14T15:00:00.000Z`: the form the calendar routes are known to accept.
    static func millisecondTime(_ date: Date) -> String { RFC3339.string(from: date).dropLast() + ".000Z" }

    static func queryValue(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
