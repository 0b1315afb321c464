import Foundation

/// An invitation's id: a random UUID.
public struct InvitationID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> InvitationID { InvitationID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}

/// An invitation (SRS 3.2.23): to one of the organiser's events, or — with `eventID` nil — to
/// something described by its own title, message and optional times.
public struct Invitation: Sendable, Equatable {
    public var id: InvitationID
    public var organizerID: UserID
    /// The invited event; nil for an invitation not tied to an event.
    public var eventID: EventID?
    /// The event's title when invited (kept current as the event changes), or the invitation's own.
    public var title: String
    public var message: String?
    /// Only for invitations not tied to an event.
    public var start: Date?
    public var end: Date?
    public var createdAt: Date
    /// When the organiser deleted the invited event; the invitation stays, marked cancelled.
    public var cancelledAt: Date?

    public init(
        id: InvitationID, organizerID: UserID, eventID: EventID?, title: String, message: String? = nil, start: Date? = nil, end: Date? = nil,
        createdAt: Date, cancelledAt: Date? = nil
    ) {
        self.id = id
        self.organizerID = organizerID
        self.eventID = eventID
        self.title = title
        self.message = message
        self.start = start
        self.end = end
        self.createdAt = createdAt
        self.cancelledAt = cancelledAt
    }

    public static let maximumTitleLength = 200
    public static let maximumMessageLength = 4000
}

/// An invitee's answer.
public enum InvitationResponse: String, Sendable, CaseIterable {
    case pending, accepted, declined, tentative

    /// Whether the invited event belongs in the invitee's agenda.
    public var isAttending: Bool { self == .accepted || self == .tentative }
}

/// One invitee of an invitation and their answer.
public struct Invitee: Sendable, Equatable {
    public var invitationID: InvitationID
    public var userID: UserID
    /// Filled in when read (the invitee's current username).
    public var username: String
    public var response: InvitationResponse
    public var respondedAt: Date?
    /// The group the invitee was invited through, if any.
    public var viaGroupID: GroupID?

    public init(
        invitationID: InvitationID, userID: UserID, username: String, response: InvitationResponse = .pending, respondedAt: Date? = nil,
        viaGroupID: GroupID? = nil
    ) {
        self.invitationID = invitationID
        self.userID = userID
        self.username = username
        self.response = response
        self.respondedAt = respondedAt
        self.viaGroupID = viaGroupID
    }
}

/// Who may invite a user (their setting; `everyone` by default).
public enum InvitationPrivacy: String, Sendable, CaseIterable {
    case everyone
    /// Only people who share a study group with them.
    case groupMembers
    case nobody
}

/// What can go wrong with invitations, in the domain's words.
public enum InvitationError: Error, Sendable, Equatable {
    /// No invitation with this id that the caller is the organiser or an invitee of.
    case notFound
    /// The invited event was deleted: the invitation cannot be answered any more.
    case cancelled
}
