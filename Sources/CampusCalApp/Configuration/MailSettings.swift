import CampusCalCore
import CampusCalMail
import Foundation

extension CampusCalConfiguration {
    /// The SMTP settings of `[mail]`, or nil when `mail.url` is empty (nothing is sent by email or
    /// text; notices still reach inboxes and open apps). Throws a `ConfigurationError` naming the
    /// key when the settings cannot work, so a bad mail setup stops the server at start-up.
    func mailSettings() throws -> (smtp: SMTPConfiguration, from: MailAddress)? {
        guard !mailURL.isEmpty else { return nil }
        guard let from = Self.parseAddress(mailFrom) else {
            throw ConfigurationError(description: "mail.from: '\(mailFrom)' is not an address such as \"CampusCal <calendar@campus.edu>\".")
        }
        var password = mailPassword.isEmpty ? nil : mailPassword
        if !mailPasswordFile.isEmpty {
            guard let text = try? String(contentsOfFile: mailPasswordFile, encoding: .utf8) else {
                throw ConfigurationError(description: "mail.password_file: cannot read '\(mailPasswordFile)'.")
            }
            // Editors add a final newline; a password never ends in one.
            password = text.trimmingCharacters(in: .newlines)
        }
        let security: SMTPConfiguration.Security =
            switch mailSecurity {
            case "tls": .tls
            case "none": .none
            default: .startTLS
            }
        let smtp = SMTPConfiguration(
            url: mailURL, security: security, username: mailUsername.isEmpty ? nil : mailUsername, password: password,
            caFile: mailCAFile.isEmpty ? nil : mailCAFile, verifyPeer: mailVerifyPeer, connectTimeout: .seconds(min(10, mailTimeoutSeconds)),
            timeout: .seconds(mailTimeoutSeconds))
        return (smtp, from)
    }

    /// `Name <address>` or a bare `address`.
    static func parseAddress(_ text: String) -> MailAddress? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") else { return MailAddress(trimmed) }
        let name = trimmed[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        return MailAddress(String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]), name: name)
    }
}
