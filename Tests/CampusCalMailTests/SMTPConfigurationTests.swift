import CampusCalCore
import CampusCalMail
import Testing

@Suite("SMTP settings are checked before anything is sent")
struct SMTPConfigurationTests {
    static func configurationError(_ configuration: SMTPConfiguration) -> String? {
        do {
            _ = try SMTPMailer(configuration: configuration)
            return nil
        } catch {
            guard case .configuration(let message) = error else { return "wrong kind: \(error)" }
            return message
        }
    }

    @Test func validSettingsAreAccepted() {
        #expect(Self.configurationError(SMTPConfiguration(url: "smtp://relay.campus.edu:25", security: .none)) == nil)
        #expect(
            Self.configurationError(SMTPConfiguration(url: "smtp://relay.campus.edu:587", security: .startTLS, heloName: "cal.campus.edu")) == nil)
        #expect(Self.configurationError(SMTPConfiguration(url: "smtps://relay.campus.edu:465", security: .tls)) == nil)
    }

    @Test func schemeAndSecurityMustAgree() throws {
        let smtpsWithStartTLS = try #require(Self.configurationError(SMTPConfiguration(url: "smtps://relay:465", security: .startTLS)))
        #expect(smtpsWithStartTLS.contains("'tls'"))
        let smtpWithTLS = try #require(Self.configurationError(SMTPConfiguration(url: "smtp://relay:587", security: .tls)))
        #expect(smtpWithTLS.contains("smtps://"))
        #expect(Self.configurationError(SMTPConfiguration(url: "http://relay", security: .none)) != nil)
        #expect(Self.configurationError(SMTPConfiguration(url: "relay.campus.edu", security: .none)) != nil)
    }

    @Test func credentialsBelongInTheirOwnSettings() {
        #expect(Self.configurationError(SMTPConfiguration(url: "smtp://user:pw@relay", security: .none)) != nil)
        #expect(Self.configurationError(SMTPConfiguration(url: "smtp://relay", security: .none, password: "pw")) != nil)
    }

    @Test func aMissingCAFileIsReportedByName() throws {
        let message = try #require(
            Self.configurationError(SMTPConfiguration(url: "smtp://relay", security: .startTLS, caFile: "/nonexistent/ca.pem")))
        #expect(message.contains("/nonexistent/ca.pem"))
    }

    @Test func thePasswordIsNeverInTheDescription() {
        let configuration = SMTPConfiguration(url: "smtp://relay", security: .startTLS, username: "cal", password: "hunter2")
        #expect(!"\(configuration)".contains("hunter2"))
        #expect(!String(reflecting: configuration).contains("hunter2"))
    }
}
