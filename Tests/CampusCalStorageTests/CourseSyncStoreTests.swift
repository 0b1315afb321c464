import CampusCalCore
import CampusCalICalendar
import CampusCalStorage
import CampusCalTestSupport
import Foundation
import Testing

/// What LMS syncs write about courses (issue #28): one course record per LMS course, the student's
/// enrolments ended only by a complete course listing, class lists replaced only when read whole,
/// and classmates found by the LMS identity their own sync vouched for.
@Suite("Courses from LMS syncs: shared records, removals after complete listings, identities")
struct CourseSyncStoreTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func user(
        _ name: String, in database: SQLiteDatabase, passwordHash: String = "$2b$04$abcdefghijklmnopqrstuuOzkQWLkWbRLJ9g3GygNVmhYyJzfeW4u"
    ) async throws -> User {
        let user = User(
            id: .generate(), username: name, displayName: name.capitalized, email: "\(name)@campus.test", phone: nil, timeZone: "UTC",
            role: .student, createdAt: now, updatedAt: now, version: 1)
        try await SQLiteUserStore(database: database).insert(UserCredentials(user: user, passwordHash: passwordHash))
        return user
    }

    /// The course part of a Canvas snapshot of `owner`, who is Canvas user `me`.
    static func sync(
        _ owner: User, me: String, courses: [LMSCourse], complete: Set<String>
    ) throws -> LMSCourseSync {
        let connection = LMSConnection(
            id: .generate(), ownerID: owner.id, kind: .canvas, baseURL: "https://canvas.example.edu", calendarID: CalendarID(rawValue: "c"),
            createdAt: now, updatedAt: now)
        let snapshot = LMSSnapshot(courses: courses, completeScopes: complete, me: LMSPerson(nativeID: me, name: owner.displayName))
        return try #require(LMSCourseSync(snapshot: snapshot, connection: connection))
    }

    /// Tasks and events keep the course record they point at, and a course that goes leaves them
    /// unlinked rather than taking the student's assignments with it.
    @Test func itemsKeepTheirCourseRecordAndOutliveIt() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let avery = try await Self.user("avery", in: database)
        let cs246 = LMSCourse(nativeID: "5173", code: "CS 246", name: "Software Design Studio")
        let sync = try Self.sync(avery, me: "1", courses: [cs246], complete: ["courses"])
        let records = sync.records(try await SQLiteCourseStore(database: database).apply(sync, at: Self.now))
        let record = try #require(records["5173"])
        let calendar = CalendarCollection(
            id: .generate(), ownerID: avery.id, name: "Canvas", description: nil, color: "#3366cc", timeZone: "UTC", createdAt: Self.now,
            updatedAt: Self.now, version: 1)
        try await SQLiteCalendarStore(database: database).insert(calendar)
        let tasks = SQLiteTaskStore(database: database)
        let events = SQLiteEventStore(database: database)
        let task = TaskItem(id: .generate(), ownerID: avery.id, title: "Design Document", createdAt: Self.now, updatedAt: Self.now, courseID: record)
        try await tasks.insert(task)
        let lecture = CalendarEvent(
            id: .generate(), calendarID: calendar.id, uid: "events|calendar_event|7782", title: "Guest lecture",
            start: .utc(LocalDateTime(instant: Self.now, in: .gmt)), end: .utc(LocalDateTime(instant: Self.now + 3600, in: .gmt)),
            createdAt: Self.now, updatedAt: Self.now, courseID: record)
        try await events.insert(lecture)
        #expect(try await tasks.task(id: task.id)?.courseID == record)
        #expect(try await events.event(id: lecture.id)?.courseID == record)

        try await database.pool.write { try $0.execute(sql: "DELETE FROM course WHERE id = ?", arguments: [record.rawValue]) }
        #expect(try await tasks.task(id: task.id).map { $0.courseID == nil && $0.title == "Design Document" } == true)
        #expect(try await events.event(id: lecture.id).map { $0.courseID == nil } == true)
    }

    @Test func enrolmentsEndOnlyAfterACompleteListingAndClassListsOnlyByAWholeRead() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let store = SQLiteCourseStore(database: database)
        let avery = try await Self.user("avery", in: database)
        let blake = try await Self.user("blake", in: database)
        // Dana signs in through the campus directory, so her username is the campus's word; Erin chose hers.
        let dana = try await Self.user("dana", in: database, passwordHash: "!directory:campus")
        _ = try await Self.user("erin", in: database)
        // A course an administrator entered: no LMS listing may end it.
        let entered = Course(id: .generate(), code: "ORIENT 100", name: "Orientation", createdAt: Self.now)
        try await store.insert(entered)
        try await store.enrol(avery.id, in: entered.id, as: .student)

        let classmates = [
            LMSPerson(nativeID: "1", name: "Avery Testwell"), LMSPerson(nativeID: "2", name: "Blake Marsh"),
            LMSPerson(nativeID: "9", name: "Rowan Ellery", role: .instructor),
            LMSPerson(nativeID: "4", loginID: "DANA", name: "Dana Reyes"), LMSPerson(nativeID: "5", loginID: "erin", name: "Erin Evans"),
        ]
        let cs246 = LMSCourse(nativeID: "5173", code: "CS 246", name: "Software Design Studio", term: "Fall 2026", members: classmates)
        let cs142 = LMSCourse(nativeID: "5120", code: "CS 142", name: "Intro to Programming")
        try await store.apply(
            try Self.sync(avery, me: "1", courses: [cs246, cs142], complete: ["courses", "members:5173"]), at: Self.now)
        #expect(try await store.courses(of: avery.id).map { $0.0.code } == ["CS 142", "CS 246", "ORIENT 100"])
        let course = try #require(try await store.courses(of: avery.id).first { $0.0.code == "CS 246" }?.0)
        #expect(course.source == "canvas|canvas.example.edu|course|5173" && course.term == "Fall 2026")
        // Avery is her account (her own sync said she is user 1); Blake has no account known to be his yet.
        var members = try await store.members(of: course.id)
        #expect(members.count == 5 && members.filter { $0.user?.id == avery.id }.count == 1)
        #expect(members.contains { $0.displayName == "Blake Marsh" && $0.user == nil })
        // The LMS login is the campus username only for a directory account: Dana is hers, Erin's is a local name.
        #expect(members.contains { $0.user?.id == dana.id } && members.contains { $0.displayName == "Erin Evans" && $0.user == nil })

        // A partial listing without CS 142 (and without the class list): nothing ends.
        var renamed = cs246
        renamed.name = "Software Design Studio (renamed)"
        renamed.members = []
        try await store.apply(try Self.sync(avery, me: "1", courses: [renamed], complete: []), at: Self.now)
        #expect(try await store.courses(of: avery.id).count == 3)
        #expect(try await store.members(of: course.id).count == 5)
        // One record per LMS course: the rename is everyone's.
        #expect(try await store.course(id: course.id)?.name == "Software Design Studio (renamed)")

        // Blake's own sync: the same course record, and the listed Blake is now his account, once.
        try await store.apply(try Self.sync(blake, me: "2", courses: [cs246], complete: ["courses"]), at: Self.now)
        #expect(try await store.courses(of: blake.id).map { $0.0.id } == [course.id])
        members = try await store.members(of: course.id)
        #expect(members.count == 5 && members.filter { $0.user?.id == blake.id }.count == 1)

        // A complete listing without CS 142 ends that enrolment (not the administrator's course), and a
        // whole class list without Blake drops him from the list (he stays enrolled by his own sync).
        var withoutBlake = cs246
        withoutBlake.members = classmates.filter { $0.nativeID != "2" }
        try await store.apply(try Self.sync(avery, me: "1", courses: [withoutBlake], complete: ["courses", "members:5173"]), at: Self.now)
        #expect(try await store.courses(of: avery.id).map { $0.0.code } == ["CS 246", "ORIENT 100"])
        members = try await store.members(of: course.id)
        #expect(members.count == 5 && members.contains { $0.user?.id == blake.id })
        #expect(!members.contains { $0.displayName == "Blake Marsh" })
    }
}
