import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation

/// The synthetic cohort (`SyntheticCohort`: 500 students, 24 courses, 6,000 items, half of them
/// with names, emails, phones, student numbers, birth dates and addresses written into their text)
/// loaded into a real server's SQLite store, and the third-party outputs made from it, each made once.
actor CohortCampus {
    static let shared = Task { try await CohortCampus() }
    /// A second campus of the same cohort, for releases with record codes that the shared one's
    /// coded release to research-a would refuse (one coded recipient per category and period).
    static let panel = Task { try await CohortCampus() }

    let cohort = SyntheticCohort()
    let server: TestServer
    /// The students' accounts, in cohort order.
    let students: [User]
    private let agreements: TemporaryDirectory
    private var releases: [String: Data] = [:]

    /// A research study people can consent to, with identities.
    static let researchAgreement = """
        id = "research-study"
        version = 1
        recipient = "Institutional Research: study habits"
        purpose = "How students plan their coursework across the term."
        categories = ["identity", "events", "tasks", "grades", "courses"]
        text = "The study team receives your calendar, tasks and grades, with your name."
        """

    /// A second study, for the withdrawal attack (issue #27), so its consents leave the first alone.
    static let panelAgreement = """
        id = "research-panel"
        version = 1
        recipient = "Institutional Research: student panel"
        purpose = "A panel of students who share their workload, named, for a term."
        categories = ["identity", "events", "tasks", "grades", "courses"]
        text = "The panel team receives your calendar, tasks and grades, with your name."
        """

    init() async throws {
        let agreements = TemporaryDirectory()
        try Self.researchAgreement.write(toFile: agreements.file("research-study.toml"), atomically: true, encoding: .utf8)
        try Self.panelAgreement.write(toFile: agreements.file("research-panel.toml"), atomically: true, encoding: .utf8)
        self.agreements = agreements
        let server = try TestServer(configure: { $0.agreementsDirectory = agreements.path })
        self.server = server
        let services = server.services
        let now = server.clock.now()
        var students: [User] = []
        for student in cohort.students {
            let user = User(
                id: .generate(), username: student.username, displayName: student.displayName, email: student.email, phone: student.phone,
                timeZone: student.timeZone, role: .student, createdAt: now, updatedAt: now, version: 1)
            // Nobody logs in as these students: any well-formed hash will do, and skipping bcrypt keeps seeding fast.
            try await services.accounts.users.insert(UserCredentials(user: user, passwordHash: "$2b$04$" + String(repeating: "a", count: 53)))
            students.append(user)
        }
        self.students = students
        try await server.createUser("registrar", role: .admin)

        var calendars: [CalendarID] = []
        for user in students {
            calendars.append(try await services.calendars.create(for: user, CalendarChanges(name: "Personal", timeZone: user.timeZone)).id)
        }
        var courses: [Course] = []
        for course in cohort.courses {
            let stored = Course(id: .generate(), code: course.code, name: course.name, term: course.term, createdAt: now)
            try await services.courses.courses.insert(stored)
            courses.append(stored)
        }
        for enrolment in cohort.enrolments {
            try await services.courses.courses.enrol(students[enrolment.student].id, in: courses[enrolment.course].id, as: .student)
        }
        var events: [CalendarEvent] = []
        var tasks: [TaskItem] = []
        for (number, item) in cohort.items.enumerated() {
            let owner = students[item.studentIndex]
            let zone = TimeZone(identifier: owner.timeZone) ?? .gmt
            let start = EventTime.zoned(LocalDateTime(instant: item.start, in: zone), timeZone: owner.timeZone)
            switch item.kind {
            case .event:
                let end = EventTime.zoned(
                    LocalDateTime(instant: item.start.addingTimeInterval(Double(item.durationMinutes * 60)), in: zone), timeZone: owner.timeZone)
                events.append(
                    CalendarEvent(
                        id: .generate(), calendarID: calendars[item.studentIndex], uid: "cohort-\(number)", title: item.title,
                        description: item.description, location: item.location, start: start, end: end, createdAt: now, updatedAt: now))
            case .task, .assignment:
                tasks.append(
                    TaskItem(
                        id: .generate(), ownerID: owner.id, title: item.title, course: item.courseIndex.map { courses[$0].code },
                        description: item.description, due: start, priority: item.kind == .task ? .medium : nil,
                        source: item.kind == .assignment ? .lms(system: "brightspace", nativeID: "\(number)") : .manual,
                        pointsPossible: item.pointsPossible, grade: item.grade.map { TaskGrade(score: $0) }, feedback: item.feedback,
                        createdAt: now, updatedAt: now))
            }
        }
        try await services.events.events.save(inserting: events, replacing: [])
        try await services.tasks.tasks.insert(contentsOf: tasks)
    }

    /// The JSON body of a release made through the API (as the registrar), made once per `key`.
    func release(_ key: String, body: String, path: String = "/api/v1/admin/privacy/releases") async throws -> Data {
        if let done = releases[key] { return done }
        let reply = try await server.run { api in
            try await api.request(
                .post, path, token: try await api.token("registrar"), rawBody: body, headers: [.contentType: "application/json"])
        }
        guard reply.status == .ok else { throw CohortError.refused(key, String(decoding: reply.body, as: UTF8.self)) }
        releases[key] = reply.body
        return reply.body
    }

    /// Forgets a release, so the next call makes it again (after consents changed).
    func forget(_ key: String) { releases[key] = nil }

    enum CohortError: Error { case refused(String, String) }
}
