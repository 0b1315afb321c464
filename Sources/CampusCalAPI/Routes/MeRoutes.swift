import CampusCalCore
import Foundation
import Hummingbird
import Logging

/// The caller's own account: read and change the profile, change the password.
enum MeRoutes {
    /// A JSON merge patch of the profile: absent keys stay, `null` clears `email` or `phone` (and is
    /// refused for `displayName` and `timeZone`, which cannot be cleared).
    struct ProfilePatchBody: StrictJSONBody {
        static let fields: Set<String> = ["displayName", "email", "phone", "timeZone"]
        var changes: ProfileChanges

        private enum CodingKeys: String, CodingKey { case displayName, email, phone, timeZone }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func change(_ key: CodingKeys) throws -> FieldChange<String> {
                guard container.contains(key) else { return .unchanged }
                return try container.decodeNil(forKey: key) ? .clear : .set(container.decode(String.self, forKey: key))
            }
            changes = ProfileChanges(
                displayName: try container.decodeUnlessAbsent(String.self, forKey: .displayName),
                email: try change(.email), phone: try change(.phone),
                timeZone: try container.decodeUnlessAbsent(String.self, forKey: .timeZone))
        }
    }

    struct PasswordChangeBody: StrictJSONBody {
        static let fields: Set<String> = ["currentPassword", "newPassword"]
        var currentPassword: String
        var newPassword: String
    }

    static func register(
        on routes: RouteTable, accounts: AccountService, tasks: TaskService, events: EventService, limits: BodyLimits, recovery: AccountRecovery?
    ) {
        routes.authenticated(.get, "/api/v1/me") { _, context in
            let user = try context.requireCaller().user
            return try JSONResponse.make(UserRepresentation(user), headers: EntityTag.headers(version: user.version))
        }

        routes.authenticated(.patch, "/api/v1/me") { request, context in
            let caller = try context.requireCaller()
            let expected = try EntityTag.expectedVersion(in: request.headers)
            let body = try await request.decodeStrictJSON(ProfilePatchBody.self, limits: limits)
            let user = try await accounts.updateProfile(of: caller, changes: body.changes, expectedVersion: expected)
            if user.timeZone != caller.user.timeZone {
                // Reminders counted in whole days, and all-day items, fall at other instants in the new zone.
                try await tasks.replanAllReminders(for: user, onlyDefaults: false)
                try await events.replanAllReminders(for: user)
            }
            if let email = user.email, email != caller.user.email {
                // A new address gets its code at once (review L2); the person may ask again
                // (POST /api/v1/me/addresses/email/confirmation) if it does not arrive.
                _ = try? await recovery?.requestConfirmation(of: .email, for: user.id)
            }
            return try JSONResponse.make(UserRepresentation(user), headers: EntityTag.headers(version: user.version))
        }

        routes.authenticated(.post, "/api/v1/me/password") { request, context in
            let body = try await request.decodeStrictJSON(PasswordChangeBody.self, limits: limits)
            try await accounts.changePassword(of: try context.requireCaller(), current: body.currentPassword, new: body.newPassword)
            return JSONResponse.noContent()
        }
    }
}
