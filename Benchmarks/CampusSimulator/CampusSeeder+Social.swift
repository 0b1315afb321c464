import CampusCalCore
import CampusCalICalendar
import CampusCalStorage
import Foundation
import GRDB

/// What students share: study groups (some with a meetings calendar), calendars shared with a
/// friend, invitations waiting for an answer, and unread notices in the inbox.
extension CampusSeeder {
    func seedGroupsAndShares() async throws {
        var groups = RowBatch(SeedSQL.group)
        var members = RowBatch(SeedSQL.member)
        var calendars = RowBatch(SeedSQL.calendar)
        var shares = RowBatch(SeedSQL.share)
        var meetings: [CalendarEvent] = []
        let ownerPermissions = GroupPermission.allCases.sorted().map(\.rawValue).joined(separator: ",")
        let memberPermissions = GroupPermission.memberDefaults.sorted().map(\.rawValue).joined(separator: ",")
        let meetingRules = try Weekday.allCases.prefix(5).map { try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=\($0.icsCode)") }
        for index in 0..<max(1, shape.students / shape.studentsPerGroup) {
            var random = SeededRandom(shape.seed, stream: .groups, index: index)
            var chosen: [Int] = []
            while chosen.count < min(Int.random(in: 3...8, using: &random), shape.students) {
                let student = Int.random(in: 0..<shape.students, using: &random)
                if !chosen.contains(student) { chosen.append(student) }
            }
            let owner = StudentPlan(chosen[0], shape: shape)
            let course = catalogue.courses[owner.courses[0]]
            let id = random.uuid()
            let name = "\(course.code) study group \(index % 7 + 1)"
            groups.append([id, name, "We meet to go over \(course.code) problem sets.", owner.id, createdAt, createdAt, 1])
            for (position, student) in chosen.enumerated() {
                let plan = position == 0 ? owner : StudentPlan(student, shape: shape)
                members.append([id, plan.id, position == 0 ? "owner" : "member", position == 0 ? ownerPermissions : memberPermissions, createdAt])
            }
            // A third of the groups schedule a weekly meeting in their group calendar (made as
            // CalendarSharingService.groupCalendar makes it).
            guard index % 3 == 0 else { continue }
            let calendarID = random.uuid()
            calendars.append(
                calendarRow(
                    calendarID, owner: owner.id, name: "\(name) meetings", zone: owner.timeZone, group: id, color: "#7B1FA2",
                    description: "Meetings of the group '\(name)'."))
            let day = Int.random(in: 0..<5, using: &random)
            let start = LocalDateTime(date: shape.termStart.adding(days: day), hour: 19)
            let startTime = EventTime.zoned(start, timeZone: owner.timeZone)
            let eventID = random.uuid()
            meetings.append(
                CalendarEvent(
                    id: EventID(rawValue: eventID), calendarID: CalendarID(rawValue: calendarID), uid: "\(eventID)@campuscal",
                    title: "\(course.code) study group", location: "Library group room \(index % 20 + 1)", start: startTime,
                    end: .zoned(start.adding(minutes: 90), timeZone: owner.timeZone),
                    recurrence: RecurrenceSet(start: startTime, rules: [meetingRules[day]]), createdAt: createdAt, updatedAt: createdAt))
        }
        // Some students share their personal calendar with a friend: most to read, some as free-busy only.
        for index in 0..<shape.students {
            var random = SeededRandom(shape.seed, stream: .groups, index: 10_000_000 + index)
            guard shape.students > 1, random.chance(shape.sharingShare) else { continue }
            var friend = Int.random(in: 0..<shape.students, using: &random)
            if friend == index { friend = (index + 1) % shape.students }
            let owner = StudentPlan(index, shape: shape)
            let level = random.chance(0.7) ? "read" : "free-busy"
            shares.append([random.uuid(), owner.personalCalendarID, StudentPlan(friend, shape: shape).id, level, owner.id, createdAt, createdAt])
        }
        try await write([groups, members, calendars, shares])
        try await events.save(inserting: meetings, replacing: [], reminders: [])
    }

    /// Each active student has invitations waiting: one to a classmate's study session (an event in
    /// the organiser's personal calendar) and one without an event. Their ids go to campus.json.
    func seedInvitations(into active: inout [Int: ActiveStudent]) async throws {
        var invitations = RowBatch(SeedSQL.invitation)
        var invitees = RowBatch(SeedSQL.invitee)
        var sessions: [CalendarEvent] = []
        for index in active.keys.sorted() {
            var random = SeededRandom(shape.seed, stream: .invitations, index: index)
            for number in 0..<shape.invitationsPerActive {
                var other = Int.random(in: 0..<shape.students, using: &random)
                if other == index { other = (index + 1) % shape.students }
                guard other != index else { break }
                let organizer = StudentPlan(other, shape: shape)
                let id = random.uuid()
                let date = shape.today.adding(days: Int.random(in: 1...6, using: &random))
                let start = LocalDateTime(date: date, hour: 19)
                let zone = TimeZone(identifier: organizer.timeZone)!
                if number % 2 == 0 {
                    let eventID = random.uuid()
                    sessions.append(
                        CalendarEvent(
                            id: EventID(rawValue: eventID), calendarID: CalendarID(rawValue: organizer.personalCalendarID),
                            uid: "\(eventID)@campuscal",
                            title: "Study session", location: "Library 2nd floor", start: .zoned(start, timeZone: organizer.timeZone),
                            end: .zoned(start.adding(minutes: 90), timeZone: organizer.timeZone), createdAt: createdAt, updatedAt: createdAt))
                    invitations.append([id, organizer.id, eventID, "Study session", "Bring your notes.", nil, nil, createdAt, nil])
                } else {
                    invitations.append([
                        id, organizer.id, nil, "Coffee after class?", "At the Crossroads, my treat.", start.instant(in: zone),
                        start.adding(minutes: 60).instant(in: zone), createdAt, nil,
                    ])
                }
                invitees.append([id, active[index]!.userID, InvitationResponse.pending.rawValue, nil, nil])
                active[index]!.invitationIDs.append(id)
            }
        }
        try await events.save(inserting: sessions, replacing: [], reminders: [])
        try await write([invitations, invitees])
    }

    /// A few unread notices in each active student's inbox, as reminders and grades leave them.
    func seedNotices() async throws {
        var notices = RowBatch(SeedSQL.notice)
        let samples: [(NoticeKind, String, String)] = [
            (.reminder, "Problem set due tomorrow", "Due tomorrow at 11:59 PM."), (.grade, "New grade: Quiz 3", "You scored 18 / 20."),
            (.announcement, "Study group: room changed", "We meet in Library group room 4 this week."),
        ]
        for index in 0..<shape.students where shape.isActive(index) {
            var random = SeededRandom(shape.seed, stream: .notices, index: index)
            let student = StudentPlan(index, shape: shape)
            for number in 0..<shape.noticesPerActive {
                let (kind, title, body) = samples[number % samples.count]
                notices.append([
                    random.uuid(), student.id, kind.rawValue, title, body, nil, createdAt.addingTimeInterval(Double(number * 600)), nil,
                ])
            }
        }
        try await write([notices])
    }
}
