import CampusCalApp
import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Reminders by email and text through a real SMTP server (aiosmtpd on 127.0.0.1), end to end:
/// task → scheduler → outbox → SMTPMailer (libcurl) → the listener, which parses what arrived.
@Suite("Reminder email through a real SMTP listener")
struct ReminderEmailTests {
    func makeServer(smtpPort: Int) throws -> TestServer {
        try TestServer { configuration in
            configuration.mailURL = "smtp://127.0.0.1:\(smtpPort)"
            configuration.mailSecurity = "none"
            configuration.mailFrom = "CampusCal <calendar@campus.example>"
            configuration.publicURL = "https://calendar.campus.example"
        }
    }

    @Test func aReminderArrivesByEmailAndTextWithItsHeadersAndBody() async throws {
        try await SMTPSink.with { sink in
            let server = try makeServer(smtpPort: sink.port)
            try await server.run { api in
                _ = try await api.register("mia", extra: ["timeZone": "America/Denver", "email": "mia@campus.example", "displayName": "Mia Ruiz"])
                let token = try await api.token("mia")
                _ = try await api.request(
                    .patch, "/api/v1/me/notification-settings", token: token,
                    json: ["email": true, "text": true, "textAddress": "2085550100@vtext.example"])
                // Registering with an email, and setting a text address, each sent a code; typed back, both are confirmed.
                try await sink.confirmAddress("mia@campus.example", api: api, token: token)
                try await sink.confirmAddress("2085550100@vtext.example", api: api, token: token)
                let created = try await api.request(
                    .post, "/api/v1/tasks", token: token,
                    json: [
                        "title": "Essay draft — “Ethics”", "course": "PHIL 201", "priority": "high",
                        "due": ["dateTime": "2026-09-23T09:00:00", "timeZone": "America/Denver"], "reminders": [["minutesBefore": 60]],
                    ])
                #expect(created.status == .created)
                server.clock.advance(by: 2 * 86_400)
                // The server's own scheduler may fire it first (this call then returns nothing); the
                // two messages below show it fired once.
                _ = try await server.services.notifications.fireDue()
                // The server's own mail service sends them within a second; a round here may beat it to them.
                _ = try await #require(server.services.mailer).sendDue()

                let mails = try await sink.waitForMessages(count: 4).filter { !SMTPSink.isConfirmationCode($0) }
                let email = try #require(mails.first { $0.rcptTos == ["mia@campus.example"] })
                #expect(email.mailFrom == "calendar@campus.example")
                #expect(email.subject == "Reminder: Essay draft — “Ethics”")
                #expect(email.headers["From"] == "CampusCal <calendar@campus.example>")
                #expect(email.headers["To"] == "mia@campus.example")
                #expect(email.headers["Auto-Submitted"] == "auto-generated")
                #expect(email.headers["Message-ID"]?.hasSuffix("-email@campus.example>") == true)
                #expect(email.headers["Date"]?.isEmpty == false)
                #expect(email.contentType == "text/plain")
                #expect(email.charset == "utf-8")
                #expect(email.defects.isEmpty)
                #expect(email.body.contains("Essay draft — “Ethics” (PHIL 201) is due Wednesday, September 23 at 9:00 AM."))
                #expect(email.body.contains("Open CampusCal: https://calendar.campus.example"))
                let text = try #require(mails.first { $0.rcptTos == ["2085550100@vtext.example"] })
                #expect(text.body.hasPrefix("Essay draft — “Ethics”: Essay draft"))
                #expect(text.body.count <= 160)
                // Sent means gone from the outbox: another round sends nothing.
                #expect(try await server.services.mailer?.sendDue().sent == 0)
            }
        }
    }

    @Test func anUnreachableMailServerIsRetriedWithBackOffAndNothingIsLost() async throws {
        // A port nothing listens on: connection refused, a temporary failure.
        let closedPort = try await SMTPSink.with { $0.port }
        let server = try makeServer(smtpPort: closedPort)
        let user = try await server.createUser("ned")
        var profile = user
        profile.email = "ned@campus.example"
        _ = try await server.services.accounts.users.update(profile, expectedVersion: user.version)
        try await server.confirmAddresses(of: "ned")
        var preferences = NotificationPreferences()
        preferences.email = true
        try await server.services.notifications.setPreferences(preferences, for: user)
        _ = try await server.services.notifications.notify(user.id, kind: .announcement, title: "Maintenance tonight", body: "Down 22:00-23:00.")
        let mailer = try #require(server.services.mailer)
        let first = try await mailer.sendDue()
        #expect(first.retrying == 1)
        #expect(first.lastError?.hasPrefix("temporary mail failure") == true)
        // Not before the back-off ends (1 minute), then again.
        #expect(try await mailer.sendDue() == NoticeMailer.Round())
        server.clock.advance(by: 61)
        #expect(try await mailer.sendDue().retrying == 1)
        #expect(try await server.services.notifications.notices.outboxDepth() == 1)
        // A day late is too late for a notice: it is dropped, not sent.
        server.clock.advance(by: 86_400)
        #expect(try await mailer.sendDue().failed == 1)
        #expect(try await server.services.notifications.notices.outboxDepth() == 0)
    }

    @Test func aBadMailSetupStopsTheServerWithTheKeyNamed() throws {
        #expect(throws: ConfigurationError.self) {
            _ = try TestServer {
                $0.mailURL = "smtp://127.0.0.1:25"
                $0.mailFrom = "not an address"
            }
        }
    }
}
