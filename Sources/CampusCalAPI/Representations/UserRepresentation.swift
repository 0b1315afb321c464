import CampusCalCore
import Foundation
import Logging

/// A user as the API shows it. Never includes the password hash.
struct UserRepresentation: Encodable {
    var id: String
    var username: String
    var displayName: String
    var email: String?
    var phone: String?
    var timeZone: String
    var role: String
    var createdAt: Date
    var updatedAt: Date

    init(_ user: User) {
        id = user.id.rawValue
        username = user.username
        displayName = user.displayName
        email = user.email
        phone = user.phone
        timeZone = user.timeZone
        role = user.role.rawValue
        createdAt = user.createdAt
        updatedAt = user.updatedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, username, displayName, email, phone, timeZone, role, createdAt, updatedAt
    }

    /// Absent optional fields are written as `null`, so every key is always present.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(email, forKey: .email)
        try container.encode(phone, forKey: .phone)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(role, forKey: .role)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// A page of a list: `items`, and `nextCursor` to pass as `?cursor=` (null on the last page).
struct PageRepresentation<Item: Encodable>: Encodable {
    var items: [Item]
    var nextCursor: String?

    private enum CodingKeys: String, CodingKey { case items, nextCursor }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}
