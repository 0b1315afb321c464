import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Invitations and RSVPs over HTTP (SRS 3.2.23): invite users and groups to an event, per-recipient
/// refusals by the invitee's setting, answers the organiser sees, the agenda of accepted events,
/// and notices of invitations, answers, changes and cancellations.
@Suite("Invitations: invite users and groups, answer, see answers, accepted events in the invitee's agenda")
struct InvitationTests {
    func people(_ server: TestServer, _ api: APIClient, _ names: [String]) async throws -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            try await server.createUser(name)
            result[name] = try await api.token(name)
        }
        return result
    }

    /// A calendar with one event (Wednesday 2026-12-02, 15:00–16:00 in Denver) owned by the token's user.
    func event(_ api: APIClient, _ token: String, title: String = "Study session") async throws -> String {
        let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Mine"]).string("id"))
        let created = try await api.request(
            .post, "/api/v1/calendars/\(calendar)/events", token: token,
            json: [
                "title": title, "location": "Library 2",
                "start": ["dateTime": "2026-12-02T15:00:00", "timeZone": "America/Denver"],
                "end": ["dateTime": "2026-12-02T16:00:00", "timeZone": "America/Denver"],
            ])
        #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
        return try #require(created.string("id"))
    }

    func createGroup(_ api: APIClient, owner: String, members: [(String, String)]) async throws -> String {
        let group = try #require(try await api.request(.post, "/api/v1/groups", token: owner, json: ["name": "Study group"]).string("id"))
        for (username, token) in members {
            let invited = try await api.request(.post, "/api/v1/groups/\(group)/invitations", token: owner, json: ["usernames": [username]])
            let invitation = try #require((invited.json["results"] as? [[String: Any]])?.first?["invitationId"] as? String)
            #expect(try await api.request(.post, "/api/v1/group-invitations/\(invitation)/accept", token: token).status == .ok)
        }
        return group
    }

    func outcomes(_ reply: APIClient.Reply) -> [String: String] {
        var result: [String: String] = [:]
        for row in (reply.json["results"] as? [[String: Any]]) ?? [] {
            if let name = row["username"] as? String, let outcome = row["outcome"] as? String { result[name] = outcome }
        }
        return result
    }

    func inboxTitles(_ api: APIClient, _ token: String) async throws -> [String] {
        let items = (try await api.request(.get, "/api/v1/notifications", token: token).json["items"] as? [[String: Any]]) ?? []
        return items.filter { $0["kind"] as? String == "invitation" }.compactMap { $0["title"] as? String }
    }

    func items(_ reply: APIClient.Reply) -> [[String: Any]] { (reply.json["items"] as? [[String: Any]]) ?? [] }

    @Test func inviteByUsernameAndByGroupAndTheEmptyListIsRefused() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "pia", "quinn", "ravi"])
            let olga = people["olga"]!
            let eventID = try await event(api, olga)

            let empty = try await api.request(.post, "/api/v1/invitations", token: olga, json: ["eventId": eventID, "usernames": []])
            #expect(empty.status == .unprocessableContent)
            #expect(empty.issueCodes == ["usernames.empty"])
            #expect((empty.json["errors"] as? [[String: Any]])?.first?["message"] as? String == "You must select at least one user.")

            let sent = try await api.request(
                .post, "/api/v1/invitations", token: olga, json: ["eventId": eventID, "usernames": ["pia", "nobody-here", "olga"]])
            #expect(sent.status == .created, "\(String(decoding: sent.body, as: UTF8.self))")
            #expect(outcomes(sent) == ["pia": "invited", "nobody-here": "unknownUser", "olga": "yourself"])
            let first = try #require((sent.json["invitation"] as? [String: Any])?["id"] as? String)
            #expect(try await inboxTitles(api, people["pia"]!) == ["Invitation: Study session"])

            // A group: its members except the organiser; pia is already invited to this event.
            let group = try await createGroup(api, owner: olga, members: [("pia", people["pia"]!), ("quinn", people["quinn"]!)])
            let byGroup = try await api.request(.post, "/api/v1/invitations", token: olga, json: ["eventId": eventID, "groupIds": [group]])
            #expect(byGroup.status == .created)
            #expect(outcomes(byGroup) == ["pia": "alreadyInvited", "quinn": "invited"])
            let second = try #require((byGroup.json["invitation"] as? [String: Any])?["id"] as? String)
            let seen = try await api.request(.get, "/api/v1/invitations/\(second)", token: olga)
            let invitees = (seen.json["invitees"] as? [[String: Any]]) ?? []
            #expect(invitees.map { $0["username"] as? String } == ["quinn"])
            #expect(invitees.first?["viaGroupId"] as? String == group)

            // A group the organiser is not in is not found, per recipient.
            let strangerGroup = try await createGroup(api, owner: people["ravi"]!, members: [])
            let refused = try await api.request(.post, "/api/v1/invitations", token: olga, json: ["eventId": eventID, "groupIds": [strangerGroup]])
            #expect(refused.status == .ok)
            #expect(refused.json["invitation"] is NSNull)
            #expect((refused.json["results"] as? [[String: Any]])?.first?["outcome"] as? String == "unknownGroup")

            // Not tied to an event: a title is needed.
            #expect(
                try await api.request(.post, "/api/v1/invitations", token: olga, json: ["usernames": ["ravi"]]).issueCodes == ["title.required"])
            let free = try await api.request(
                .post, "/api/v1/invitations", token: olga,
                json: ["title": "Coffee", "message": "After class?", "start": "2026-12-03T10:00:00-07:00", "usernames": ["ravi"]])
            #expect(free.status == .created)
            let coffee = try #require((free.json["invitation"] as? [String: Any])?["id"] as? String)
            let ravisView = try await api.request(.get, "/api/v1/invitations/\(coffee)", token: people["ravi"]!)
            #expect(ravisView.string("title") == "Coffee")
            #expect(ravisView.string("start") == "2026-12-03T17:00:00Z")
            #expect(ravisView.json["event"] is NSNull)

            let sentList = items(try await api.request(.get, "/api/v1/invitations/sent", token: olga))
            #expect(Set(sentList.compactMap { $0["id"] as? String }) == [first, second, coffee])
        }
    }

    @Test func theInviteesSettingRefusesPerRecipient() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "nina", "gwen", "hugo"])
            let olga = people["olga"]!
            let eventID = try await event(api, olga)
            #expect(try await api.request(.get, "/api/v1/me/invitation-settings", token: people["nina"]!).string("allowFrom") == "everyone")
            #expect(
                try await api.request(.patch, "/api/v1/me/invitation-settings", token: people["nina"]!, json: ["allowFrom": "nobody"]).status == .ok)
            for name in ["gwen", "hugo"] {
                let reply = try await api.request(
                    .patch, "/api/v1/me/invitation-settings", token: people[name]!, json: ["allowFrom": "groupMembers"])
                #expect(reply.string("allowFrom") == "groupMembers")
            }
            #expect(
                try await api.request(.patch, "/api/v1/me/invitation-settings", token: olga, json: ["allowFrom": "friends"]).issueCodes == [
                    "allowFrom.invalid"
                ])
            // gwen shares a group with olga (through another owner's group); hugo shares none.
            _ = try await createGroup(api, owner: people["gwen"]!, members: [("olga", olga)])
            let sent = try await api.request(
                .post, "/api/v1/invitations", token: olga, json: ["eventId": eventID, "usernames": ["nina", "gwen", "hugo"]])
            #expect(sent.status == .created)
            #expect(outcomes(sent) == ["nina": "notAllowed", "gwen": "invited", "hugo": "notAllowed"])
            #expect(try await inboxTitles(api, people["nina"]!).isEmpty)
            #expect(items(try await api.request(.get, "/api/v1/invitations", token: people["hugo"]!)).isEmpty)
        }
    }

    @Test func inviteesAnswerAndTheOrganiserSeesTheAnswersWhileStrangersSeeNothing() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "pia", "quinn", "eve"])
            let olga = people["olga"]!
            let pia = people["pia"]!
            let eventID = try await event(api, olga)
            let sent = try await api.request(.post, "/api/v1/invitations", token: olga, json: ["eventId": eventID, "usernames": ["pia", "quinn"]])
            let id = try #require((sent.json["invitation"] as? [String: Any])?["id"] as? String)

            let pending = items(try await api.request(.get, "/api/v1/invitations?status=pending", token: pia))
            #expect(pending.map { $0["id"] as? String } == [id])
            #expect(pending.first?["myResponse"] as? String == "pending")
            #expect(try await api.request(.get, "/api/v1/invitations?status=maybe", token: pia).status == .badRequest)

            let piasView = try await api.request(.get, "/api/v1/invitations/\(id)", token: pia)
            #expect(piasView.json["invitees"] is NSNull)
            let summary = piasView.json["event"] as? [String: Any]
            #expect(summary?["title"] as? String == "Study session")
            #expect(summary?["location"] as? String == "Library 2")
            #expect((summary?["start"] as? [String: Any])?["dateTime"] as? String == "2026-12-02T15:00:00")

            let answered = try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: pia, json: ["response": "tentative"])
            #expect(answered.status == .ok)
            #expect(answered.string("myResponse") == "tentative")
            let changed = try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: pia, json: ["response": "accepted"])
            #expect(changed.string("myResponse") == "accepted")
            #expect(
                try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: pia, json: ["response": "pending"]).issueCodes == [
                    "response.invalid"
                ])
            _ = try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: people["quinn"]!, json: ["response": "declined"])
            #expect(items(try await api.request(.get, "/api/v1/invitations?status=accepted", token: pia)).count == 1)
            #expect(items(try await api.request(.get, "/api/v1/invitations?status=pending", token: pia)).isEmpty)

            let organiser = try await api.request(.get, "/api/v1/invitations/\(id)", token: olga)
            var answers: [String: String] = [:]
            for row in (organiser.json["invitees"] as? [[String: Any]]) ?? [] {
                answers[row["username"] as? String ?? ""] = row["response"] as? String
            }
            #expect(answers == ["pia": "accepted", "quinn": "declined"])
            let olgasInbox = try await inboxTitles(api, olga)
            #expect(olgasInbox.contains { $0.contains("accepted: Study session") })
            #expect(olgasInbox.contains { $0.contains("declined: Study session") })

            // A stranger: the invitation does not exist, nor may they answer it or invite to olga's event.
            let eve = people["eve"]!
            #expect(try await api.request(.get, "/api/v1/invitations/\(id)", token: eve).status == .notFound)
            #expect(try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: eve, json: ["response": "accepted"]).status == .notFound)
            #expect(
                try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: olga, json: ["response": "accepted"]).status == .notFound)
            let hijack = try await api.request(.post, "/api/v1/invitations", token: eve, json: ["eventId": eventID, "usernames": ["pia"]])
            #expect(hijack.status == .notFound)
        }
    }

    @Test func acceptedEventsShowInTheInvitationAgendaAndChangesAndCancellationsReachInvitees() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "pia", "quinn"])
            let olga = people["olga"]!
            let pia = people["pia"]!
            let quinn = people["quinn"]!
            let eventID = try await event(api, olga)
            let sent = try await api.request(.post, "/api/v1/invitations", token: olga, json: ["eventId": eventID, "usernames": ["pia", "quinn"]])
            let id = try #require((sent.json["invitation"] as? [String: Any])?["id"] as? String)

            let window = "/api/v1/invitations/agenda?from=2026-12-01&to=2026-12-08&tz=Europe/Berlin"
            #expect(items(try await api.request(.get, window, token: pia)).isEmpty)
            _ = try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: pia, json: ["response": "accepted"])
            _ = try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: quinn, json: ["response": "declined"])
            let agenda = try await api.request(.get, window, token: pia)
            #expect(agenda.status == .ok)
            #expect(agenda.string("timeZone") == "Europe/Berlin")
            let occurrences = items(agenda)
            #expect(occurrences.map { $0["eventId"] as? String } == [eventID])
            #expect(occurrences.first?["startsAt"] as? String == "2026-12-02T22:00:00Z")
            #expect(items(try await api.request(.get, window, token: quinn)).isEmpty)
            // Outside the window, and in a zone where 2026-12-02 22:00Z is already the next window's day.
            #expect(
                items(try await api.request(.get, "/api/v1/invitations/agenda?from=2026-12-03&to=2026-12-10&tz=Europe/Berlin", token: pia)).isEmpty)
            #expect(
                items(try await api.request(.get, "/api/v1/invitations/agenda?from=2026-12-03&to=2026-12-04&tz=Asia/Tokyo", token: pia)).count == 1)

            // The organiser changes the event: pia (accepted) hears of it, quinn (declined) does not.
            let moved = try await api.request(
                .patch, "/api/v1/events/\(eventID)", token: olga,
                json: [
                    "title": "Study session (moved)", "start": ["dateTime": "2026-12-02T17:00:00", "timeZone": "America/Denver"], "end": NSNull(),
                ])
            #expect(moved.status == .ok, "\(String(decoding: moved.body, as: UTF8.self))")
            #expect(try await inboxTitles(api, pia).contains("Updated: Study session (moved)"))
            #expect(try await !inboxTitles(api, quinn).contains("Updated: Study session (moved)"))
            #expect(items(try await api.request(.get, window, token: pia)).first?["startsAt"] as? String == "2026-12-03T00:00:00Z")

            // Re-importing the calendar with the event changed (its UID kept) tells the invitees too.
            let calendar = try #require(try await api.request(.get, "/api/v1/events/\(eventID)", token: olga).string("calendarId"))
            let exported = try await api.request(.get, "/api/v1/calendars/\(calendar)/export.ics", token: olga)
            let changed = String(decoding: exported.body, as: UTF8.self).replacingOccurrences(
                of: "SUMMARY:Study session (moved)", with: "SUMMARY:Study session (Room 4)")
            let imported = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/import", token: olga, rawBody: changed, headers: [.contentType: "text/calendar"])
            #expect(imported.json["updated"] as? Int == 1, "\(String(decoding: imported.body, as: UTF8.self))")
            #expect(try await inboxTitles(api, pia).contains("Updated: Study session (Room 4)"))

            // The organiser deletes it: the invitation stays, cancelled; everyone invited is told.
            #expect(try await api.request(.delete, "/api/v1/events/\(eventID)", token: olga).status == .noContent)
            #expect(try await inboxTitles(api, pia).contains("Cancelled: Study session (Room 4)"))
            #expect(try await inboxTitles(api, quinn).contains("Cancelled: Study session (Room 4)"))
            let cancelled = try await api.request(.get, "/api/v1/invitations/\(id)", token: pia)
            #expect(cancelled.string("status") == "cancelled")
            #expect(items(try await api.request(.get, window, token: pia)).isEmpty)
            let late = try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: pia, json: ["response": "declined"])
            #expect(late.status == .conflict)
            #expect(late.problemCode == "invitation-cancelled")
        }
    }
}
