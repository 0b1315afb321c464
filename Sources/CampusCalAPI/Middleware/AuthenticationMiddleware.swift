import CampusCalCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Requires `Authorization: Bearer <token>` and puts the authenticated caller into the context.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let accounts: AccountService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.caller = try await accounts.authenticate(token: Self.bearerToken(in: request.headers))
        context.logger[metadataKey: "user"] = "\(context.caller!.user.id)"
        return try await next(request, context)
    }

    /// The token of an `Authorization: Bearer …` header (scheme case-insensitive), or nil.
    static func bearerToken(in headers: HTTPFields) -> String? {
        guard let value = headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}
