import CampusCalCore
import Foundation

/// A calendar as the API shows it, with how the caller stands with it.
struct CalendarRepresentation: Encodable {
    var id: String
    var ownerId: String
    /// `owner`, or the level it is shared with the caller at (`free-busy`, `read`, `write`, `manage`).
    var access: String
    /// The study group whose meetings calendar this is; null for a personal calendar.
    var groupId: String?
    var name: String
    var description: String?
    var color: String
    var timeZone: String
    var createdAt: Date
    var updatedAt: Date

    init(_ accessible: AccessibleCalendar) {
        self.init(accessible.calendar, access: accessible.access)
    }

    init(_ calendar: CalendarCollection, access: CalendarAccessLevel) {
        id = calendar.id.rawValue
        ownerId = calendar.ownerID.rawValue
        self.access = access.name
        groupId = calendar.groupID?.rawValue
        name = calendar.name
        description = calendar.description
        color = calendar.color
        timeZone = calendar.timeZone
        createdAt = calendar.createdAt
        updatedAt = calendar.updatedAt
    }

    private enum CodingKeys: String, CodingKey { case id, ownerId, access, groupId, name, description, color, timeZone, createdAt, updatedAt }

    /// `description` and `groupId` are written as `null` when absent, so every key is always present.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(ownerId, forKey: .ownerId)
        try container.encode(access, forKey: .access)
        try container.encode(groupId, forKey: .groupId)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(color, forKey: .color)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
