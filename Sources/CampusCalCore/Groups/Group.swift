import Foundation

/// A study group (SRS 3.2.31): private — nobody joins without an invitation or an accepted
/// request —, owned by the user who created it until they hand it over.
public struct Group: Sendable, Equatable {
    public var id: GroupID
    public var name: String
    public var description: String?
    public var ownerID: UserID
    public var createdAt: Date
    public var updatedAt: Date
    /// Incremented on every change of the group's own fields or owner; the API's `ETag`.
    public var version: Int

    public init(
        id: GroupID, name: String, description: String? = nil, ownerID: UserID, createdAt: Date, updatedAt: Date, version: Int = 1
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.ownerID = ownerID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    public static let maximumNameLength = 200
    public static let maximumDescriptionLength = 2000
    /// What a group with no announcements, messages or links says (SRS 4.2.31).
    public static let emptyStateMessage = "No group work!"
}
