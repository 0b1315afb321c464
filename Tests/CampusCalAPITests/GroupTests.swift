import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Groups over HTTP: private groups, invitations, requests to join (three in all), individually
/// granted permissions, handing over and leaving, the empty state, and the notices they send.
@Suite("Groups: private, joined by invitation or accepted request, with permissions granted one by one")
struct GroupTests {
    /// A server with these students, and a token for each.
    func people(_ server: TestServer, _ api: APIClient, _ names: [String]) async throws -> [String: (user: User, token: String)] {
        var result: [String: (user: User, token: String)] = [:]
        for name in names {
            let user = try await server.createUser(name)
            result[name] = (user, try await api.token(name))
        }
        return result
    }

    func createGroup(_ api: APIClient, _ token: String, _ name: String = "CS 235 study group") async throws -> String {
        let reply = try await api.request(.post, "/api/v1/groups", token: token, json: ["name": name])
        #expect(reply.status == .created, "\(String(decoding: reply.body, as: UTF8.self))")
        return try #require(reply.string("id"))
    }

    /// Invites `username` and has them accept; they join with the default permissions.
    func addMember(_ api: APIClient, group: String, owner: String, _ username: String, token: String) async throws {
        let invited = try await api.request(.post, "/api/v1/groups/\(group)/invitations", token: owner, json: ["usernames": [username]])
        let invitation = try #require((invited.json["results"] as? [[String: Any]])?.first?["invitationId"] as? String)
        #expect(try await api.request(.post, "/api/v1/group-invitations/\(invitation)/accept", token: token).status == .ok)
    }

    func inbox(_ api: APIClient, _ token: String) async throws -> [[String: Any]] {
        (try await api.request(.get, "/api/v1/notifications", token: token).json["items"] as? [[String: Any]]) ?? []
    }

    func items(_ reply: APIClient.Reply) -> [[String: Any]] { (reply.json["items"] as? [[String: Any]]) ?? [] }

    @Test func theCreatorOwnsANewGroupWhichSaysNoGroupWorkUntilThereIsSome() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "sven"])
            let olga = people["olga"]!.token
            #expect(try await api.request(.post, "/api/v1/groups", token: olga, json: ["description": "x"]).issueCodes == ["name.required"])
            let long = String(repeating: "n", count: 201)
            #expect(try await api.request(.post, "/api/v1/groups", token: olga, json: ["name": long]).issueCodes == ["name.length"])
            #expect(try await api.request(.post, "/api/v1/groups", token: olga, json: ["name": "  "]).issueCodes == ["name.empty"])
            let id = try await createGroup(api, olga)
            let group = try await api.request(.get, "/api/v1/groups/\(id)", token: olga)
            #expect(group.status == .ok)
            #expect(group.headers[.eTag] == "\"v1\"")
            #expect(group.string("myRole") == "owner")
            #expect(group.string("ownerId") == people["olga"]!.user.id.rawValue)
            #expect(group.json["memberCount"] as? Int == 1)
            #expect((group.json["myPermissions"] as? [String])?.count == GroupPermission.allCases.count)
            #expect(group.string("emptyState") == "No group work!")
            #expect(items(try await api.request(.get, "/api/v1/groups", token: olga)).map { $0["id"] as? String } == [id])
            // Private: a stranger is told it does not exist, and sees no group in their list.
            let sven = people["sven"]!.token
            #expect(try await api.request(.get, "/api/v1/groups/\(id)", token: sven).status == .notFound)
            #expect(items(try await api.request(.get, "/api/v1/groups", token: sven)).isEmpty)
            // Some group work: the empty state goes away.
            #expect(try await api.request(.post, "/api/v1/groups/\(id)/messages", token: olga, json: ["body": "Hi"]).status == .created)
            #expect(try await api.request(.get, "/api/v1/groups/\(id)", token: olga).json["emptyState"] is NSNull)
            // Renaming, with optimistic concurrency.
            let renamed = try await api.request(
                .patch, "/api/v1/groups/\(id)", token: olga, json: ["name": "Algorithms"], headers: [.ifMatch: "\"v1\""])
            #expect(renamed.string("name") == "Algorithms")
            let stale = try await api.request(
                .patch, "/api/v1/groups/\(id)", token: olga, json: ["name": "Again"], headers: [.ifMatch: "\"v1\""])
            #expect(stale.status == .preconditionFailed)
        }
    }

    @Test func invitationsNeedAtLeastOneUserAndAnswerForEachName() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "bea", "cal"])
            let olga = people["olga"]!.token
            let id = try await createGroup(api, olga)
            let empty = try await api.request(.post, "/api/v1/groups/\(id)/invitations", token: olga, json: ["usernames": [String]()])
            #expect(empty.status == .unprocessableContent)
            #expect(empty.issueCodes == ["usernames.empty"])
            #expect(empty.string("detail") == "You must select at least one user.")
            let reply = try await api.request(
                .post, "/api/v1/groups/\(id)/invitations", token: olga, json: ["usernames": ["bea", "nobody", "olga", "BEA", "cal"]])
            #expect(reply.status == .ok)
            let outcomes = ((reply.json["results"] as? [[String: Any]]) ?? []).map { "\($0["username"] ?? "") \($0["outcome"] ?? "")" }
            #expect(outcomes == ["bea invited", "nobody unknownUser", "olga yourself", "cal invited"])
            let again = try await api.request(.post, "/api/v1/groups/\(id)/invitations", token: olga, json: ["usernames": ["bea"]])
            #expect((again.json["results"] as? [[String: Any]])?.first?["outcome"] as? String == "alreadyInvited")

            // The invitee is told, may see the group's page (not its members), and answers.
            let bea = people["bea"]!.token
            let notice = try #require(try await inbox(api, bea).first)
            #expect(notice["kind"] as? String == "invitation")
            #expect((notice["body"] as? String)?.contains("CS 235 study group") == true)
            #expect(try await api.request(.get, "/api/v1/groups/\(id)", token: bea).json["myRole"] is NSNull)
            #expect(try await api.request(.get, "/api/v1/groups/\(id)/members", token: bea).status == .forbidden)
            let mine = items(try await api.request(.get, "/api/v1/group-invitations", token: bea))
            #expect(mine.count == 1)
            let invitation = try #require(mine.first?["id"] as? String)
            #expect(mine.first?["groupName"] as? String == "CS 235 study group")
            // Nobody else can answer it.
            let cal = people["cal"]!.token
            #expect(try await api.request(.post, "/api/v1/group-invitations/\(invitation)/accept", token: cal).status == .notFound)
            let accepted = try await api.request(.post, "/api/v1/group-invitations/\(invitation)/accept", token: bea)
            #expect(accepted.string("status") == "accepted")
            #expect(try await api.request(.post, "/api/v1/group-invitations/\(invitation)/decline", token: bea).problemCode == "already-answered")
            let joined = try await api.request(.get, "/api/v1/groups/\(id)", token: bea)
            #expect(joined.string("myRole") == "member")
            #expect(joined.json["myPermissions"] as? [String] == ["chat"])
            let members = items(try await api.request(.get, "/api/v1/groups/\(id)/members", token: bea))
            #expect(members.map { $0["username"] as? String } == ["olga", "bea"])

            // Declining leaves one outside, and the invitation gone from the list.
            let calInvitation = try #require(items(try await api.request(.get, "/api/v1/group-invitations", token: cal)).first?["id"] as? String)
            #expect(try await api.request(.post, "/api/v1/group-invitations/\(calInvitation)/decline", token: cal).string("status") == "declined")
            #expect(items(try await api.request(.get, "/api/v1/group-invitations", token: cal)).isEmpty)
            #expect(try await api.request(.get, "/api/v1/groups/\(id)", token: cal).status == .notFound)
        }
    }

    @Test func aUserMayAskToJoinThreeTimesInAll() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "cal", "dee"])
            let olga = people["olga"]!.token
            let cal = people["cal"]!.token
            let id = try await createGroup(api, olga)
            #expect(try await api.request(.post, "/api/v1/groups/\(UUID())/join-requests", token: cal).status == .notFound)
            #expect(try await api.request(.post, "/api/v1/groups/\(id)/join-requests", token: olga).problemCode == "already-member")
            for attempt in 1...3 {
                server.clock.advance(by: 1)  // notices made at one instant list in no particular order
                let asked = try await api.request(.post, "/api/v1/groups/\(id)/join-requests", token: cal)
                #expect(asked.status == .created, "attempt \(attempt)")
                #expect(try await api.request(.post, "/api/v1/groups/\(id)/join-requests", token: cal).problemCode == "join-request-pending")
                // The requester now knows the group: its page, nothing more.
                #expect(try await api.request(.get, "/api/v1/groups/\(id)", token: cal).status == .ok)
                #expect(try await api.request(.get, "/api/v1/groups/\(id)/messages", token: cal).status == .forbidden)
                let open = items(try await api.request(.get, "/api/v1/groups/\(id)/join-requests", token: olga))
                #expect(open.map { $0["username"] as? String } == ["cal"])
                let request = try #require(open.first?["id"] as? String)
                let rejected = try await api.request(.post, "/api/v1/groups/\(id)/join-requests/\(request)/reject", token: olga)
                #expect(rejected.string("status") == "rejected")
                let told = try #require(try await inbox(api, cal).first)
                #expect(told["kind"] as? String == "invitation")
                let left = 3 - attempt
                #expect(
                    (told["body"] as? String)?.hasSuffix(
                        left == 0 ? "You may not ask again." : "You may ask again \(left) more time\(left == 1 ? "" : "s").")
                        == true)
            }
            let fourth = try await api.request(.post, "/api/v1/groups/\(id)/join-requests", token: cal)
            #expect(fourth.status == .conflict)
            #expect(fourth.problemCode == "join-request-limit")
            #expect(
                fourth.string("detail")
                    == "You have asked to join this group 3 times, the most allowed (3); ask a member to invite you instead.")
            // Owners are told of requests; accepting one makes the requester a member, who is told too.
            let dee = people["dee"]!.token
            let request = try #require(try await api.request(.post, "/api/v1/groups/\(id)/join-requests", token: dee).string("id"))
            #expect(try await inbox(api, olga).contains { ($0["title"] as? String) == "Request to join CS 235 study group" })
            #expect(try await api.request(.post, "/api/v1/groups/\(id)/join-requests/\(request)/accept", token: olga).string("status") == "accepted")
            #expect(
                try await api.request(.post, "/api/v1/groups/\(id)/join-requests/\(request)/reject", token: olga).problemCode == "already-decided")
            #expect(try await inbox(api, dee).first?["title"] as? String == "Welcome to CS 235 study group")
            #expect(try await api.request(.get, "/api/v1/groups/\(id)", token: dee).string("myRole") == "member")
        }
    }

    @Test func eachPermissionIsGrantedAndWithheldIndividually() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "bea", "cal", "eve"])
            let olga = people["olga"]!.token
            let bea = people["bea"]!.token
            let cal = people["cal"]!.token
            let id = try await createGroup(api, olga)
            try await addMember(api, group: id, owner: olga, "bea", token: bea)
            try await addMember(api, group: id, owner: olga, "cal", token: cal)
            let beaID = people["bea"]!.user.id.rawValue
            let calID = people["cal"]!.user.id.rawValue
            let base = "/api/v1/groups/\(id)"
            let announcement: [String: Any] = ["title": "Exam moved", "body": "It is on Friday now."]
            let link: [String: Any] = ["title": "Notes", "url": "https://notes.example.edu/cs235"]

            // A new member may chat, and nothing more.
            #expect(try await api.request(.post, "\(base)/messages", token: bea, json: ["body": "Hello"]).status == .created)
            for (path, body) in [
                ("announcements", announcement), ("links", link), ("invitations", ["usernames": ["eve"]] as [String: Any]),
            ] {
                let refused = try await api.request(.post, "\(base)/\(path)", token: bea, json: body)
                #expect(refused.status == .forbidden, "\(path)")
                #expect(refused.string("detail")?.contains("the owner has not given you") == true)
            }
            #expect(try await api.request(.get, "\(base)/join-requests", token: bea).status == .forbidden)
            #expect(try await api.request(.patch, "\(base)/members/\(calID)", token: bea, json: ["permissions": ["chat"]]).status == .forbidden)
            let ownerID = people["olga"]!.user.id.rawValue
            #expect(try await api.request(.patch, "\(base)/members/\(ownerID)", token: bea, json: ["permissions": []]).status == .forbidden)

            // The owner grants announcements and withdraws chat; bea is told.
            server.clock.advance(by: 1)
            let granted = try await api.request(.patch, "\(base)/members/\(beaID)", token: olga, json: ["permissions": ["postAnnouncements"]])
            #expect(granted.json["permissions"] as? [String] == ["postAnnouncements"])
            let notice = try #require(try await inbox(api, bea).first)
            #expect(notice["kind"] as? String == "share")
            #expect((notice["body"] as? String)?.hasSuffix("Your permissions now: postAnnouncements.") == true)
            #expect(try await api.request(.post, "\(base)/messages", token: bea, json: ["body": "Hello"]).status == .forbidden)
            server.clock.advance(by: 1)
            let posted = try await api.request(.post, "\(base)/announcements", token: bea, json: announcement)
            #expect(posted.status == .created)
            // Every other member is told of an announcement; its author is not.
            #expect(try await inbox(api, olga).first?["title"] as? String == "CS 235 study group: Exam moved")
            #expect(try await inbox(api, cal).first?["kind"] as? String == "announcement")
            #expect(try await inbox(api, bea).allSatisfy { $0["kind"] as? String != "announcement" })
            // Only the author, or someone who may post announcements, deletes one.
            let announcementID = try #require(posted.string("id"))
            #expect(try await api.request(.delete, "\(base)/announcements/\(announcementID)", token: cal).status == .forbidden)
            #expect(try await api.request(.delete, "\(base)/announcements/\(announcementID)", token: bea).status == .noContent)
            #expect(try await api.request(.delete, "\(base)/announcements/\(announcementID)", token: bea).status == .notFound)

            // Links, and accepting members.
            _ = try await api.request(.patch, "\(base)/members/\(beaID)", token: olga, json: ["permissions": ["manageLinks", "acceptMembers"]])
            let added = try await api.request(.post, "\(base)/links", token: bea, json: link)
            #expect(added.status == .created)
            #expect(added.string("url") == "https://notes.example.edu/cs235")
            let invited = try await api.request(.post, "\(base)/invitations", token: bea, json: ["usernames": ["eve"]])
            #expect((invited.json["results"] as? [[String: Any]])?.first?["outcome"] as? String == "invited")
            #expect(try await api.request(.get, "\(base)/join-requests", token: bea).status == .ok)
            let olgaLink = try #require(try await api.request(.post, "\(base)/links", token: olga, json: link).string("id"))
            #expect(try await api.request(.delete, "\(base)/links/\(olgaLink)", token: cal).status == .forbidden)
            #expect(try await api.request(.delete, "\(base)/links/\(olgaLink)", token: bea).status == .noContent)

            // Granting permissions: only those one holds oneself; never the owner's.
            #expect(
                try await api.request(.patch, "\(base)/members/\(calID)", token: bea, json: ["permissions": ["manageLinks"]]).status == .forbidden)
            _ = try await api.request(
                .patch, "\(base)/members/\(beaID)", token: olga, json: ["permissions": ["grantPermissions", "manageLinks", "chat"]])
            let passedOn = try await api.request(.patch, "\(base)/members/\(calID)", token: bea, json: ["permissions": ["chat", "manageLinks"]])
            #expect(passedOn.json["permissions"] as? [String] == ["chat", "manageLinks"])
            let beyond = try await api.request(.patch, "\(base)/members/\(calID)", token: bea, json: ["permissions": ["chat", "acceptMembers"]])
            #expect(beyond.status == .forbidden)
            #expect(beyond.string("detail")?.contains("you do not hold 'acceptMembers'") == true)
            #expect(
                try await api.request(.patch, "\(base)/members/\(ownerID)", token: olga, json: ["permissions": []]).problemCode == "owner-permissions"
            )
            let unknown = try await api.request(.patch, "\(base)/members/\(calID)", token: olga, json: ["permissions": ["sing"]])
            #expect(unknown.issueCodes == ["permissions.unknown"])
            #expect(try await api.request(.patch, "\(base)/members/\(UUID())", token: olga, json: ["permissions": []]).status == .notFound)
        }
    }

    @Test func theOwnerHandsTheGroupOverBeforeLeavingAndAloneRemovesMembers() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "bea", "cal", "eve"])
            let olga = people["olga"]!.token
            let bea = people["bea"]!.token
            let cal = people["cal"]!.token
            let id = try await createGroup(api, olga)
            try await addMember(api, group: id, owner: olga, "bea", token: bea)
            try await addMember(api, group: id, owner: olga, "cal", token: cal)
            let base = "/api/v1/groups/\(id)"
            let leaving = try await api.request(.post, "\(base)/leave", token: olga)
            #expect(leaving.status == .conflict)
            #expect(leaving.problemCode == "owner-cannot-leave")
            #expect(leaving.string("detail")?.contains("hand it to another member") == true)
            let stranger = people["eve"]!.user.id.rawValue
            #expect(try await api.request(.post, "\(base)/transfer", token: olga, json: ["userId": stranger]).issueCodes == ["userId.not-member"])
            #expect(
                try await api.request(.post, "\(base)/transfer", token: bea, json: ["userId": people["cal"]!.user.id.rawValue]).status == .forbidden)
            let beaID = people["bea"]!.user.id.rawValue
            server.clock.advance(by: 1)
            let handed = try await api.request(.post, "\(base)/transfer", token: olga, json: ["userId": beaID])
            #expect(handed.status == .ok)
            #expect(handed.string("ownerId") == beaID)
            #expect(handed.string("myRole") == "member")
            #expect((handed.json["myPermissions"] as? [String])?.count == GroupPermission.allCases.count)
            #expect(try await inbox(api, bea).first?["title"] as? String == "You now own CS 235 study group")
            // The new owner removes a member; members cannot, and nobody removes the owner.
            let calID = people["cal"]!.user.id.rawValue
            #expect(try await api.request(.delete, "\(base)/members/\(calID)", token: olga).status == .forbidden)
            #expect(try await api.request(.delete, "\(base)/members/\(beaID)", token: bea).problemCode == "owner-cannot-be-removed")
            server.clock.advance(by: 1)
            #expect(try await api.request(.delete, "\(base)/members/\(calID)", token: bea).status == .noContent)
            #expect(try await inbox(api, cal).first?["title"] as? String == "Removed from CS 235 study group")
            #expect(try await api.request(.get, base, token: cal).status == .notFound)
            // The old owner may leave now, and then no longer sees the group.
            #expect(try await api.request(.post, "\(base)/leave", token: olga).status == .noContent)
            #expect(try await api.request(.get, base, token: olga).status == .notFound)
            #expect(try await api.request(.get, base, token: bea).json["memberCount"] as? Int == 1)
        }
    }

    @Test func deletingAGroupDeletesEverythingInItAndTellsTheMembers() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "bea"])
            let olga = people["olga"]!.token
            let bea = people["bea"]!.token
            let id = try await createGroup(api, olga)
            try await addMember(api, group: id, owner: olga, "bea", token: bea)
            _ = try await api.request(.post, "/api/v1/groups/\(id)/messages", token: bea, json: ["body": "Hi"])
            #expect(try await api.request(.delete, "/api/v1/groups/\(id)", token: bea).status == .forbidden)
            #expect(try await api.request(.delete, "/api/v1/groups/\(id)", token: olga, headers: [.ifMatch: "\"v7\""]).status == .preconditionFailed)
            server.clock.advance(by: 1)
            #expect(try await api.request(.delete, "/api/v1/groups/\(id)", token: olga).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/groups/\(id)", token: olga).status == .notFound)
            #expect(try await api.request(.get, "/api/v1/groups/\(id)/messages", token: bea).status == .notFound)
            #expect(try await inbox(api, bea).first?["title"] as? String == "Group deleted: CS 235 study group")
            let leftovers = try await server.services.database.pool.read { db in
                try Int.fetchOne(
                    db, sql: "SELECT (SELECT COUNT(*) FROM groupPost) + (SELECT COUNT(*) FROM groupMember) + (SELECT COUNT(*) FROM groupInvitation)")
            }
            #expect(leftovers == 0)
        }
    }

    @Test func chatPagesNewestFirstAndLinksMustBeWebAddresses() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga"])
            let olga = people["olga"]!.token
            let id = try await createGroup(api, olga)
            let base = "/api/v1/groups/\(id)"
            for number in 1...5 {
                #expect(try await api.request(.post, "\(base)/messages", token: olga, json: ["body": "message \(number)"]).status == .created)
            }
            var bodies: [String] = []
            var path = "\(base)/messages?limit=2"
            var pages = 0
            while true {
                let page = try await api.request(.get, path, token: olga)
                #expect(page.status == .ok)
                bodies += items(page).compactMap { $0["body"] as? String }
                pages += 1
                guard let next = page.string("nextCursor") else { break }
                path = "\(base)/messages?limit=2&cursor=\(next)"
            }
            #expect(bodies == ["message 5", "message 4", "message 3", "message 2", "message 1"])
            #expect(pages == 3)
            #expect(try await api.request(.get, "\(base)/messages?cursor=abc", token: olga).status == .badRequest)
            let long = String(repeating: "x", count: 4001)
            #expect(try await api.request(.post, "\(base)/messages", token: olga, json: ["body": long]).issueCodes == ["body.length"])
            #expect(try await api.request(.post, "\(base)/messages", token: olga, json: ["body": " "]).issueCodes == ["body.required"])
            #expect(try await api.request(.post, "\(base)/messages", token: olga, json: ["text": "hi"]).problemCode == "unknown-field")
            for url in ["ftp://files.example.edu/x", "javascript:alert(1)", "notes"] {
                let refused = try await api.request(.post, "\(base)/links", token: olga, json: ["title": "Notes", "url": url])
                #expect(refused.issueCodes == ["url.invalid"], "\(url)")
            }
            #expect(try await api.request(.post, "\(base)/links", token: olga, json: ["url": "https://x.edu"]).issueCodes == ["title.required"])
            #expect(try await api.request(.post, "\(base)/announcements", token: olga, json: ["title": "T"]).issueCodes == ["body.required"])
        }
    }
}
