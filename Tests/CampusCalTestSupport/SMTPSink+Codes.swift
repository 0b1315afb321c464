import Foundation

extension SMTPSink {
    /// Whether a received message is an address-confirmation code (email or text), not a notice.
    public static func isConfirmationCode(_ mail: ReceivedMail) -> Bool {
        mail.subject == "Your CampusCal confirmation code" || mail.body.hasPrefix("CampusCal code:")
    }

    /// The code (`ABCDE-FGHJK`) in the latest confirmation message to `address`, waiting up to
    /// `seconds` for one (other than `other`, a code read before).
    public func confirmationCode(to address: String, other: String? = nil, seconds: Double = 10) async throws -> String {
        try await latestCode(to: address, other: other, seconds: seconds, where: Self.isConfirmationCode, pattern: "[A-Z2-9]{5}-[A-Z2-9]{5}")
    }

    /// The token in the latest password-reset message to `address`, waiting up to `seconds` for
    /// one (other than `other`, a token read before).
    public func resetToken(to address: String, other: String? = nil, seconds: Double = 10) async throws -> String {
        try await latestCode(
            to: address, other: other, seconds: seconds,
            where: { $0.subject == "Reset your CampusCal password" || $0.body.hasPrefix("CampusCal password reset code") },
            pattern: "(?<=\\s)[A-Za-z0-9_-]{40,}(?=\\s)")
    }

    private func latestCode(to address: String, other: String?, seconds: Double, where matches: (ReceivedMail) -> Bool, pattern: String) async throws
        -> String
    {
        let deadline = Date().addingTimeInterval(seconds)
        let expression = try NSRegularExpression(pattern: pattern)
        while true {
            if let mail = try messages().last(where: { $0.rcptTos == [address] && matches($0) }) {
                let body = mail.body as NSString
                if let found = expression.firstMatch(in: mail.body, range: NSRange(location: 0, length: body.length)),
                    body.substring(with: found.range) != other
                {
                    return body.substring(with: found.range)
                }
            }
            if Date() > deadline { throw SinkError(description: "no code arrived for \(address) within \(seconds) s") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Types back the code last sent to `address`, as its owner would (review L2).
    public func confirmAddress(_ address: String, api: APIClient, token: String) async throws {
        let code = try await confirmationCode(to: address)
        let reply = try await api.request(.post, "/api/v1/me/addresses/confirm", token: token, json: ["code": code])
        guard reply.status == .ok else {
            throw SinkError(description: "confirming \(address) answered \(reply.status): \(String(decoding: reply.body, as: UTF8.self))")
        }
    }

    struct SinkError: Error, CustomStringConvertible {
        var description: String
    }
}
