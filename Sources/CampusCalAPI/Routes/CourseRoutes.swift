import CampusCalCore
import Foundation
import Hummingbird

/// The caller's courses and, for each, the class list with contact details (SRS 3.2.19).
enum CourseRoutes {
    struct CourseRepresentation: Encodable {
        var id: String
        var code: String
        var name: String
        var term: String?
        /// The caller's role in it.
        var role: String

        private enum CodingKeys: String, CodingKey { case id, code, name, term, role }

        /// Every key always present (`term` null when unknown), as the schema says.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(code, forKey: .code)
            try container.encode(name, forKey: .name)
            try container.encode(term, forKey: .term)
            try container.encode(role, forKey: .role)
        }
    }

    struct MemberRepresentation: Encodable {
        /// Null for a classmate the LMS lists who has no CampusCal account yet.
        var userId: String?
        var username: String?
        var displayName: String
        var role: String
        var email: String?
        var phone: String?
        /// "This user has not provided their information!" when there is neither; null otherwise.
        var contactNotice: String?

        init(_ member: ClassMember) {
            userId = member.user?.id.rawValue
            username = member.user?.username
            displayName = member.displayName
            role = member.role.rawValue
            email = member.user?.email
            phone = member.user?.phone
            contactNotice = member.hasContactDetails ? nil : ClassMember.noContactDetails
        }

        private enum CodingKeys: String, CodingKey { case userId, username, displayName, role, email, phone, contactNotice }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(userId, forKey: .userId)
            try container.encode(username, forKey: .username)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(role, forKey: .role)
            try container.encode(email, forKey: .email)
            try container.encode(phone, forKey: .phone)
            try container.encode(contactNotice, forKey: .contactNotice)
        }
    }

    struct Courses: Encodable { var items: [CourseRepresentation] }

    struct Members: Encodable {
        var course: CourseRepresentation
        var items: [MemberRepresentation]
    }

    static func register(on routes: RouteTable, courses: CourseService) {
        routes.authenticated(.get, "/api/v1/courses") { _, context in
            let mine = try await courses.courses(for: try context.requireCaller().user)
            return try JSONResponse.make(
                Courses(
                    items: mine.map {
                        CourseRepresentation(id: $0.0.id.rawValue, code: $0.0.code, name: $0.0.name, term: $0.0.term, role: $0.1.rawValue)
                    }))
        }

        routes.authenticated(.get, "/api/v1/courses/{id}/members") { _, context in
            let caller = try context.requireCaller().user
            let (course, members) = try await courses.members(of: CourseID(rawValue: try context.parameters.require("id")), for: caller)
            let role = members.first { $0.user?.id == caller.id }?.role ?? .student
            return try JSONResponse.make(
                Members(
                    course: CourseRepresentation(
                        id: course.id.rawValue, code: course.code, name: course.name, term: course.term, role: role.rawValue),
                    items: members.map(MemberRepresentation.init)))
        }
    }
}
