import CampusCalCore
import Foundation
import Hummingbird
import Logging

/// Registration, login and logout of local accounts.
enum AuthRoutes {
    struct RegisterBody: StrictJSONBody {
        static let fields: Set<String> = ["username", "password", "displayName", "email", "phone", "timeZone"]
        var username: String
        var password: String
        var displayName: String?
        var email: String?
        var phone: String?
        var timeZone: String?

        private enum CodingKeys: String, CodingKey { case username, password, displayName, email, phone, timeZone }

        /// The optional fields may be left out but not sent as `null`.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            username = try container.decode(String.self, forKey: .username)
            password = try container.decode(String.self, forKey: .password)
            displayName = try container.decodeUnlessAbsent(String.self, forKey: .displayName)
            email = try container.decodeUnlessAbsent(String.self, forKey: .email)
            phone = try container.decodeUnlessAbsent(String.self, forKey: .phone)
            timeZone = try container.decodeUnlessAbsent(String.self, forKey: .timeZone)
        }
    }

    struct LoginBody: StrictJSONBody {
        static let fields: Set<String> = ["username", "password"]
        var username: String
        var password: String
    }

    struct LoginRepresentation: Encodable {
        var token: String
        var tokenType = "Bearer"
        /// The absolute end of the session.
        var expiresAt: Date
        /// When the session ends if it is not used again; each use pushes this back.
        var idleExpiresAt: Date
        var idleTimeoutSeconds: Int
        var user: UserRepresentation
    }

    static func register(
        on routes: RouteTable, accounts: AccountService, limits: BodyLimits, singleSignOn: SingleSignOn? = nil, recovery: AccountRecovery? = nil
    ) {
        routes.open(.post, "/api/v1/auth/register") { request, _ in
            let body = try await request.decodeStrictJSON(RegisterBody.self, limits: limits)
            let user = try await accounts.selfRegister(
                Registration(
                    username: body.username, password: body.password, displayName: body.displayName, email: body.email,
                    phone: body.phone, timeZone: body.timeZone))
            if user.email != nil {
                // Notices are mailed only once the address is confirmed (review L2): its code goes now.
                _ = try? await recovery?.requestConfirmation(of: .email, for: user.id)
            }
            var headers = EntityTag.headers(version: user.version)
            headers[.location] = "/api/v1/me"
            return try JSONResponse.make(UserRepresentation(user), status: .created, headers: headers)
        }

        routes.open(.post, "/api/v1/auth/login") { request, context in
            let body = try await request.decodeStrictJSON(LoginBody.self, limits: limits)
            let result: LoginResult
            do {
                // The peer address as the socket saw it; X-Forwarded-For is the client's to write.
                result = try await accounts.login(username: body.username, password: body.password, from: LoginSource(address: context.remoteIP))
            } catch AccountError.directoryUnavailable(let reason) {
                // The person is told only that the directory is unreachable; operators need to know why.
                context.logger.warning("campus directory unreachable", metadata: ["reason": "\(reason)"])
                throw AccountError.directoryUnavailable(reason)
            }
            context.logger.info("login", metadata: ["user": "\(result.user.id)"])
            return try JSONResponse.make(
                LoginRepresentation(
                    token: result.token, expiresAt: result.session.expiresAt, idleExpiresAt: result.idleDeadline,
                    idleTimeoutSeconds: Int(accounts.sessionPolicy.idleTimeout), user: UserRepresentation(result.user)))
        }

        // Campus single sign-on (Shibboleth, CAS, mod_auth_openidc…): the front protects this path and
        // names the person in a header; a session token is issued as for a password login.
        routes.open(.post, "/api/v1/auth/sso") { request, context in
            guard let singleSignOn else {
                throw Problem(
                    .notFound, code: "sso-not-configured", title: "Not configured",
                    detail: "Single sign-on is not configured on this server; log in with a username and password.")
            }
            let asserted = try singleSignOn.assertedUser(request.headers, from: context.remoteIP)
            let result = try await accounts.singleSignOn(assertedName: asserted)
            context.logger.info("login", metadata: ["user": "\(result.user.id)", "via": "sso"])
            return try JSONResponse.make(
                LoginRepresentation(
                    token: result.token, expiresAt: result.session.expiresAt, idleExpiresAt: result.idleDeadline,
                    idleTimeoutSeconds: Int(accounts.sessionPolicy.idleTimeout), user: UserRepresentation(result.user)))
        }

        routes.authenticated(.post, "/api/v1/auth/logout") { _, context in
            try await accounts.logout(try context.requireCaller())
            return JSONResponse.noContent()
        }
    }
}
