import CampusCalCore
import Foundation
import Hummingbird

/// Confirming the addresses notices go to, and resetting a forgotten password (issue #25: SRS
/// 4.2.36.1, review L2).
enum AccountRecoveryRoutes {
    struct AddressJSON: Encodable {
        var channel: String
        var address: String?
        var confirmed: Bool
        /// When the code just sent stops working (only in the answer that sent one).
        var codeExpiresAt: Date?

        init(_ status: AddressStatus, codeExpiresAt: Date? = nil) {
            channel = status.channel.rawValue
            address = status.address
            confirmed = status.confirmed
            self.codeExpiresAt = codeExpiresAt
        }

        private enum CodingKeys: String, CodingKey { case channel, address, confirmed, codeExpiresAt }

        /// `address` is always there, `null` when there is none (the schema requires it).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(channel, forKey: .channel)
            try container.encode(address, forKey: .address)
            try container.encode(confirmed, forKey: .confirmed)
            try container.encodeIfPresent(codeExpiresAt, forKey: .codeExpiresAt)
        }
    }

    struct AddressesJSON: Encodable {
        var addresses: [AddressJSON]
    }

    struct ConfirmBody: StrictJSONBody {
        static let fields: Set<String> = ["code"]
        var code: String
    }

    struct ResetRequestBody: StrictJSONBody {
        static let fields: Set<String> = ["username"]
        var username: String
    }

    struct ResetCompleteBody: StrictJSONBody {
        static let fields: Set<String> = ["token", "newPassword"]
        var token: String
        var newPassword: String
    }

    struct ResetAccepted: Encodable {
        var detail: String
    }

    static func register(on routes: RouteTable, recovery: AccountRecovery, limits: BodyLimits) {
        routes.authenticated(.get, "/api/v1/me/addresses") { _, context in
            let statuses = try await recovery.addresses(of: try context.requireCaller().user.id)
            return try JSONResponse.make(AddressesJSON(addresses: statuses.map { AddressJSON($0) }))
        }

        routes.authenticated(.post, "/api/v1/me/addresses/{channel}/confirmation") { _, context in
            let caller = try context.requireCaller().user
            guard let channel = DeliveryChannel(rawValue: try context.parameters.require("channel")) else {
                throw Problem.notFound("There are two addresses to confirm: 'email' (your profile's) and 'text' (your notification settings').")
            }
            let sent = try await recovery.requestConfirmation(of: channel, for: caller.id)
            return try JSONResponse.make(
                AddressJSON(sent.status, codeExpiresAt: sent.expiresAt), status: sent.expiresAt == nil ? .ok : .accepted)
        }

        routes.authenticated(.post, "/api/v1/me/addresses/confirm") { request, context in
            let body = try await request.decodeStrictJSON(ConfirmBody.self, limits: limits)
            let statuses = try await recovery.confirm(code: body.code, for: try context.requireCaller().user.id)
            return try JSONResponse.make(AddressesJSON(addresses: statuses.map { AddressJSON($0) }))
        }

        routes.open(.post, "/api/v1/auth/password-reset") { request, context in
            let body = try await request.decodeStrictJSON(ResetRequestBody.self, limits: limits)
            try await recovery.requestPasswordReset(typed: body.username, from: LoginSource(address: context.remoteIP))
            // The same words whatever happened (no account enumeration).
            return try JSONResponse.make(
                ResetAccepted(
                    detail:
                        "If this account has a password of its own and a confirmed email or text address, a reset code is on its way; it works once, within \(Int(recovery.policy.resetLifetime / 60)) minutes. A campus account's password is changed on the campus password page."
                ), status: .accepted)
        }

        routes.open(.post, "/api/v1/auth/password-reset/complete") { request, _ in
            let body = try await request.decodeStrictJSON(ResetCompleteBody.self, limits: limits)
            try await recovery.completePasswordReset(token: body.token, newPassword: body.newPassword)
            return JSONResponse.noContent()
        }
    }
}
