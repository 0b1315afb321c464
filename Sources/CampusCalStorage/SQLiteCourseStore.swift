import CampusCalCore
import Foundation
import GRDB

/// `CourseStore` on SQLite.
public struct SQLiteCourseStore: CourseStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ course: Course) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO course (id, code, name, term, createdAt, source) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [course.id.rawValue, course.code, course.name, course.term, course.createdAt, course.source])
        }
    }

    public func course(id: CourseID) async throws -> Course? {
        try await database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM course WHERE id = ?", arguments: [id.rawValue]).map(Self.course(from:))
        }
    }

    public func enrol(_ user: UserID, in course: CourseID, as role: CourseRole) async throws {
        try await database.write { db in
            try db.execute(
                sql:
                    "INSERT INTO enrolment (courseID, userID, role) VALUES (?, ?, ?) ON CONFLICT (courseID, userID) DO UPDATE SET role = excluded.role",
                arguments: [course.rawValue, user.rawValue, role.rawValue])
        }
    }

    public func role(of user: UserID, in course: CourseID) async throws -> CourseRole? {
        try await database.pool.read { db in
            try String.fetchOne(
                db, sql: "SELECT role FROM enrolment WHERE courseID = ? AND userID = ?", arguments: [course.rawValue, user.rawValue]
            ).flatMap(CourseRole.init(rawValue:))
        }
    }

    public func courses(of user: UserID) async throws -> [(Course, CourseRole)] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT c.*, e.role AS enrolmentRole FROM course c JOIN enrolment e ON e.courseID = c.id WHERE e.userID = ? ORDER BY c.code, c.id",
                arguments: [user.rawValue]
            ).map { (Self.course(from: $0), CourseRole(rawValue: $0["enrolmentRole"]) ?? .student) }
        }
    }

    /// Enrolled accounts first; then the LMS class list, each entry shown as the account its LMS
    /// identity belongs to (learnt from that person's own sync, or a directory account whose
    /// username is the LMS login) and otherwise by the LMS's name and role. Never matched by name.
    public func members(of course: CourseID) async throws -> [ClassMember] {
        try await database.pool.read { db in
            var members = try Row.fetchAll(
                db, sql: "SELECT u.*, e.role AS enrolmentRole FROM enrolment e JOIN user u ON u.id = e.userID WHERE e.courseID = ?",
                arguments: [course.rawValue]
            ).map { ClassMember(user: try SQLiteUserStore.user(from: $0), role: CourseRole(rawValue: $0["enrolmentRole"]) ?? .student) }
            var seen = Set(members.compactMap { $0.user?.id })
            let listed = try Row.fetchAll(
                db,
                sql: """
                    SELECT l.displayName AS listedName, l.role AS listedRole, u.*
                    FROM classListEntry l
                    LEFT JOIN lmsIdentity i ON i.personKey = l.personKey
                    LEFT JOIN user u ON u.id = COALESCE(
                        i.userID,
                        (SELECT d.id FROM user d WHERE d.username = l.loginID AND d.passwordHash LIKE '!directory:%'))
                    WHERE l.courseID = ? ORDER BY l.personKey
                    """, arguments: [course.rawValue])
            for row in listed {
                let role = CourseRole(rawValue: row["listedRole"]) ?? .student
                if (row["id"] as String?) != nil {
                    let user = try SQLiteUserStore.user(from: row)
                    if seen.insert(user.id).inserted { members.append(ClassMember(user: user, role: role)) }
                } else {
                    members.append(ClassMember(listedAs: row["listedName"], role: role))
                }
            }
            return members
        }
    }

    @discardableResult
    public func apply(_ sync: LMSCourseSync, at date: Date) async throws -> [String: CourseID] {
        try await database.write { db in
            var listed: [String] = []
            var records: [String: CourseID] = [:]
            for entry in sync.courses {
                let id: String
                if let existing = try String.fetchOne(db, sql: "SELECT id FROM course WHERE source = ?", arguments: [entry.key]) {
                    id = existing
                    // One record per LMS course: the latest sync's code and name are everyone's.
                    try db.execute(
                        sql: "UPDATE course SET code = ?, name = ?, term = COALESCE(?, term) WHERE id = ?",
                        arguments: [entry.code, entry.name, entry.term, id])
                } else {
                    id = CourseID.generate().rawValue
                    try db.execute(
                        sql: "INSERT INTO course (id, code, name, term, createdAt, source) VALUES (?, ?, ?, ?, ?, ?)",
                        arguments: [id, entry.code, entry.name, entry.term, date, entry.key])
                }
                listed.append(id)
                records[entry.key] = CourseID(rawValue: id)
                try db.execute(
                    sql:
                        "INSERT INTO enrolment (courseID, userID, role) VALUES (?, ?, ?) ON CONFLICT (courseID, userID) DO UPDATE SET role = excluded.role",
                    arguments: [id, sync.owner.rawValue, entry.role.rawValue])
                guard let members = entry.members else { continue }
                // Read whole: the LMS's list replaces the last one (people who left are gone).
                try db.execute(sql: "DELETE FROM classListEntry WHERE courseID = ?", arguments: [id])
                let insert = try db.cachedStatement(
                    sql: "INSERT INTO classListEntry (courseID, personKey, loginID, displayName, role, updatedAt) VALUES (?, ?, ?, ?, ?, ?)")
                for member in members {
                    try insert.execute(arguments: [id, member.personKey, member.loginID, member.name, member.role.rawValue, date])
                }
            }
            if sync.coursesComplete {
                // Courses of this LMS the complete listing no longer has: the student left them (or
                // they concluded); administrator-entered courses (no source) are not the LMS's to end.
                let prefix = sync.site + "|"
                let stale = try String.fetchAll(
                    db,
                    sql: """
                        SELECT e.courseID FROM enrolment e JOIN course c ON c.id = e.courseID
                        WHERE e.userID = ? AND substr(c.source, 1, length(?)) = ?
                        """, arguments: [sync.owner.rawValue, prefix, prefix])
                for course in stale where !listed.contains(course) {
                    try db.execute(
                        sql: "DELETE FROM enrolment WHERE courseID = ? AND userID = ?", arguments: [course, sync.owner.rawValue])
                }
            }
            if let personKey = sync.ownerPersonKey {
                try db.execute(
                    sql: """
                        INSERT INTO lmsIdentity (personKey, userID, learntAt) VALUES (?, ?, ?)
                        ON CONFLICT (personKey) DO UPDATE SET userID = excluded.userID, learntAt = excluded.learntAt
                        """, arguments: [personKey, sync.owner.rawValue, date])
            }
            return records
        }
    }

    static func course(from row: Row) -> Course {
        Course(
            id: CourseID(rawValue: row["id"]), code: row["code"], name: row["name"], term: row["term"], createdAt: row["createdAt"],
            source: row["source"])
    }
}
