import CampusCalCore
import CampusCalTestSupport
import Foundation
import Synchronization
import Testing

/// Consent (FERPA §99.30) and the disclosure log (§99.32): agreements from `config/agreements/`,
/// agreeing to the version read, withdrawing, and the gate refusing a release without consent.
@Suite("Consent: agreements, agree and withdraw, no disclosure without consent, the disclosure log")
struct ConsentTests {
    @Test func agreeingAndWithdrawingThroughTheAPI() async throws {
        let server = try TestServer()
        try await server.createUser("sam")
        try await server.run { api in
            let sam = try await api.token("sam")
            let listed = try await api.request(.get, "/api/v1/agreements", token: sam)
            let ilearn = try #require((listed.json["items"] as? [[String: Any]])?.first { $0["id"] as? String == "ilearn-sync" })
            #expect(ilearn["status"] as? String == "pending" && ilearn["version"] as? Int == 1)
            #expect((ilearn["categories"] as? [String]) == ["identity", "events", "tasks", "grades", "courses"])
            #expect((ilearn["text"] as? String)?.contains("withdraw this agreement at any time") == true)
            let pending = try await api.request(.get, "/api/v1/me/agreements/pending", token: sam)
            #expect((pending.json["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["ilearn-sync"])

            // Only the text shown (the current version) can be agreed to.
            let stale = try await api.request(.post, "/api/v1/me/consents", token: sam, json: ["agreementId": "ilearn-sync", "version": 0])
            #expect(stale.status == .conflict && stale.problemCode == "agreement-changed")
            let unknown = try await api.request(.post, "/api/v1/me/consents", token: sam, json: ["agreementId": "nope", "version": 1])
            #expect(unknown.status == .notFound)
            let agreed = try await api.request(.post, "/api/v1/me/consents", token: sam, json: ["agreementId": "ilearn-sync", "version": 1])
            #expect(agreed.status == .created)
            let consentID = try #require(agreed.string("id"))
            #expect(agreed.string("recipient") == "I-Learn (D2L Brightspace) sync" && agreed.json["withdrawnAt"] is NSNull)
            // Agreeing again changes nothing.
            let again = try await api.request(.post, "/api/v1/me/consents", token: sam, json: ["agreementId": "ilearn-sync", "version": 1])
            #expect(again.string("id") == consentID)
            let now = try await api.request(.get, "/api/v1/agreements/ilearn-sync", token: sam)
            #expect(now.string("status") == "agreed" && now.string("consentId") == consentID)
            #expect(
                ((try await api.request(.get, "/api/v1/me/agreements/pending", token: sam)).json["items"] as? [Any])?.isEmpty == true)

            let withdrawn = try await api.request(.post, "/api/v1/me/consents/\(consentID)/withdraw", token: sam)
            #expect(withdrawn.status == .ok && withdrawn.string("withdrawnAt") != nil)
            let twice = try await api.request(.post, "/api/v1/me/consents/\(consentID)/withdraw", token: sam)
            #expect(twice.string("withdrawnAt") == withdrawn.string("withdrawnAt"))
            #expect((try await api.request(.get, "/api/v1/agreements/ilearn-sync", token: sam)).string("status") == "pending")
            let mine = try await api.request(.get, "/api/v1/me/consents", token: sam)
            #expect((mine.json["items"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test func noDisclosureWithoutCurrentConsentAndEveryOneLogged() async throws {
        let server = try TestServer()
        let sam = try await server.createUser("sam")
        let other = try await server.createUser("other")
        let admin = try await server.createUser("root", role: .admin)
        let gate = server.services.privacyGate
        let categories: Set<DataCategory> = [.identity, .tasks]
        let released = Counter()
        @Sendable func sync(_ user: UserID) async throws -> Int {
            try await gate.discloseWithConsent(of: user, to: "ilearn-sync", categories: categories) {
                released.add()
                return (released.value, 7)
            }
        }
        // Declining (never agreeing) shares nothing and logs nothing.
        await #expect(throws: PrivacyError.self) { try await sync(sam.id) }
        #expect(released.value == 0)
        // Categories beyond the agreement are refused even with consent.
        _ = try await server.services.consents.agree(sam, to: "ilearn-sync", version: 1)
        await #expect(throws: PrivacyError.self) {
            try await gate.discloseWithConsent(of: sam.id, to: "ilearn-sync", categories: [.groups]) { ((), 1) }
        }
        #expect(try await sync(sam.id) == 1)
        #expect(try await sync(sam.id) == 2)
        // Withdrawal stops the very next one.
        let consent = try #require(try await server.services.consents.consents(of: sam).first)
        _ = try await server.services.consents.withdraw(consent.id, for: sam)
        do {
            _ = try await sync(sam.id)
            Issue.record("disclosed after withdrawal")
        } catch let error as PrivacyError {
            guard case .consentRequired(let agreement) = error else { throw error }
            #expect(agreement.id == "ilearn-sync")
        }
        #expect(released.value == 2)

        try await server.run { api in
            let token = try await api.token("sam")
            let log = try await api.request(.get, "/api/v1/me/disclosures", token: token)
            let entries = (log.json["items"] as? [[String: Any]]) ?? []
            #expect(entries.count == 2)
            #expect(entries.allSatisfy { $0["recordCount"] as? Int == 7 && $0["basis"] as? String == "consent" })
            #expect(entries.allSatisfy { $0["consentId"] as? String == consent.id.rawValue && $0["userId"] as? String == sam.id.rawValue })
            // Nobody reads another's log but administrators.
            let otherLog = try await api.request(.get, "/api/v1/me/disclosures", token: try await api.token("other"))
            #expect((otherLog.json["items"] as? [Any])?.isEmpty == true)
            let forbidden = try await api.request(.get, "/api/v1/admin/disclosures", token: token)
            #expect(forbidden.status == .forbidden)
            let all = try await api.request(.get, "/api/v1/admin/disclosures?userId=\(sam.id)&limit=1", token: try await api.token("root"))
            #expect((all.json["items"] as? [Any])?.count == 1 && all.string("nextCursor") != nil)
            let rest = try await api.request(
                .get, "/api/v1/admin/disclosures?userId=\(sam.id)&limit=1&cursor=\(all.string("nextCursor")!)", token: try await api.token("root"))
            #expect((rest.json["items"] as? [Any])?.count == 1 && rest.json["nextCursor"] is NSNull)
            _ = other
            _ = admin
        }
    }

    @Test func agreementFilesAreCheckedAtStartUp() throws {
        let directory = TemporaryDirectory()
        try "id = \"Bad Id\"\nversion = 0\nrecipient = \"\"\npurpose = \"x\"\ncategories = [\"events\", \"nonsense\"]\ntext = \"t\"\n"
            .write(toFile: directory.file("bad.toml"), atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) {
            _ = try TestServer(configure: { $0.agreementsDirectory = directory.path })
        }
        let empty = TemporaryDirectory()
        let server = try TestServer(configure: { $0.agreementsDirectory = empty.file("missing") })
        #expect(server.services.consents.agreements.isEmpty)
    }
}

/// A count shared with a `@Sendable` closure.
final class Counter: Sendable {
    private let storage = Mutex(0)
    func add() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}
