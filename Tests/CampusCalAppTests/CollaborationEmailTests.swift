import CampusCalApp
import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Share, share-change and invitation notices by email through a real SMTP server (aiosmtpd on
/// 127.0.0.1): HTTP request → notice → outbox → SMTPMailer (libcurl) → the listener.
@Suite("Share and invitation notices by email through a real SMTP listener")
struct CollaborationEmailTests {
    @Test func sharesChangesAndInvitationsArriveByEmail() async throws {
        try await SMTPSink.with { sink in
            let server = try TestServer { configuration in
                configuration.mailURL = "smtp://127.0.0.1:\(sink.port)"
                configuration.mailSecurity = "none"
                configuration.mailFrom = "CampusCal <calendar@campus.example>"
            }
            try await server.run { api in
                _ = try await api.register("olga", extra: ["displayName": "Olga Berg"])
                _ = try await api.register("mia", extra: ["email": "mia@campus.example", "displayName": "Mia Ruiz"])
                let olga = try await api.token("olga")
                let mia = try await api.token("mia")
                #expect(try await api.request(.patch, "/api/v1/me/notification-settings", token: mia, json: ["email": true]).status == .ok)
                try await sink.confirmAddress("mia@campus.example", api: api, token: mia)

                let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: olga, json: ["name": "Chem 101"]).string("id"))
                let shared = try await api.request(
                    .post, "/api/v1/calendar-shares", token: olga, json: ["calendarIds": [calendar], "usernames": ["mia"], "level": "read"])
                #expect(shared.status == .ok)
                let changed = try await api.request(
                    .post, "/api/v1/calendar-shares", token: olga, json: ["calendarIds": [calendar], "usernames": ["mia"], "level": "write"])
                #expect(changed.status == .ok)
                let event = try #require(
                    try await api.request(
                        .post, "/api/v1/calendars/\(calendar)/events", token: olga,
                        json: ["title": "Lab review", "start": ["dateTime": "2026-12-02T15:00:00", "timeZone": "America/Denver"]]
                    ).string("id"))
                #expect(
                    try await api.request(.post, "/api/v1/invitations", token: olga, json: ["eventId": event, "usernames": ["mia"]]).status
                        == .created)
                // The server's own mail service sends them within a second; a round here may beat it to them.
                _ = try await #require(server.services.mailer).sendDue()

                let mails = try await sink.waitForMessages(count: 4).filter { !SMTPSink.isConfirmationCode($0) }
                #expect(mails.allSatisfy { $0.rcptTos == ["mia@campus.example"] && $0.defects.isEmpty })
                #expect(
                    Set(mails.map(\.subject)) == ["Shared with you: Chem 101", "Sharing changed: Chem 101", "Invitation: Lab review"])
                let share = try #require(mails.first { $0.subject == "Shared with you: Chem 101" })
                #expect(share.body.contains("Olga Berg shared the calendar 'Chem 101' with you (read): you see its events."))
            }
        }
    }
}
