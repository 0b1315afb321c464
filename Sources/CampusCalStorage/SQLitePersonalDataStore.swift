import CampusCalCore
import Foundation
import GRDB

/// `PersonalDataStore` on SQLite: a person's rows, table by table, and account deletion.
///
/// `recordSets` names every table that holds rows about a person; `PersonalDataExportTests` fails
/// when a table that references `user` is missing here, so a new table cannot slip out of the export.
public struct SQLitePersonalDataStore: PersonalDataStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    /// One kind of record: its name in the export, what it is, the table it comes from, and the query
    /// (every `?` is the person's id).
    struct RecordSetQuery {
        var name: String
        var about: String
        var table: String
        var sql: String
    }

    /// Secrets that protect the person and would help nobody reading their export.
    static let withheldColumns: Set<String> = ["passwordHash", "tokenHash", "sealedCredentials", "secretHash", "authSecret"]

    static let recordSets: [RecordSetQuery] = [
        .init(
            name: "profile", about: "Your account: username, name, contact details, time zone, role.", table: "user",
            sql: "SELECT * FROM user WHERE id = ?"),
        .init(
            name: "sessions", about: "Your logins that are still open (when each began, was last used, and ends).", table: "session",
            sql: "SELECT * FROM session WHERE userID = ? ORDER BY createdAt"),
        .init(
            name: "app-passwords", about: "Passwords you made for your devices' calendar apps (the secrets themselves are not stored).",
            table: "appPassword", sql: "SELECT * FROM appPassword WHERE userID = ? ORDER BY createdAt"),
        .init(
            name: "push-subscriptions",
            about: "Browsers you turned notifications on in (the secret each browser shares with CampusCal is not included).",
            table: "pushSubscription", sql: "SELECT * FROM pushSubscription WHERE userID = ? ORDER BY createdAt"),
        .init(
            name: "calendars", about: "Calendars you own.", table: "calendar", sql: "SELECT * FROM calendar WHERE ownerID = ? ORDER BY createdAt, id"),
        .init(
            name: "calendar-feeds", about: "Subscription links of your calendars (the secret link itself is not stored).", table: "calendarFeed",
            sql: "SELECT f.* FROM calendarFeed f JOIN calendar c ON c.id = f.calendarID WHERE c.ownerID = ?"),
        .init(
            name: "events", about: "Events in your calendars, with repeats, exceptions and reminders.", table: "event",
            sql: "SELECT e.* FROM event e JOIN calendar c ON c.id = e.calendarID WHERE c.ownerID = ? ORDER BY e.createdAt, e.id"),
        .init(
            name: "tasks", about: "Your tasks and assignments, with grades and feedback.", table: "task",
            sql: "SELECT * FROM task WHERE ownerID = ? ORDER BY createdAt, id"),
        .init(name: "todo-list", about: "The lines of your to-do list.", table: "todoEntry", sql: "SELECT * FROM todoEntry WHERE ownerID = ?"),
        .init(
            name: "notifications", about: "Your notification inbox.", table: "notice",
            sql: "SELECT * FROM notice WHERE userID = ? ORDER BY createdAt, id"),
        .init(
            name: "notification-deliveries", about: "Emails and texts sent (or queued) for your notifications.", table: "noticeDelivery",
            sql: "SELECT d.* FROM noticeDelivery d JOIN notice n ON n.id = d.noticeID WHERE n.userID = ?"),
        .init(
            name: "planned-reminders", about: "Reminders planned for you.", table: "scheduledNotice",
            sql: "SELECT * FROM scheduledNotice WHERE userID = ?"),
        .init(
            name: "notification-settings", about: "Your notification settings.", table: "notificationPreferences",
            sql: "SELECT * FROM notificationPreferences WHERE userID = ?"),
        .init(
            name: "confirmed-addresses", about: "The email and text addresses you confirmed for notices.", table: "confirmedAddress",
            sql: "SELECT * FROM confirmedAddress WHERE userID = ?"),
        .init(
            name: "recovery-codes", about: "Confirmation and password-reset codes sent to you (the codes themselves are never kept).",
            table: "oneTimeCode",
            sql: "SELECT purpose, channel, address, createdAt, expiresAt, usedAt FROM oneTimeCode WHERE userID = ? ORDER BY createdAt"),
        .init(name: "groups-owned", about: "Study groups you own.", table: "studyGroup", sql: "SELECT * FROM studyGroup WHERE ownerID = ?"),
        .init(
            name: "group-memberships", about: "Study groups you are in, your role and permissions.", table: "groupMember",
            sql: "SELECT m.*, g.name AS groupName FROM groupMember m JOIN studyGroup g ON g.id = m.groupID WHERE m.userID = ?"),
        .init(
            name: "group-invitations", about: "Invitations to study groups you sent or received.", table: "groupInvitation",
            sql: "SELECT * FROM groupInvitation WHERE inviteeID = ?1 OR inviterID = ?1"),
        .init(
            name: "group-join-requests", about: "Requests to join study groups you made or decided on.", table: "groupJoinRequest",
            sql: "SELECT * FROM groupJoinRequest WHERE userID = ?1 OR decidedBy = ?1"),
        .init(
            name: "group-posts", about: "Announcements, messages and links you posted in study groups.", table: "groupPost",
            sql: "SELECT * FROM groupPost WHERE authorID = ? ORDER BY sequence"),
        .init(
            name: "invitations-sent", about: "Invitations you sent.", table: "invitation",
            sql: "SELECT * FROM invitation WHERE organizerID = ? ORDER BY createdAt, id"),
        .init(
            name: "invitations-received", about: "Invitations you received and your answers.", table: "invitationInvitee",
            sql: """
                SELECT r.*, i.title AS invitationTitle, i.startsAt AS invitationStartsAt, i.endsAt AS invitationEndsAt
                FROM invitationInvitee r JOIN invitation i ON i.id = r.invitationID WHERE r.userID = ?
                """),
        .init(
            name: "invitation-settings", about: "Who may invite you.", table: "invitationSetting",
            sql: "SELECT * FROM invitationSetting WHERE userID = ?"),
        .init(
            name: "calendar-shares", about: "Calendar shares you gave or received.", table: "calendarShare",
            sql: "SELECT * FROM calendarShare WHERE sharedByID = ?1 OR recipientUserID = ?1"),
        .init(
            name: "shared-calendar-changes", about: "Changes you made to shared calendars, not yet announced.", table: "calendarChange",
            sql: "SELECT * FROM calendarChange WHERE actorID = ?"),
        .init(
            name: "enrolments", about: "Your courses and your role in each.", table: "enrolment",
            sql: "SELECT e.*, c.code, c.name, c.term FROM enrolment e JOIN course c ON c.id = e.courseID WHERE e.userID = ?"),
        .init(
            name: "lms-identities", about: "Which LMS accounts are yours, as your own syncs showed (how class lists find you).",
            table: "lmsIdentity", sql: "SELECT * FROM lmsIdentity WHERE userID = ? ORDER BY personKey"),
        .init(
            name: "class-list-entries", about: "How the LMS class lists of your courses name you.", table: "classListEntry",
            sql: """
                SELECT l.*, c.code, c.name FROM classListEntry l JOIN course c ON c.id = l.courseID
                JOIN lmsIdentity i ON i.personKey = l.personKey WHERE i.userID = ?
                """),
        .init(
            name: "lms-connections", about: "Your links to I-Learn and other LMSs or calendar feeds (the sign-in secrets are not included).",
            table: "lmsConnection", sql: "SELECT * FROM lmsConnection WHERE ownerID = ? ORDER BY createdAt"),
        .init(
            name: "plugin-calendars", about: "The calendars plugins keep in your account (a deleted one stays listed, without a calendar).",
            table: "pluginCalendar", sql: "SELECT * FROM pluginCalendar WHERE userID = ? ORDER BY pluginID"),
        .init(
            name: "consents", about: "Disclosure agreements you agreed to (and withdrew).", table: "consent",
            sql: "SELECT * FROM consent WHERE userID = ? ORDER BY agreedAt"),
        .init(
            name: "disclosures", about: "Every release of your data to anyone but you (the FERPA disclosure log).", table: "disclosure",
            sql: "SELECT * FROM disclosure WHERE userID = ? ORDER BY seq"),
    ]

    /// The tables the export reads, each with the name of its file (`data/<name>.json`), for the completeness test.
    public static var exportedTables: [String: String] {
        Dictionary(recordSets.map { ($0.table, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    public func records(of user: UserID) async throws -> [PersonalRecordSet] {
        try await database.pool.read { db in
            var sets = try Self.recordSets.map { query in
                let rows = try Row.fetchAll(db, sql: query.sql, arguments: [user.rawValue])
                let withheld = Set(rows.first.map { Array($0.columnNames) } ?? []).intersection(Self.withheldColumns)
                return PersonalRecordSet(
                    name: query.name, about: query.about, records: rows.map { Self.record(from: $0) }, withheldFields: withheld.sorted())
            }
            // Failed logins are kept by username (they happen before anyone is known to be anyone).
            if let username = try String.fetchOne(db, sql: "SELECT username FROM user WHERE id = ?", arguments: [user.rawValue]) {
                let failures = try Row.fetchAll(db, sql: "SELECT * FROM loginFailure WHERE username = ? ORDER BY failedAt", arguments: [username])
                sets.append(
                    PersonalRecordSet(
                        name: "failed-logins", about: "Failed logins with your username in the last minutes (kept to stop password guessing).",
                        records: failures.map { Self.record(from: $0) }))
            }
            return sets
        }
    }

    static func record(from row: Row) -> [String: PersonalValue] {
        var record: [String: PersonalValue] = [:]
        for (column, value) in row where !withheldColumns.contains(column) {
            switch value.storage {
            case .null: record[column] = .null
            case .int64(let number): record[column] = .integer(number)
            case .double(let number): record[column] = .real(number)
            case .string(let text): record[column] = .text(text)
            case .blob(let data): record[column] = .bytes([UInt8](data))
            }
        }
        return record
    }

    public func deleteAccount(_ user: UserID, requestedBy: UserID?, at date: Date) async throws -> AccountDeletion {
        try await database.write { db in
            let id = user.rawValue
            guard let username = try String.fetchOne(db, sql: "SELECT username FROM user WHERE id = ?", arguments: [id]) else {
                throw AccountError.userNotFound
            }
            var counts: [String: Int] = [:]
            for query in Self.recordSets where query.table != "user" {
                counts[query.name] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(query.sql))", arguments: [id]) ?? 0
            }
            // Groups live on with their members: each goes to its longest-standing other member; a group
            // of one goes with its owner.
            var handedOver = 0
            for group in try String.fetchAll(db, sql: "SELECT id FROM studyGroup WHERE ownerID = ?", arguments: [id]) {
                if let heir = try String.fetchOne(
                    db, sql: "SELECT userID FROM groupMember WHERE groupID = ? AND userID != ? ORDER BY joinedAt, userID LIMIT 1",
                    arguments: [group, id])
                {
                    try SQLiteGroupStore.handOver(group, to: heir, at: date, in: db)
                    handedOver += 1
                }
            }
            counts["groupsHandedOver"] = handedOver
            // Shares the person gave of other people's calendars stay; the calendar's owner answers for them now.
            try db.execute(
                sql: """
                    UPDATE calendarShare SET sharedByID = (SELECT ownerID FROM calendar WHERE calendar.id = calendarShare.calendarID)
                    WHERE sharedByID = ? AND calendarID NOT IN (SELECT id FROM calendar WHERE ownerID = ?)
                    """,
                arguments: [id, id])
            try db.execute(sql: "DELETE FROM loginFailure WHERE username = ?", arguments: [username])
            try db.execute(sql: "DELETE FROM loginLock WHERE username = ?", arguments: [username])
            // Everything else that is the person's goes with the row (ON DELETE CASCADE).
            try db.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [id])
            let deletion = AccountDeletion(
                id: RandomUUID.text(), userID: user, requestedBy: requestedBy, deletedAt: date, counts: counts)
            let json = String(decoding: try JSONEncoder.sorted.encode(counts), as: UTF8.self)
            try db.execute(
                sql: "INSERT INTO accountDeletion (id, userID, requestedBy, deletedAt, counts) VALUES (?, ?, ?, ?, ?)",
                arguments: [deletion.id, id, requestedBy?.rawValue, date, json])
            return deletion
        }
    }

    public func deletions(after cursor: String?, limit: Int) async throws -> Page<AccountDeletion> {
        try await database.pool.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM accountDeletion WHERE seq < ? ORDER BY seq DESC LIMIT ?",
                arguments: [cursor.flatMap { Int64($0) } ?? Int64.max, limit + 1])
            let page = rows.prefix(limit)
            return Page(
                items: page.map { row in
                    AccountDeletion(
                        id: row["id"], userID: UserID(rawValue: row["userID"]),
                        requestedBy: (row["requestedBy"] as String?).map(UserID.init(rawValue:)), deletedAt: row["deletedAt"],
                        counts: (try? JSONDecoder().decode([String: Int].self, from: Data((row["counts"] as String).utf8))) ?? [:])
                },
                nextCursor: rows.count > limit ? page.last.map { String($0["seq"] as Int64) } : nil)
        }
    }
}

extension JSONEncoder {
    /// Keys sorted, so stored JSON is the same for the same content.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
