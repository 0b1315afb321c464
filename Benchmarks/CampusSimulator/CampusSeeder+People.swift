import CampusCalCore
import CampusCalICalendar
import Foundation
import GRDB

/// Accounts and the course catalogue: every student, instructor and administrator, and the courses
/// with their instructors enrolled (students are enrolled with the rest of their rows).
extension CampusSeeder {
    func seedPeopleAndCourses() async throws {
        var users = RowBatch(SeedSQL.user)
        for index in 0..<shape.students {
            let student = StudentPlan(index, shape: shape)
            users.append(userRow(id: student.id, username: student.username, name: student.displayName, zone: student.timeZone, role: .student))
        }
        for index in 0..<shape.instructors {
            var random = SeededRandom(shape.seed, stream: .people, index: 1_000_000 + index)
            users.append(
                userRow(
                    id: random.uuid(), username: Self.instructorUsername(index), name: "Professor \(StudentPlan.lastNames[index % 27])",
                    zone: CampusShape.campusZone, role: .faculty))
        }
        for index in 0..<shape.admins {
            var random = SeededRandom(shape.seed, stream: .people, index: 2_000_000 + index)
            users.append(
                userRow(
                    id: random.uuid(), username: String(format: "admin%02d", index + 1), name: "Administrator \(index + 1)",
                    zone: CampusShape.campusZone, role: .admin))
        }
        var courses = RowBatch(SeedSQL.course)
        var enrolments = RowBatch(SeedSQL.enrolment)
        let term = "Fall \(shape.termStart.year)"
        for course in catalogue.courses {
            courses.append([course.id, course.code, course.name, term, createdAt])
            enrolments.append([course.id, instructorID(course.instructor), CourseRole.instructor.rawValue])
        }
        try await write([users, courses, enrolments])
    }

    /// A `user` row as `SQLiteUserStore.insert` writes it; the e-mail address is the campus one.
    func userRow(id: String, username: String, name: String, zone: String, role: Role) -> [(any DatabaseValueConvertible)?] {
        [id, username, passwordHash, name, "\(username)@campus.edu", nil, zone, role.rawValue, createdAt, createdAt, 1, false]
    }

    static func instructorUsername(_ index: Int) -> String { String(format: "prof%04d", index + 1) }

    func instructorID(_ index: Int) -> String {
        var random = SeededRandom(shape.seed, stream: .people, index: 1_000_000 + index)
        return random.uuid()
    }
}
