import CampusCalCore
import Foundation

/// A calendar as the API shows it.
struct CalendarRepresentation: Encodable {
    var id: String
    var name: String
    var description: String?
    var color: String
    var timeZone: String
    var createdAt: Date
    var updatedAt: Date

    init(_ calendar: CalendarCollection) {
        id = calendar.id.rawValue
        name = calendar.name
        description = calendar.description
        color = calendar.color
        timeZone = calendar.timeZone
        createdAt = calendar.createdAt
        updatedAt = calendar.updatedAt
    }

    private enum CodingKeys: String, CodingKey { case id, name, description, color, timeZone, createdAt, updatedAt }

    /// `description` is written as `null` when absent, so every key is always present.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(color, forKey: .color)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
