import CampusCalApp
import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Issue #25: addresses proved before notices use them (review L2), mail per person bounded, and
/// self-service password reset (SRS 4.2.36.1) — through a real SMTP listener (aiosmtpd on
/// 127.0.0.1), reading the codes out of the messages that arrived, as a person would.
@Suite("Address confirmation and password reset through a real SMTP listener", .serialized)
struct AccountRecoveryTests {
    func withServer(
        mailPerPersonPerHour: Int? = nil, lockoutThreshold: Int? = nil,
        _ body: @Sendable (TestServer, APIClient, SMTPSink) async throws -> Void
    ) async throws {
        try await SMTPSink.with { sink in
            let server = try TestServer { configuration in
                configuration.mailURL = "smtp://127.0.0.1:\(sink.port)"
                configuration.mailSecurity = "none"
                configuration.mailFrom = "CampusCal <calendar@campus.example>"
                if let mailPerPersonPerHour { configuration.mailMaxMessagesPerPersonPerHour = mailPerPersonPerHour }
                if let lockoutThreshold { configuration.lockoutThreshold = lockoutThreshold }
            }
            try await server.run { api in try await body(server, api, sink) }
        }
    }

    static func reminderTask(_ title: String) -> [String: Any] {
        ["title": title, "priority": "high", "due": ["date": "2026-10-10"], "reminders": [["at": "2026-09-22T00:00:00Z"]]]
    }

    /// Review L2: eve points her email and text at someone else and asks for reminders of 20
    /// tasks. The victim's inbox gets one message each, the codes, which say to ignore them; no
    /// reminder is mailed, and eve cannot have more codes sent than the hourly allowance.
    @Test func reviewL2AnUnconfirmedAddressReceivesItsCodeAndNothingElse() async throws {
        try await withServer { server, api, sink in
            _ = try await api.register("eve")
            let eve = try await api.token("eve")
            #expect(try await api.request(.patch, "/api/v1/me", token: eve, json: ["email": "victim@campus.example"]).status == .ok)
            let settings = try await api.request(
                .patch, "/api/v1/me/notification-settings", token: eve,
                json: ["email": true, "text": true, "textAddress": "2085550199@vtext.example"])
            #expect(settings.status == .ok)
            for index in 0..<20 { _ = try await api.request(.post, "/api/v1/tasks", token: eve, json: Self.reminderTask("Spam \(index)")) }
            server.clock.advance(by: 86_400)
            #expect(try await server.services.notifications.fireDue().count == 20)
            #expect(try await server.services.notifications.notices.outboxDepth() == 0)
            _ = try await #require(server.services.mailer).sendDue()

            _ = try await sink.confirmationCode(to: "victim@campus.example")
            _ = try await sink.confirmationCode(to: "2085550199@vtext.example")
            let arrived = try sink.messages()
            #expect(arrived.count == 2)
            #expect(arrived.allSatisfy(SMTPSink.isConfirmationCode))
            let email = try #require(arrived.first { $0.rcptTos == ["victim@campus.example"] })
            #expect(email.body.contains("If you did not ask for this, ignore this message"))
            #expect(try #require(arrived.first { $0.rcptTos == ["2085550199@vtext.example"] }).body.count <= 160)

            // A day passed: her session ended.
            let eveAgain = try await api.token("eve")
            let addresses = try await api.request(.get, "/api/v1/me/addresses", token: eveAgain)
            let listed = try #require(addresses.json["addresses"] as? [[String: Any]])
            #expect(listed.count == 2)
            #expect(listed.allSatisfy { $0["confirmed"] as? Bool == false })
            // Guessing does not confirm; asking again works three times within the hour, then 429.
            let guess = try await api.request(.post, "/api/v1/me/addresses/confirm", token: eveAgain, json: ["code": "AAAAA-BBBBB"])
            #expect(guess.status == .unprocessableContent)
            #expect(guess.problemCode == "invalid-code")
            for _ in 0..<3 {
                #expect(try await api.request(.post, "/api/v1/me/addresses/email/confirmation", token: eveAgain).status == .accepted)
            }
            let more = try await api.request(.post, "/api/v1/me/addresses/email/confirmation", token: eveAgain)
            #expect(more.status == .tooManyRequests)
            #expect(more.problemCode == "too-many-codes")
            #expect(more.headers[.retryAfter] != nil)
            #expect(try await api.request(.post, "/api/v1/me/addresses/fax/confirmation", token: eveAgain).status == .notFound)
        }
    }

    /// A code confirms only the address it was sent to, for the person it was sent for.
    @Test func aCodeConfirmsOnlyItsOwnersCurrentAddress() async throws {
        try await withServer { server, api, sink in
            _ = try await api.register("mia", extra: ["email": "mia@campus.example"])
            _ = try await api.register("olga")
            let mia = try await api.token("mia")
            let olga = try await api.token("olga")
            let code = try await sink.confirmationCode(to: "mia@campus.example")
            // Someone else's code is not yours.
            #expect(try await api.request(.post, "/api/v1/me/addresses/confirm", token: olga, json: ["code": code]).problemCode == "invalid-code")
            // Spent by that attempt: mia asks for a new one, then changes her address before typing it.
            #expect(try await api.request(.post, "/api/v1/me/addresses/email/confirmation", token: mia).status == .accepted)
            let second = try await sink.confirmationCode(to: "mia@campus.example", other: code)
            #expect(second != code)
            #expect(try await api.request(.patch, "/api/v1/me", token: mia, json: ["email": "mia.ruiz@campus.example"]).status == .ok)
            let stale = try await api.request(.post, "/api/v1/me/addresses/confirm", token: mia, json: ["code": second.lowercased()])
            #expect(stale.problemCode == "invalid-code")
            // The new address's code, typed in lower case with spaces, confirms it.
            let third = try await sink.confirmationCode(to: "mia.ruiz@campus.example")
            let confirmed = try await api.request(
                .post, "/api/v1/me/addresses/confirm", token: mia, json: ["code": " " + third.lowercased().replacingOccurrences(of: "-", with: " ")])
            #expect(confirmed.status == .ok)
            let email = (confirmed.json["addresses"] as? [[String: Any]])?.first { $0["channel"] as? String == "email" }
            #expect(email?["address"] as? String == "mia.ruiz@campus.example")
            #expect(email?["confirmed"] as? Bool == true)
            // Already confirmed: asking again sends nothing.
            let again = try await api.request(.post, "/api/v1/me/addresses/email/confirmation", token: mia)
            #expect(again.status == .ok)
            #expect(again.json["confirmed"] as? Bool == true)
            _ = server
        }
    }

    /// Review L2: a person's reminders are mailed at most `mail.max_messages_per_person_per_hour`
    /// an hour; the rest still reach the inbox.
    @Test func reviewL2MailToOnePersonIsBoundedPerHour() async throws {
        try await withServer(mailPerPersonPerHour: 5) { server, api, sink in
            _ = try await api.register("mia", extra: ["email": "mia@campus.example"])
            let mia = try await api.token("mia")
            _ = try await api.request(.patch, "/api/v1/me/notification-settings", token: mia, json: ["email": true])
            try await sink.confirmAddress("mia@campus.example", api: api, token: mia)
            for index in 0..<12 { _ = try await api.request(.post, "/api/v1/tasks", token: mia, json: Self.reminderTask("Quiz \(index)")) }
            server.clock.advance(by: 86_400)
            #expect(try await server.services.notifications.fireDue().count == 12)
            #expect(try await server.services.notifications.notices.outboxDepth() == 5)
            let inbox = try await api.request(.get, "/api/v1/notifications", token: try await api.token("mia"))
            #expect(inbox.json["unreadCount"] as? Int == 12)
        }
    }

    /// SRS 4.2.36.1: a person who forgot their password gets a single-use code at their confirmed
    /// address. The answer never tells whether the account exists; a used or expired code does
    /// nothing; the reset ends every session, lifts the lock and tells the owner.
    @Test func aForgottenPasswordIsResetWithASingleUseCodeSentToAConfirmedAddress() async throws {
        try await withServer(lockoutThreshold: 3) { server, api, sink in
            _ = try await api.register("mia", extra: ["email": "mia@campus.example"])
            _ = try await api.register("ned", extra: ["email": "ned@campus.example"])
            let mia = try await api.token("mia")
            try await sink.confirmAddress("mia@campus.example", api: api, token: mia)
            // mia locks herself out.
            for attempt in 1...3 { _ = try await api.login("mia", password: "Wrong-pass\(attempt)") }
            #expect(try await api.login("mia").problemCode == "account-locked")

            // One answer for her, for an account without a confirmed address, and for nobody.
            var answers: [String] = []
            for name in ["mia", "ned", "nobody"] {
                let reply = try await api.request(.post, "/api/v1/auth/password-reset", json: ["username": name])
                #expect(reply.status == .accepted)
                answers.append(String(decoding: reply.body, as: UTF8.self))
            }
            #expect(Set(answers).count == 1)
            let token = try await sink.resetToken(to: "mia@campus.example")
            try await Task.sleep(for: .milliseconds(300))
            #expect(try sink.messages().filter { !SMTPSink.isConfirmationCode($0) }.map(\.rcptTos) == [["mia@campus.example"]])

            // A password the policy refuses leaves the code usable.
            let weak = try await api.request(.post, "/api/v1/auth/password-reset/complete", json: ["token": token, "newPassword": "short"])
            #expect(weak.status == .unprocessableContent)
            let reset = try await api.request(.post, "/api/v1/auth/password-reset/complete", json: ["token": token, "newPassword": "New-passw0rd"])
            #expect(reset.status == .noContent)
            let reused = try await api.request(
                .post, "/api/v1/auth/password-reset/complete", json: ["token": token, "newPassword": "Other-passw0rd"])
            #expect(reused.problemCode == "invalid-reset-token")

            // Signed out everywhere; the lock is lifted; the new password works and the old one does not.
            #expect(try await api.request(.get, "/api/v1/me", token: mia).status == .unauthorized)
            #expect(try await api.login("mia").status == .unauthorized)
            let fresh = try await api.token("mia", password: "New-passw0rd")
            let inbox = try await api.request(.get, "/api/v1/notifications", token: fresh)
            #expect(String(decoding: inbox.body, as: UTF8.self).contains("Your password was reset"))

            // A code that waited past its half hour does nothing.
            #expect(try await api.request(.post, "/api/v1/auth/password-reset", json: ["username": "mia"]).status == .accepted)
            let late = try await sink.resetToken(to: "mia@campus.example", other: token)
            server.clock.advance(by: 31 * 60)
            let expired = try await api.request(
                .post, "/api/v1/auth/password-reset/complete", json: ["token": late, "newPassword": "Later-passw0rd"])
            #expect(expired.problemCode == "invalid-reset-token")
            #expect(try await api.login("mia", password: "New-passw0rd").status == .ok)
        }
    }

    /// Without mail the server says so when asked for a code; the reset answer stays the same.
    @Test func withoutMailCodesAreRefusedPlainly() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("mia", extra: ["email": "mia@campus.example"])
            let mia = try await api.token("mia")
            let refused = try await api.request(.post, "/api/v1/me/addresses/email/confirmation", token: mia)
            #expect(refused.status == .forbidden)
            #expect(refused.problemCode == "mail-not-configured")
            #expect(try await api.request(.post, "/api/v1/me/addresses/text/confirmation", token: mia).problemCode == "no-address")
            #expect(try await api.request(.post, "/api/v1/auth/password-reset", json: ["username": "mia"]).status == .accepted)
        }
    }
}
