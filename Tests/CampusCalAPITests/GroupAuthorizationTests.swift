import CampusCalCore
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// Every group endpoint, called by each kind of caller, against a table of what each may do.
///
/// Members who lack a permission get 403 (they know the group exists); people invited to it get
/// its page and 403 for the rest; strangers get 404 for everything but asking to join; administrators
/// read and delete; anonymous callers get 401.
@Suite("Groups: the authorization matrix")
struct GroupAuthorizationTests {
    enum Caller: String, CaseIterable {
        /// The owner; a member holding every permission; a member holding none; someone invited
        /// who has not answered; a stranger; an administrator who is not a member; nobody logged in.
        case owner, with, without, invited, stranger, admin, anonymous
    }

    /// What each caller gets, in `Caller` order without `anonymous` (always 401).
    struct Row: Sendable {
        var method: HTTPRequest.Method
        /// `{g}` group, `{with}`/`{without}` members' ids, `{req}` an open join request, `{inv}` the
        /// invited caller's invitation, `{ann}` an announcement and `{link}` a link by the owner.
        var path: String
        /// A JSON body, with the same placeholders.
        var body: String?
        var expected: [Int]
    }

    static let table: [Row] = [
        //                                                                       owner with without invited stranger admin
        Row(method: .get, path: "/api/v1/groups/{g}", expected: [200, 200, 200, 200, 404, 200]),
        Row(method: .patch, path: "/api/v1/groups/{g}", body: #"{"name": "Renamed"}"#, expected: [200, 403, 403, 403, 404, 403]),
        Row(method: .delete, path: "/api/v1/groups/{g}", expected: [204, 403, 403, 403, 404, 204]),
        Row(method: .post, path: "/api/v1/groups/{g}/transfer", body: #"{"userId": "{with}"}"#, expected: [200, 403, 403, 403, 404, 403]),
        Row(method: .post, path: "/api/v1/groups/{g}/leave", expected: [409, 204, 204, 403, 404, 403]),
        Row(method: .get, path: "/api/v1/groups/{g}/members", expected: [200, 200, 200, 403, 404, 200]),
        Row(method: .get, path: "/api/v1/groups/{g}/free-busy?from=2026-09-21&to=2026-09-28", expected: [200, 200, 200, 403, 404, 200]),
        Row(method: .get, path: "/api/v1/groups/{g}/calendar", expected: [200, 200, 200, 403, 404, 403]),
        Row(
            method: .patch, path: "/api/v1/groups/{g}/members/{without}", body: #"{"permissions": ["chat"]}"#,
            expected: [200, 200, 403, 403, 404, 403]),
        Row(method: .delete, path: "/api/v1/groups/{g}/members/{without}", expected: [204, 403, 403, 403, 404, 403]),
        Row(method: .post, path: "/api/v1/groups/{g}/invitations", body: #"{"usernames": ["outsider"]}"#, expected: [200, 200, 403, 403, 404, 403]),
        Row(method: .get, path: "/api/v1/groups/{g}/join-requests", expected: [200, 200, 403, 403, 404, 403]),
        Row(method: .post, path: "/api/v1/groups/{g}/join-requests", expected: [409, 409, 409, 409, 201, 201]),
        Row(method: .post, path: "/api/v1/groups/{g}/join-requests/{req}/accept", expected: [200, 200, 403, 403, 404, 403]),
        Row(method: .post, path: "/api/v1/groups/{g}/join-requests/{req}/reject", expected: [200, 200, 403, 403, 404, 403]),
        Row(method: .post, path: "/api/v1/group-invitations/{inv}/accept", expected: [404, 404, 404, 200, 404, 404]),
        Row(method: .post, path: "/api/v1/group-invitations/{inv}/decline", expected: [404, 404, 404, 200, 404, 404]),
        Row(method: .get, path: "/api/v1/groups/{g}/announcements", expected: [200, 200, 200, 403, 404, 200]),
        Row(
            method: .post, path: "/api/v1/groups/{g}/announcements", body: #"{"title": "T", "body": "B"}"#, expected: [201, 201, 403, 403, 404, 403]),
        Row(method: .delete, path: "/api/v1/groups/{g}/announcements/{ann}", expected: [204, 204, 403, 403, 404, 403]),
        Row(method: .get, path: "/api/v1/groups/{g}/messages", expected: [200, 200, 200, 403, 404, 200]),
        Row(method: .post, path: "/api/v1/groups/{g}/messages", body: #"{"body": "Hi"}"#, expected: [201, 201, 403, 403, 404, 403]),
        Row(method: .get, path: "/api/v1/groups/{g}/links", expected: [200, 200, 200, 403, 404, 200]),
        Row(
            method: .post, path: "/api/v1/groups/{g}/links", body: #"{"title": "Notes", "url": "https://notes.example.edu"}"#,
            expected: [201, 201, 403, 403, 404, 403]),
        Row(method: .delete, path: "/api/v1/groups/{g}/links/{link}", expected: [204, 204, 403, 403, 404, 403]),
    ]

    /// A group with a member holding every permission, one holding none, an open invitation, an
    /// open request to join, an announcement and a link — made through the service, quickly.
    func fixture(_ server: TestServer, _ users: [Caller: User], asker: User) async throws -> [String: String] {
        let groups = server.services.groups
        let owner = users[.owner]!
        let id = try await groups.create(for: owner, name: "Matrix", description: nil).group.id
        _ = try await groups.invite(id, usernames: ["with", "without", "invited"], for: owner)
        for member in [users[.with]!, users[.without]!] {
            let invitation = try #require(try await groups.invitations(for: member).first)
            _ = try await groups.answerInvitation(invitation.id, accept: true, for: member)
        }
        _ = try await groups.setPermissions(id, of: users[.with]!.id, for: owner, to: GroupPermission.allCases.map(\.rawValue))
        _ = try await groups.setPermissions(id, of: users[.without]!.id, for: owner, to: [])
        let invitation = try #require(try await groups.invitations(for: users[.invited]!).first)
        let request = try await groups.requestToJoin(id, for: asker)
        let announcement = try await groups.post(.announcement, in: id, for: owner, title: "A", body: "B", url: nil)
        let link = try await groups.post(.link, in: id, for: owner, title: "L", body: nil, url: "https://l.example.edu")
        return [
            "{g}": id.rawValue, "{with}": users[.with]!.id.rawValue, "{without}": users[.without]!.id.rawValue, "{req}": request.id.rawValue,
            "{inv}": invitation.id.rawValue, "{ann}": announcement.id.rawValue, "{link}": link.id.rawValue,
        ]
    }

    static func fill(_ text: String, _ values: [String: String]) -> String {
        values.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }

    @Test func everyGroupEndpointAnswersEachCallerAsTheTableSays() async throws {
        // A fresh group per row, all owned by one person: more than limits.max_groups_per_user allows.
        let server = try TestServer { $0.limits.maximumGroupsPerUser = 1_000 }
        var users: [Caller: User] = [:]
        for caller in Caller.allCases where caller != .anonymous {
            users[caller] = try await server.createUser(caller.rawValue, role: caller == .admin ? .admin : .student)
        }
        let asker = try await server.createUser("asker")
        try await server.createUser("outsider")
        let people = users
        try await server.run { api in
            var tokens: [Caller: String] = [:]
            for caller in Caller.allCases where caller != .anonymous { tokens[caller] = try await api.token(caller.rawValue) }
            var served = Set<String>()
            for row in Self.table {
                served.insert("\(row.method) \(row.path.split(separator: "?")[0])")
                var values = try await fixture(server, people, asker: asker)
                for (index, caller) in Caller.allCases.enumerated() {
                    let expected = caller == .anonymous ? 401 : row.expected[index]
                    let path = Self.fill(row.path, values)
                    let reply = try await api.request(row.method, path, token: tokens[caller], rawBody: row.body.map { Self.fill($0, values) })
                    #expect(
                        Int(reply.status.code) == expected,
                        "\(caller) \(row.method) \(row.path): \(String(decoding: reply.body, as: UTF8.self).prefix(300))")
                    // A stranger learns nothing: the 404 is the one a missing group gets.
                    if expected == 404 && row.path.hasPrefix("/api/v1/groups/{g}") && !row.path.dropFirst(18).contains("{") {
                        #expect(reply.string("detail") == "No group with this id exists among the groups you can see.")
                    }
                    // A success may have changed the group; start the next caller on a fresh one.
                    if (200..<300).contains(Int(reply.status.code)) { values = try await fixture(server, people, asker: asker) }
                }
            }
            // The table covers every group endpoint the server has.
            let groupEndpoints = server.services.httpAPI().catalog.endpoints.map { "\($0.method) \($0.path)" }
                .filter { $0.contains("/api/v1/groups/") || $0.contains("/api/v1/group-invitations/") }
            let names = [
                "{g}": "{id}", "{inv}": "{id}", "{with}": "{userId}", "{without}": "{userId}", "{req}": "{requestId}", "{ann}": "{itemId}",
                "{link}": "{itemId}",
            ]
            #expect(Set(served.map { Self.fill($0, names) }) == Set(groupEndpoints))
        }
    }
}
