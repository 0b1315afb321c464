import CampusCalCore
import Foundation
import Hummingbird
import Logging

/// Study groups: the group, its members and their permissions, invitations, requests to join,
/// announcements, chat and links. `GroupService` asks `AccessPolicy` before every operation.
enum GroupRoutes {
    /// Creation and merge-patch body: absent keys stay; `null` clears `description`.
    struct GroupBody: StrictJSONBody {
        static let fields: Set<String> = ["name", "description"]
        var name: String?
        var description: FieldChange<String>

        private enum CodingKeys: String, CodingKey { case name, description }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeUnlessAbsent(String.self, forKey: .name)
            description = .unchanged
            if container.contains(.description) {
                description = try container.decodeNil(forKey: .description) ? .clear : .set(container.decode(String.self, forKey: .description))
            }
        }
    }

    struct PermissionsBody: StrictJSONBody {
        static let fields: Set<String> = ["permissions"]
        var permissions: [String]
    }

    struct TransferBody: StrictJSONBody {
        static let fields: Set<String> = ["userId"]
        var userId: String
    }

    struct InvitationBody: StrictJSONBody {
        static let fields: Set<String> = ["usernames"]
        var usernames: [String]
    }

    struct AnnouncementBody: StrictJSONBody {
        static let fields: Set<String> = ["title", "body"]
        var title: String?
        var body: String?
    }

    struct MessageBody: StrictJSONBody {
        static let fields: Set<String> = ["body"]
        var body: String?
    }

    struct LinkBody: StrictJSONBody {
        static let fields: Set<String> = ["title", "url"]
        var title: String?
        var url: String?
    }

    struct GroupRepresentation: Encodable {
        var overview: GroupService.Overview

        private enum CodingKeys: String, CodingKey {
            case id, name, description, ownerId, memberCount, myRole, myPermissions, emptyState, createdAt, updatedAt
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let group = overview.group
            try container.encode(group.id.rawValue, forKey: .id)
            try container.encode(group.name, forKey: .name)
            try container.encode(group.description, forKey: .description)
            try container.encode(group.ownerID.rawValue, forKey: .ownerId)
            try container.encode(overview.memberCount, forKey: .memberCount)
            try container.encode(overview.membership?.role.rawValue, forKey: .myRole)
            try container.encode((overview.membership?.permissions ?? []).sorted().map(\.rawValue), forKey: .myPermissions)
            try container.encode(overview.hasContent ? nil : Group.emptyStateMessage, forKey: .emptyState)
            try container.encode(group.createdAt, forKey: .createdAt)
            try container.encode(group.updatedAt, forKey: .updatedAt)
        }
    }

    struct MemberRepresentation: Encodable {
        var member: GroupMember

        private enum CodingKeys: String, CodingKey { case userId, username, displayName, role, permissions, joinedAt }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(member.userID.rawValue, forKey: .userId)
            try container.encode(member.username, forKey: .username)
            try container.encode(member.displayName, forKey: .displayName)
            try container.encode(member.role.rawValue, forKey: .role)
            try container.encode(member.permissions.sorted().map(\.rawValue), forKey: .permissions)
            try container.encode(member.joinedAt, forKey: .joinedAt)
        }
    }

    struct InvitationRepresentation: Encodable {
        var invitation: GroupInvitation

        private enum CodingKeys: String, CodingKey { case id, groupId, groupName, inviterId, status, createdAt, decidedAt }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(invitation.id.rawValue, forKey: .id)
            try container.encode(invitation.groupID.rawValue, forKey: .groupId)
            try container.encode(invitation.groupName, forKey: .groupName)
            try container.encode(invitation.inviterID.rawValue, forKey: .inviterId)
            try container.encode(invitation.status.rawValue, forKey: .status)
            try container.encode(invitation.createdAt, forKey: .createdAt)
            try container.encode(invitation.decidedAt, forKey: .decidedAt)
        }
    }

    struct InvitationResultRepresentation: Encodable {
        var result: GroupService.InvitationResult

        private enum CodingKeys: String, CodingKey { case username, outcome, invitationId }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(result.username, forKey: .username)
            try container.encode(result.outcome.rawValue, forKey: .outcome)
            try container.encode(result.invitation?.id.rawValue, forKey: .invitationId)
        }
    }

    struct JoinRequestRepresentation: Encodable {
        var request: JoinRequest

        private enum CodingKeys: String, CodingKey { case id, groupId, userId, username, status, createdAt, decidedAt }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(request.id.rawValue, forKey: .id)
            try container.encode(request.groupID.rawValue, forKey: .groupId)
            try container.encode(request.userID.rawValue, forKey: .userId)
            try container.encode(request.username, forKey: .username)
            try container.encode(request.status.rawValue, forKey: .status)
            try container.encode(request.createdAt, forKey: .createdAt)
            try container.encode(request.decidedAt, forKey: .decidedAt)
        }
    }

    /// An announcement (`title`, `body`), a message (`body`) or a link (`title`, `url`).
    struct PostRepresentation: Encodable {
        var post: GroupPost

        private enum CodingKeys: String, CodingKey { case id, authorId, authorUsername, title, body, url, createdAt }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(post.id.rawValue, forKey: .id)
            try container.encode(post.authorID.rawValue, forKey: .authorId)
            try container.encode(post.authorUsername, forKey: .authorUsername)
            if post.kind != .message { try container.encode(post.title ?? "", forKey: .title) }
            if post.kind != .link { try container.encode(post.body ?? "", forKey: .body) }
            if post.kind == .link { try container.encode(post.url ?? "", forKey: .url) }
            try container.encode(post.createdAt, forKey: .createdAt)
        }
    }

    struct List<Item: Encodable>: Encodable {
        var items: [Item]
        var count: Int

        init(_ items: [Item]) {
            self.items = items
            self.count = items.count
        }
    }

    struct InvitationResults: Encodable {
        var results: [InvitationResultRepresentation]
    }

    static func register(on routes: RouteTable, groups: GroupService, limits: BodyLimits) {
        registerGroups(on: routes, groups: groups, limits: limits)
        registerMembers(on: routes, groups: groups, limits: limits)
        registerInvitations(on: routes, groups: groups, limits: limits)
        registerPosts(on: routes, groups: groups, limits: limits)
    }

    private static func registerGroups(on routes: RouteTable, groups: GroupService, limits: BodyLimits) {
        routes.authenticated(.post, "/api/v1/groups") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(GroupBody.self, limits: limits)
            var description: String?
            if case .set(let value) = body.description { description = value }
            let overview = try await groups.create(for: caller, name: body.name, description: description)
            var headers = EntityTag.headers(version: overview.group.version)
            headers[.location] = "/api/v1/groups/\(overview.group.id)"
            return try JSONResponse.make(GroupRepresentation(overview: overview), status: .created, headers: headers)
        }

        routes.authenticated(.get, "/api/v1/groups") { _, context in
            let mine = try await groups.groups(for: try context.requireCaller().user)
            return try JSONResponse.make(List(mine.map(GroupRepresentation.init)))
        }

        routes.authenticated(.get, "/api/v1/groups/{id}") { _, context in
            let overview = try await groups.group(try groupID(context), for: try context.requireCaller().user)
            return try JSONResponse.make(GroupRepresentation(overview: overview), headers: EntityTag.headers(version: overview.group.version))
        }

        routes.authenticated(.patch, "/api/v1/groups/{id}") { request, context in
            let caller = try context.requireCaller().user
            let expected = try EntityTag.expectedVersion(in: request.headers)
            let body = try await request.decodeStrictJSON(GroupBody.self, limits: limits)
            let overview = try await groups.update(
                try groupID(context), for: caller, name: body.name, description: body.description, expectedVersion: expected)
            return try JSONResponse.make(GroupRepresentation(overview: overview), headers: EntityTag.headers(version: overview.group.version))
        }

        routes.authenticated(.delete, "/api/v1/groups/{id}") { request, context in
            let expected = try EntityTag.expectedVersion(in: request.headers)
            try await groups.delete(try groupID(context), for: try context.requireCaller().user, expectedVersion: expected)
            return JSONResponse.noContent()
        }

        routes.authenticated(.post, "/api/v1/groups/{id}/transfer") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(TransferBody.self, limits: limits)
            let overview = try await groups.transfer(try groupID(context), to: UserID(rawValue: body.userId), for: caller)
            return try JSONResponse.make(GroupRepresentation(overview: overview), headers: EntityTag.headers(version: overview.group.version))
        }

        routes.authenticated(.post, "/api/v1/groups/{id}/leave") { _, context in
            try await groups.leave(try groupID(context), for: try context.requireCaller().user)
            return JSONResponse.noContent()
        }
    }

    private static func registerMembers(on routes: RouteTable, groups: GroupService, limits: BodyLimits) {
        routes.authenticated(.get, "/api/v1/groups/{id}/members") { _, context in
            let members = try await groups.members(try groupID(context), for: try context.requireCaller().user)
            return try JSONResponse.make(List(members.map(MemberRepresentation.init)))
        }

        routes.authenticated(.patch, "/api/v1/groups/{id}/members/{userId}") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(PermissionsBody.self, limits: limits)
            let member = try await groups.setPermissions(
                try groupID(context), of: UserID(rawValue: try context.parameters.require("userId")), for: caller, to: body.permissions)
            return try JSONResponse.make(MemberRepresentation(member: member))
        }

        routes.authenticated(.delete, "/api/v1/groups/{id}/members/{userId}") { _, context in
            try await groups.removeMember(
                try groupID(context), memberID: UserID(rawValue: try context.parameters.require("userId")), for: try context.requireCaller().user)
            return JSONResponse.noContent()
        }
    }

    private static func registerInvitations(on routes: RouteTable, groups: GroupService, limits: BodyLimits) {
        routes.authenticated(.post, "/api/v1/groups/{id}/invitations") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(InvitationBody.self, limits: limits)
            let results = try await groups.invite(try groupID(context), usernames: body.usernames, for: caller)
            return try JSONResponse.make(InvitationResults(results: results.map(InvitationResultRepresentation.init)))
        }

        routes.authenticated(.get, "/api/v1/group-invitations") { _, context in
            let invitations = try await groups.invitations(for: try context.requireCaller().user)
            return try JSONResponse.make(List(invitations.map(InvitationRepresentation.init)))
        }

        for (name, accept) in [("accept", true), ("decline", false)] {
            routes.authenticated(.post, "/api/v1/group-invitations/{id}/\(name)") { _, context in
                let invitation = try await groups.answerInvitation(
                    GroupItemID(rawValue: try context.parameters.require("id")), accept: accept, for: try context.requireCaller().user)
                return try JSONResponse.make(InvitationRepresentation(invitation: invitation))
            }
        }

        routes.authenticated(.post, "/api/v1/groups/{id}/join-requests") { _, context in
            let id = try groupID(context)
            let request = try await groups.requestToJoin(id, for: try context.requireCaller().user)
            return try JSONResponse.make(
                JoinRequestRepresentation(request: request), status: .created,
                headers: [.location: "/api/v1/groups/\(id)/join-requests/\(request.id)"])
        }

        routes.authenticated(.get, "/api/v1/groups/{id}/join-requests") { _, context in
            let requests = try await groups.joinRequests(try groupID(context), for: try context.requireCaller().user)
            return try JSONResponse.make(List(requests.map(JoinRequestRepresentation.init)))
        }

        for (name, accept) in [("accept", true), ("reject", false)] {
            routes.authenticated(.post, "/api/v1/groups/{id}/join-requests/{requestId}/\(name)") { _, context in
                let request = try await groups.decideJoinRequest(
                    try groupID(context), request: GroupItemID(rawValue: try context.parameters.require("requestId")), accept: accept,
                    for: try context.requireCaller().user)
                return try JSONResponse.make(JoinRequestRepresentation(request: request))
            }
        }
    }

    private static func registerPosts(on routes: RouteTable, groups: GroupService, limits: BodyLimits) {
        for (segment, kind) in [("announcements", GroupPostKind.announcement), ("messages", .message), ("links", .link)] {
            routes.authenticated(.get, "/api/v1/groups/{id}/\(segment)") { request, context in
                let caller = try context.requireCaller().user
                var before: Int64?
                if let raw = request.uri.queryParameters["cursor"] {
                    guard let value = Int64(raw), value > 0 else {
                        throw Problem.badRequest(
                            "invalid-parameter", "Query parameter 'cursor' must be the 'nextCursor' of a previous page (it was '\(raw.prefix(40))').")
                    }
                    before = value
                }
                let page = try await groups.posts(kind, in: try groupID(context), for: caller, before: before, limit: try PageQuery.limit(request))
                return try JSONResponse.make(PageRepresentation(items: page.items.map(PostRepresentation.init), nextCursor: page.nextCursor))
            }

            routes.authenticated(.post, "/api/v1/groups/{id}/\(segment)") { request, context in
                let caller = try context.requireCaller().user
                let id = try groupID(context)
                let post: GroupPost
                switch kind {
                case .announcement:
                    let body = try await request.decodeStrictJSON(AnnouncementBody.self, limits: limits)
                    post = try await groups.post(kind, in: id, for: caller, title: body.title, body: body.body, url: nil)
                case .message:
                    let body = try await request.decodeStrictJSON(MessageBody.self, limits: limits)
                    post = try await groups.post(kind, in: id, for: caller, title: nil, body: body.body, url: nil)
                case .link:
                    let body = try await request.decodeStrictJSON(LinkBody.self, limits: limits)
                    post = try await groups.post(kind, in: id, for: caller, title: body.title, body: nil, url: body.url)
                }
                return try JSONResponse.make(PostRepresentation(post: post), status: .created)
            }

            if kind != .message {
                routes.authenticated(.delete, "/api/v1/groups/{id}/\(segment)/{itemId}") { _, context in
                    try await groups.deletePost(
                        kind, GroupItemID(rawValue: try context.parameters.require("itemId")), in: try groupID(context),
                        for: try context.requireCaller().user)
                    return JSONResponse.noContent()
                }
            }
        }
    }

    static func groupID(_ context: APIRequestContext) throws -> GroupID { GroupID(rawValue: try context.parameters.require("id")) }
}
