import CampusCalCore
import Foundation
import GRDB

/// `CourseStore` on SQLite.
public struct SQLiteCourseStore: CourseStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ course: Course) async throws {
        try await database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO course (id, code, name, term, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [course.id.rawValue, course.code, course.name, course.term, course.createdAt])
        }
    }

    public func course(id: CourseID) async throws -> Course? {
        try await database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM course WHERE id = ?", arguments: [id.rawValue]).map(Self.course(from:))
        }
    }

    public func enrol(_ user: UserID, in course: CourseID, as role: CourseRole) async throws {
        try await database.pool.write { db in
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

    public func members(of course: CourseID) async throws -> [ClassMember] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT u.*, e.role AS enrolmentRole FROM enrolment e JOIN user u ON u.id = e.userID WHERE e.courseID = ?",
                arguments: [course.rawValue]
            ).map { ClassMember(user: try SQLiteUserStore.user(from: $0), role: CourseRole(rawValue: $0["enrolmentRole"]) ?? .student) }
        }
    }

    static func course(from row: Row) -> Course {
        Course(id: CourseID(rawValue: row["id"]), code: row["code"], name: row["name"], term: row["term"], createdAt: row["createdAt"])
    }
}
