import CampusCalCore
import Foundation
import Hummingbird

/// `/api/v1/me/app-passwords`: the caller's per-device passwords for CalDAV clients (issue #29).
/// The secret is in the answer that creates one, and nowhere else, ever.
enum AppPasswordRoutes {
    struct AppPasswordJSON: Encodable {
        var id: String
        var name: String
        var createdAt: Date
        var lastUsedAt: Date?
        /// Only in the answer that created it.
        var password: String?

        init(_ appPassword: AppPassword, password: String? = nil) {
            id = appPassword.id
            name = appPassword.name
            createdAt = appPassword.createdAt
            lastUsedAt = appPassword.lastUsedAt
            self.password = password
        }

        private enum CodingKeys: String, CodingKey { case id, name, createdAt, lastUsedAt, password }

        /// `lastUsedAt` is always there, `null` until a device used it (the schema requires it).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(lastUsedAt, forKey: .lastUsedAt)
            try container.encodeIfPresent(password, forKey: .password)
        }
    }

    struct AppPasswordsJSON: Encodable {
        var appPasswords: [AppPasswordJSON]
    }

    struct CreateBody: StrictJSONBody {
        static let fields: Set<String> = ["name"]
        var name: String
    }

    static func register(on routes: RouteTable, appPasswords: AppPasswordService, limits: BodyLimits) {
        routes.authenticated(.post, "/api/v1/me/app-passwords") { request, context in
            let body = try await request.decodeStrictJSON(CreateBody.self, limits: limits)
            let issued = try await appPasswords.create(for: try context.requireCaller().user, name: body.name)
            return try JSONResponse.make(AppPasswordJSON(issued.appPassword, password: issued.secret), status: .created)
        }

        routes.authenticated(.get, "/api/v1/me/app-passwords") { _, context in
            let list = try await appPasswords.list(for: try context.requireCaller().user)
            return try JSONResponse.make(AppPasswordsJSON(appPasswords: list.map { AppPasswordJSON($0) }))
        }

        routes.authenticated(.delete, "/api/v1/me/app-passwords/{id}") { _, context in
            try await appPasswords.revoke(try context.parameters.require("id"), for: try context.requireCaller().user)
            return JSONResponse.noContent()
        }
    }
}
