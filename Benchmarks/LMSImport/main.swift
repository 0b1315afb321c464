// LMS import speed (issue #8): items imported per second, and the time to re-sync a campus when
// nothing changed — through the real Brightspace importer (HTTP, JSON, paging), the real sync
// (consent check, disclosure log, planner) and the real SQLite store (WAL, synchronous=FULL).
//
//   swift build -c release --product lms-import --scratch-path .build-release
//   .build-release/release/lms-import [bulk courses] [assignments per course] [students] [concurrent syncs]
//
// The LMS is a Brightspace stand-in in this process (Hummingbird on 127.0.0.1) that answers from
// JSON rendered before the clock starts, so its own latency is as small as an LMS's can be; what is
// measured is CampusCal's side. Three runs:
//   1. bulk import: one student in `bulk courses` courses of `assignments per course` folders (a
//      third graded with feedback) and 40 calendar events each: first sync, items per second;
//   2. the same student re-synced with nothing changed (no writes);
//   3. `students` students with 5 courses × 6 assignments (30 each, the issue's campus), first syncs
//      then unchanged re-syncs, `concurrent syncs` at once (the server's default is 4): re-syncs per
//      second, from which the 45,000-student figure is computed.
import CampusCalApp
import CampusCalCore
import Foundation
import Hummingbird

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let bulkCourses = arguments.count > 0 ? arguments[0] : 20
let assignmentsPerCourse = arguments.count > 1 ? arguments[1] : 250
let studentCount = arguments.count > 2 ? arguments[2] : 300
let concurrency = arguments.count > 3 ? arguments[3] : 4
let eventsPerCourse = 40

// MARK: The LMS stand-in

/// Everything the stand-in serves, rendered up front: by org unit, and each student's enrolments.
struct Catalogue: Sendable {
    var folders: [String: ByteBuffer] = [:]
    var grades: [String: ByteBuffer] = [:]
    /// Each event as JSON text, so pages of several courses are joined without re-encoding.
    var events: [String: [String]] = [:]
    var enrolments: [String: [String]] = [:]
}

func json(_ value: Any) -> ByteBuffer {
    ByteBuffer(bytes: (try? JSONSerialization.data(withJSONObject: value)) ?? Data("null".utf8))
}

func utc(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
}

let termStart = Date(timeIntervalSince1970: 1_788_566_400)  // 2026-09-05
func course(_ unit: Int, assignments: Int, events: Int, into catalogue: inout Catalogue) {
    let id = String(unit)
    var folders: [[String: Any]] = []
    var grades: [[String: Any]] = []
    for index in 0..<assignments {
        let folder = unit * 10_000 + index
        folders.append([
            "Id": folder, "Name": "Assignment \(index + 1): reading response \(index % 7)",
            "CustomInstructions": ["Text": "Read chapter \(index % 12 + 1) and answer the questions at its end.", "Html": ""],
            "DueDate": utc(termStart.addingTimeInterval(Double(index % 100) * 86_400 + 21_540)), "IsHidden": false,
            "Assessment": ["ScoreDenominator": 20.0], "GradeItemId": folder, "Availability": NSNull(),
        ])
        if index % 3 == 0 {
            grades.append([
                "GradeObjectIdentifier": String(folder), "GradeObjectName": "Assignment \(index + 1)", "DisplayedGrade": "17 / 20",
                "PointsNumerator": 17.0, "PointsDenominator": 20.0, "Comments": ["Text": "Clear argument; cite the page numbers.", "Html": ""],
            ])
        }
    }
    catalogue.folders[id] = json(folders)
    catalogue.grades[id] = json(grades)
    var list: [String] = []
    for index in 0..<events {
        let start = termStart.addingTimeInterval(Double(index) * 86_400 * 2 + 57_600)
        let event: [String: Any] = [
            "CalendarEventId": unit * 10_000 + index, "OrgUnitId": unit, "Title": "Lab \(index + 1)", "Description": "",
            "StartDateTime": utc(start), "EndDateTime": utc(start.addingTimeInterval(3_000)), "IsAllDayEvent": false, "IsRecurring": false,
            "LocationName": "Science Hall 2\(index % 10)", "AssociatedEntity": NSNull(),
        ]
        list.append(String(buffer: json(event)))
    }
    catalogue.events[id] = list
}

var catalogue = Catalogue()
let bulkUnits = (0..<bulkCourses).map { 100_000 + $0 }
for unit in bulkUnits { course(unit, assignments: assignmentsPerCourse, events: eventsPerCourse, into: &catalogue) }
catalogue.enrolments["bulk"] = bulkUnits.map(String.init)
let campusUnits = (0..<60).map { 200_000 + $0 }
for unit in campusUnits { course(unit, assignments: 6, events: 4, into: &catalogue) }
for student in 0..<studentCount {
    catalogue.enrolments["student-\(student)"] = (0..<5).map { String(campusUnits[(student * 5 + $0 * 7) % campusUnits.count]) }
}
let served = catalogue
let versions = json([
    ["ProductCode": "lp", "LatestVersion": "1.62", "SupportedVersions": ["1.61", "1.62"]],
    ["ProductCode": "le", "LatestVersion": "1.96", "SupportedVersions": ["1.95", "1.96"]],
])

func token(_ request: Request) -> String {
    let header = request.headers[.authorization] ?? ""
    return header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : ""
}

func reply(_ buffer: ByteBuffer) -> Response {
    Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: buffer))
}

let router = Router()
router.get("/d2l/api/versions/") { [versions] _, _ in reply(versions) }
router.get("/d2l/api/lp/1.62/enrollments/myenrollments/") { [served] request, _ in
    let items = (served.enrolments[token(request)] ?? []).map { unit -> [String: Any] in
        [
            "OrgUnit": ["Id": Int(unit) ?? 0, "Type": ["Id": 3, "Code": "Course Offering"], "Name": "Course \(unit)", "Code": "C-\(unit)"],
            "Access": ["IsActive": true, "CanAccess": true],
        ]
    }
    return reply(json(["PagingInfo": ["Bookmark": NSNull(), "HasMoreItems": false], "Items": items]))
}
router.get("/d2l/api/le/1.96/{unit}/dropbox/folders/") { [served] _, context in
    reply(served.folders[context.parameters.get("unit") ?? ""] ?? json([Any]()))
}
router.get("/d2l/api/le/1.96/{unit}/grades/values/myGradeValues/") { [served] _, context in
    reply(served.grades[context.parameters.get("unit") ?? ""] ?? json([Any]()))
}
// Who the token is, and a 30-person class list per course (issue #28: each sync keeps its class lists).
router.get("/d2l/api/lp/1.62/users/whoami") { request, _ in
    reply(json(["Identifier": token(request), "FirstName": "Student", "LastName": token(request), "UniqueName": token(request)]))
}
let classList = json(
    (0..<30).map { index -> [String: Any] in
        ["Identifier": "\(900_000 + index)", "DisplayName": "Classmate \(index)", "ClasslistRoleDisplayName": index == 0 ? "Instructor" : "Student"]
    })
router.get("/d2l/api/le/1.96/{unit}/classlist/") { [classList] _, _ in reply(classList) }
// 100 events a page, `Next` carrying the offset, as Brightspace's ObjectListPage does.
router.get("/d2l/api/le/1.96/calendar/events/myEvents/") { [served] request, _ in
    let query = request.uri.queryParameters
    let units = (query["orgUnitIdsCSV"].map(String.init) ?? "").split(separator: ",").map(String.init)
    let all = units.flatMap { served.events[$0] ?? [] }
    let offset = query["offset"].flatMap { Int(String($0)) } ?? 0
    let page = all[min(offset, all.count)..<min(offset + 100, all.count)]
    var next = "null"
    if offset + 100 < all.count {
        next = "\"/d2l/api/le/1.96/calendar/events/myEvents/?orgUnitIdsCSV=\(units.joined(separator: ","))&offset=\(offset + 100)\""
    }
    return reply(ByteBuffer(string: "{\"Next\":\(next),\"Objects\":[\(page.joined(separator: ","))]}"))
}

let portBox = AsyncStream<Int>.makeStream()
let lms = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
    onServerRunning: { channel in portBox.continuation.yield(channel.localAddress?.port ?? 0) })
let lmsTask = Task { try await lms.runService() }
func firstPort(_ ports: AsyncStream<Int>) async -> Int {
    for await port in ports { return port }
    return 0
}
let lmsPort = await firstPort(portBox.stream)
let lmsURL = "http://127.0.0.1:\(lmsPort)"

// MARK: CampusCal

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lms-import-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
var configuration = CampusCalConfiguration()
configuration.databasePath = directory.appendingPathComponent("bench.sqlite").path
configuration.bcryptCost = 4
configuration.lmsCampusTimeZone = "America/Denver"
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
configuration.agreementsDirectory = repository.appendingPathComponent("config/agreements").path
let services = try CampusCalServices(configuration: configuration)

func student(_ name: String, services: CampusCalServices, lmsURL: String) async throws -> (User, LMSConnectionID) {
    let user = try await services.accounts.register(Registration(username: name, password: "Bench-pass-2026", role: .student))
    _ = try await services.consents.agree(user, to: "ilearn-sync", version: 1)
    let connection = try await services.lms.connect(
        user, kind: .brightspace, baseURL: lmsURL, credentials: .oauth(accessToken: name, refreshToken: nil, expiresAt: nil))
    return (user, connection.id)
}

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func format(_ value: Double, _ digits: Int = 0) -> String { String(format: "%.\(digits)f", value) }

// 1 + 2: one student, many items.
let (bulkUser, bulkConnection) = try await student("bulk", services: services, lmsURL: lmsURL)
var first = LMSSyncReport(startedAt: .now, finishedAt: .now, complete: false)
let importTime = try await seconds { first = try await services.lms.sync(bulkConnection, for: bulkUser) }
let items = first.added
var again = first
let unchangedTime = try await seconds { again = try await services.lms.sync(bulkConnection, for: bulkUser) }
print("bulk import: \(items) items (\(bulkCourses) courses × \(assignmentsPerCourse) assignments + \(eventsPerCourse) events)")
print("  first sync   \(format(importTime, 2)) s  → \(format(Double(items) / importTime)) items/s  (complete: \(first.complete))")
print(
    "  re-sync      \(format(unchangedTime, 2)) s  → \(format(Double(again.unchanged) / unchangedTime)) items/s checked, \(again.added + again.updated) written"
)

// 3: a campus of students with 30 assignments each.
var campus: [(User, LMSConnectionID)] = []
for index in 0..<studentCount { campus.append(try await student("student-\(index)", services: services, lmsURL: lmsURL)) }
func syncAll(_ campus: [(User, LMSConnectionID)], services: CampusCalServices, concurrency: Int) async throws -> (Int, Int) {
    try await withThrowingTaskGroup(of: (Int, Int).self) { group in
        var next = 0
        var totals = (0, 0)
        func add() {
            let (user, id) = campus[next]
            group.addTask { [services] in
                let report = try await services.lms.sync(id, for: user)
                return (report.added, report.unchanged)
            }
            next += 1
        }
        while next < min(concurrency, campus.count) { add() }
        while let result = try await group.next() {
            totals = (totals.0 + result.0, totals.1 + result.1)
            if next < campus.count { add() }
        }
        return totals
    }
}
var firstTotals = (0, 0)
let campusFirst = try await seconds { firstTotals = try await syncAll(campus, services: services, concurrency: concurrency) }
var resyncTotals = (0, 0)
let campusResync = try await seconds { resyncTotals = try await syncAll(campus, services: services, concurrency: concurrency) }
let perSecond = Double(studentCount) / campusResync
print("campus: \(studentCount) students × 30 assignments (+ 20 events), \(concurrency) syncs at once")
print("  first syncs  \(format(campusFirst, 2)) s  → \(format(Double(firstTotals.0) / campusFirst)) items/s")
print(
    "  re-syncs     \(format(campusResync, 2)) s  → \(format(perSecond, 1)) students/s, \(resyncTotals.1) items unchanged, \(resyncTotals.0) added"
)
print("  45,000 students re-synced, nothing changed: \(format(45_000 / perSecond / 60, 1)) min of CampusCal time")
// Brightspace's calls per student in this shape: versions, enrolments, per course folders + grades, one events page.
let callsPerStudent = 2 + 5 * 2 + 1
print(
    "  Brightspace budget: \(callsPerStudent) calls per student → \(45_000 * callsPerStudent) calls; at 5,000 calls/min (50,000 credits, 10 a call): \(format(Double(45_000 * callsPerStudent) / 5_000, 0)) min"
)
lmsTask.cancel()
