import CampusCalCore
import Foundation
import Hummingbird
import Logging

/// Account administration: list users, change a role, unlock a login, reset a password. Admins only.
enum AdminUserRoutes {
    struct UserPatchBody: StrictJSONBody {
        static let fields: Set<String> = ["role"]
        var role: Role
    }

    struct PasswordResetBody: StrictJSONBody {
        static let fields: Set<String> = ["password"]
        var password: String
    }

    static func register(on routes: RouteTable, accounts: AccountService, limits: BodyLimits) {
        routes.authenticated(.get, "/api/v1/admin/users") { request, context in
            try requireAdmin(context)
            let limit = try PageQuery.limit(request)
            let page = try await accounts.listUsers(after: request.uri.queryParameters["cursor"].map(String.init), limit: limit)
            return try JSONResponse.make(PageRepresentation(items: page.items.map(UserRepresentation.init), nextCursor: page.nextCursor))
        }

        routes.authenticated(.get, "/api/v1/admin/users/{id}") { _, context in
            try requireAdmin(context)
            let user = try await accounts.user(id: try userID(context))
            return try JSONResponse.make(UserRepresentation(user), headers: EntityTag.headers(version: user.version))
        }

        routes.authenticated(.patch, "/api/v1/admin/users/{id}") { request, context in
            try requireAdmin(context)
            let id = try userID(context)
            let expected = try EntityTag.expectedVersion(in: request.headers)
            let body = try await request.decodeStrictJSON(UserPatchBody.self, limits: limits)
            let user = try await accounts.setRole(of: id, to: body.role, expectedVersion: expected)
            return try JSONResponse.make(UserRepresentation(user), headers: EntityTag.headers(version: user.version))
        }

        routes.authenticated(.post, "/api/v1/admin/users/{id}/unlock") { _, context in
            try requireAdmin(context)
            let user = try await accounts.user(id: try userID(context))
            try await accounts.unlock(username: user.username)
            return JSONResponse.noContent()
        }

        routes.authenticated(.post, "/api/v1/admin/users/{id}/password") { request, context in
            try requireAdmin(context)
            let id = try userID(context)
            let body = try await request.decodeStrictJSON(PasswordResetBody.self, limits: limits)
            try await accounts.resetPassword(of: id, to: body.password)
            return JSONResponse.noContent()
        }
    }

    static func requireAdmin(_ context: APIRequestContext) throws {
        if case .forbid(let reason) = AccessPolicy.decideAdministration(try context.requireCaller().user, doing: "Managing accounts") {
            throw AccountError.forbidden(reason)
        }
    }

    static func userID(_ context: APIRequestContext) throws -> UserID {
        UserID(rawValue: try context.parameters.require("id"))
    }
}
