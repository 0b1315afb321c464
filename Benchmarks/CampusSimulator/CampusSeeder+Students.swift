import CampusCalCore
import CampusCalICalendar
import CampusCalSecurity
import CampusCalStorage
import Foundation
import GRDB

/// One batch of students with everything that is theirs alone: enrolments, their personal and
/// LMS calendars, class meetings, assignments, personal events and tasks, the to-do list, and for
/// active students a session, a subscription (feed) token and a phone's CalDAV app password.
extension CampusSeeder {
    /// Everything generated for one batch, written in three transactions (rows, events, tasks) and
    /// a fourth for the to-do lists, whose rows reference the tasks.
    struct StudentRows {
        var rows = [
            RowBatch(SeedSQL.enrolment), RowBatch(SeedSQL.calendar), RowBatch(SeedSQL.feed), RowBatch(SeedSQL.session),
            RowBatch(SeedSQL.appPassword),
        ]
        var todo = RowBatch(SeedSQL.todo)
        var events: [CalendarEvent] = []
        var tasks: [TaskItem] = []
        var active: [ActiveStudent] = []
    }

    func seedStudents(_ range: Range<Int>) async throws -> [ActiveStudent] {
        var batch = StudentRows()
        var rules: [String: RecurrenceRule] = [:]
        for index in range {
            try addStudent(StudentPlan(index, shape: shape), to: &batch, rules: &rules)
        }
        try await write(batch.rows)
        try await events.save(inserting: batch.events, replacing: [], reminders: [])
        try await tasks.insert(contentsOf: batch.tasks)
        try await write([batch.todo])
        return batch.active
    }

    private func addStudent(_ student: StudentPlan, to batch: inout StudentRows, rules: inout [String: RecurrenceRule]) throws {
        var random = SeededRandom(shape.seed, stream: .schedule, index: student.index)
        for course in student.courses {
            batch.rows[0].append([catalogue.courses[course].id, student.id, CourseRole.student.rawValue])
        }
        // The personal calendar, and the one an I-Learn connection makes (named as LMSSyncService.connect names it).
        batch.rows[1].append(calendarRow(student.personalCalendarID, owner: student.id, name: "Personal", zone: student.timeZone))
        batch.rows[1].append(
            calendarRow(
                student.classCalendarID, owner: student.id, name: "\(LMSKind.brightspace.displayName): \(CampusShape.lmsHost)",
                zone: CampusShape.campusZone))
        try addClasses(student, to: &batch, rules: &rules)
        addAssignments(student, to: &batch, random: &random)
        try addPersonalEvents(student, to: &batch, random: &random, rules: &rules)
        let openTasks = addPersonalTasks(student, to: &batch, random: &random)
        guard shape.isActive(student.index) else { return }
        // A logged-in session and a calendar client's subscription, stored hashed as the server stores them.
        var secrets = SeededRandom(shape.seed, stream: .tokens, index: student.index)
        let token = SessionTokenIssuer.prefix + secrets.base64URL(byteCount: 32)
        let feedToken = SessionTokenIssuer.prefix + secrets.base64URL(byteCount: 32)
        batch.rows[2].append([student.personalCalendarID, tokens.hash(feedToken), createdAt])
        batch.rows[3].append([secrets.base64URL(byteCount: 16), tokens.hash(token), student.id, now, now, now.addingTimeInterval(43_200)])
        // Drawn after the two above, so that a seed gives the same session and feed tokens as before.
        let appPassword = SessionTokenIssuer.appPasswordPrefix + secrets.base64URL(byteCount: 24)
        batch.rows[4].append([secrets.base64URL(byteCount: 16), student.id, "Phone", tokens.hash(appPassword), createdAt])
        batch.active.append(
            ActiveStudent(
                index: student.index, username: student.username, userID: student.id, timeZone: student.timeZone, token: token,
                feedToken: feedToken, personalCalendarID: student.personalCalendarID, classCalendarID: student.classCalendarID,
                openTaskIDs: openTasks, invitationIDs: [], appPassword: appPassword))
    }

    /// A `calendar` row as `SQLiteCalendarStore.insert` writes it (`eventsVersion` starts at 0; the triggers bump it).
    func calendarRow(
        _ id: String, owner: String, name: String, zone: String, group: String? = nil, color: String = CalendarChanges.defaultColor,
        description: String? = nil
    ) -> [(any DatabaseValueConvertible)?] {
        [id, owner, name, description, color, zone, createdAt, createdAt, 1, group]
    }

    /// Each course's weekly meetings for the whole term, as an LMS import writes them: one
    /// recurring event per meeting (RRULE with UNTIL the term's last day) in the student's LMS calendar.
    private func addClasses(_ student: StudentPlan, to batch: inout StudentRows, rules: inout [String: RecurrenceRule]) throws {
        let until = shape.termEnd.adding(days: 1)
        for courseIndex in student.courses {
            let course = catalogue.courses[courseIndex]
            for (number, meeting) in course.meetings.enumerated() {
                let days = meeting.days.map(\.icsCode).joined(separator: ",")
                let text = String(format: "FREQ=WEEKLY;BYDAY=%@;UNTIL=%04d%02d%02dT065959Z", days, until.year, until.month, until.day)
                let rule = try rules[text] ?? RecurrenceRule(parsing: text)
                rules[text] = rule
                let first = shape.termStart.adding(days: meeting.days.map(\.rawValue).min() ?? 0)
                let start = LocalDateTime(date: first, hour: meeting.hour, minute: meeting.minute)
                let end = start.adding(minutes: meeting.minutes)
                let startTime = EventTime.zoned(start, timeZone: CampusShape.campusZone)
                batch.events.append(
                    CalendarEvent(
                        id: EventID(rawValue: eventID(student, "class", courseIndex * 4 + number)),
                        calendarID: CalendarID(rawValue: student.classCalendarID),
                        uid: "course:\(course.unit)|meeting|\(number)", title: "\(course.code) \(meeting.kind)", location: meeting.location,
                        start: startTime, end: .zoned(end, timeZone: CampusShape.campusZone),
                        recurrence: RecurrenceSet(start: startTime, rules: [rule]),
                        createdAt: createdAt, updatedAt: createdAt))
            }
        }
    }

    /// ~15 assignments a course as I-Learn imports them (source `brightspace`, `host|scope|key`),
    /// due weekly at 23:59 campus time; past ones mostly submitted and graded, later ones open.
    private func addAssignments(_ student: StudentPlan, to batch: inout StudentRows, random: inout SeededRandom) {
        let zone = TimeZone(identifier: CampusShape.campusZone)!
        for courseIndex in student.courses {
            let course = catalogue.courses[courseIndex]
            for number in 0..<shape.assignmentsPerCourse {
                let dueDate = shape.termStart.adding(days: number * 7 + course.dueWeekday + 7)
                let due = LocalDateTime(date: dueDate, hour: 23, minute: 59)
                let dueAt = due.instant(in: zone)
                let points = Double([10, 20, 25, 50, 100][(course.unit + number) % 5])
                var task = TaskItem(
                    id: TaskID(rawValue: random.uuid()), ownerID: UserID(rawValue: student.id),
                    title: "\(["Reading response", "Problem set", "Quiz", "Lab report", "Essay"][number % 5]) \(number + 1)", course: course.code,
                    description: "Submit on I-Learn.", due: .zoned(due, timeZone: CampusShape.campusZone),
                    source: .lms(system: LMSKind.brightspace.rawValue, nativeID: "\(CampusShape.lmsHost)|course:\(course.unit)|folder|\(number)"),
                    pointsPossible: points, createdAt: createdAt, updatedAt: createdAt)
                if dueAt < createdAt {
                    if random.chance(0.85) {
                        task.status = .completed
                        task.completedAt = dueAt.addingTimeInterval(-Double.random(in: 600...172_800, using: &random))
                    }
                    if random.chance(0.8) {
                        let score = (points * Double.random(in: 0.6...1, using: &random)).rounded()
                        task.grade = TaskGrade(score: score, percentage: (score / points * 1000).rounded() / 10)
                        if random.chance(0.3) { task.feedback = "Good work; see the rubric for details." }
                    }
                } else if random.chance(0.25) {
                    task.priority = TaskPriority.allCases.randomElement(using: &random)
                }
                batch.tasks.append(task)
            }
        }
    }

    /// One-off events in the weeks around today and, for most students, a weekly series or two without an end.
    private func addPersonalEvents(
        _ student: StudentPlan, to batch: inout StudentRows, random: inout SeededRandom, rules: inout [String: RecurrenceRule]
    ) throws {
        let calendar = CalendarID(rawValue: student.personalCalendarID)
        let titles = [
            "Coffee with Sam", "Dentist", "Club meeting", "Study session", "Call home", "Intramural soccer", "Ward activity", "Movie night",
        ]
        for number in 0..<shape.personalEvents {
            let date = shape.today.adding(days: Int.random(in: -21...21, using: &random))
            let start = LocalDateTime(
                date: date, hour: Int.random(in: 8...21, using: &random), minute: [0, 15, 30, 45].randomElement(using: &random)!)
            let end = start.adding(minutes: [30, 60, 90, 120].randomElement(using: &random)!)
            let id = eventID(student, "personal", number)
            batch.events.append(
                CalendarEvent(
                    id: EventID(rawValue: id), calendarID: calendar, uid: "\(id)@campuscal", title: titles.randomElement(using: &random)!,
                    start: .zoned(start, timeZone: student.timeZone), end: .zoned(end, timeZone: student.timeZone), createdAt: createdAt,
                    updatedAt: createdAt))
        }
        let series = [("Gym", "FREQ=WEEKLY;BYDAY=MO,WE,TH", 6, 60), ("Work shift", "FREQ=WEEKLY;BYDAY=TU,SA", 14, 240)]
        for (number, (title, text, hour, minutes)) in series.prefix(shape.personalSeries).enumerated() where random.chance(0.7) {
            let rule = try rules[text] ?? RecurrenceRule(parsing: text)
            rules[text] = rule
            let start = LocalDateTime(date: shape.termStart.adding(days: number), hour: hour)
            let end = start.adding(minutes: minutes)
            let startTime = EventTime.zoned(start, timeZone: student.timeZone)
            let id = eventID(student, "series", number)
            batch.events.append(
                CalendarEvent(
                    id: EventID(rawValue: id), calendarID: calendar, uid: "\(id)@campuscal", title: title, start: startTime,
                    end: .zoned(end, timeZone: student.timeZone), recurrence: RecurrenceSet(start: startTime, rules: [rule]),
                    createdAt: createdAt, updatedAt: createdAt))
        }
    }

    /// Personal tasks due around today, each with a priority (the API requires one of tasks a student
    /// makes). The open ones go on the student's to-do list, with one typed line, and are returned:
    /// the driver completes them.
    private func addPersonalTasks(_ student: StudentPlan, to batch: inout StudentRows, random: inout SeededRandom) -> [String] {
        let titles = [
            "Buy groceries", "Email advisor", "Read chapter 4", "Pay rent", "Laundry", "Call mom", "Renew library books", "Register for classes",
        ]
        var open: [String] = []
        for number in 0..<shape.personalTasks {
            let date = shape.today.adding(days: Int.random(in: -4...14, using: &random))
            let due: EventTime =
                random.chance(0.5) ? .date(date) : .zoned(LocalDateTime(date: date, hour: 17), timeZone: student.timeZone)
            var task = TaskItem(
                id: TaskID(rawValue: random.uuid()), ownerID: UserID(rawValue: student.id), title: titles[(student.index + number) % titles.count],
                due: due, estimatedMinutes: [15, 30, 60, 90, nil].randomElement(using: &random)!,
                priority: TaskPriority.allCases.randomElement(using: &random)!, createdAt: createdAt, updatedAt: createdAt)
            if date < shape.today && random.chance(0.7) {
                task.status = .completed
                task.completedAt = createdAt
            } else {
                open.append(task.id.rawValue)
            }
            batch.tasks.append(task)
        }
        for (position, task) in open.enumerated() {
            batch.todo.append([random.uuid(), student.id, position, task, nil, nil, createdAt])
        }
        batch.todo.append([random.uuid(), student.id, open.count, nil, "Pick up ID card", nil, createdAt])
        return open
    }

    /// A reproducible event id for the `number`th event of a kind of a student.
    func eventID(_ student: StudentPlan, _ kind: String, _ number: Int) -> String {
        var random = SeededRandom(shape.seed &+ kind.hashValueStable &+ UInt64(number) &* 0x1000_0000_01B3, stream: .events, index: student.index)
        return random.uuid()
    }
}

extension LocalDateTime {
    /// This wall-clock time `minutes` later (the core's seconds arithmetic is internal to it).
    func adding(minutes: Int) -> LocalDateTime {
        let total = date.dayNumber * 1_440 + hour * 60 + minute + minutes
        let days = total.quotientAndRemainder(dividingBy: 1_440)
        return LocalDateTime(date: LocalDate(dayNumber: days.quotient), hour: days.remainder / 60, minute: days.remainder % 60, second: second)
    }
}

extension String {
    /// FNV-1a: Swift's `hashValue` changes from run to run, which would break reproducibility.
    var hashValueStable: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
