import CampusCalCore
import Foundation
import Hummingbird

/// Disclosure agreements, consents and the disclosure log (FERPA §99.30, §99.32).
enum ConsentRoutes {
    struct AgreeBody: StrictJSONBody {
        static let fields: Set<String> = ["agreementId", "version"]
        var agreementId: String
        /// The version the person read: agreeing to a text they were not shown is refused.
        var version: Int
    }

    struct Agreements: Encodable { var items: [AgreementRepresentation] }
    struct Consents: Encodable { var items: [ConsentRepresentation] }

    static func register(on routes: RouteTable, privacy: PrivacyDependencies, limits: BodyLimits) {
        let consents = privacy.consents

        routes.authenticated(.get, "/api/v1/agreements") { _, context in
            let mine = try await consents.consents(of: try context.requireCaller().user)
            return try JSONResponse.make(Agreements(items: consents.agreements.map { AgreementRepresentation($0, consents: mine) }))
        }

        routes.authenticated(.get, "/api/v1/agreements/{id}") { _, context in
            let agreement = try consents.agreement(try context.parameters.require("id"))
            let mine = try await consents.consents(of: try context.requireCaller().user)
            return try JSONResponse.make(AgreementRepresentation(agreement, consents: mine))
        }

        routes.authenticated(.get, "/api/v1/me/agreements/pending") { _, context in
            let caller = try context.requireCaller().user
            let pending = try await consents.pending(for: caller)
            return try JSONResponse.make(Agreements(items: pending.map { AgreementRepresentation($0, consents: []) }))
        }

        routes.authenticated(.get, "/api/v1/me/consents") { _, context in
            let mine = try await consents.consents(of: try context.requireCaller().user)
            return try JSONResponse.make(Consents(items: mine.map(ConsentRepresentation.init)))
        }

        routes.authenticated(.post, "/api/v1/me/consents") { request, context in
            let body = try await request.decodeStrictJSON(AgreeBody.self, limits: limits)
            let consent = try await consents.agree(try context.requireCaller().user, to: body.agreementId, version: body.version)
            return try JSONResponse.make(ConsentRepresentation(consent), status: .created)
        }

        routes.authenticated(.post, "/api/v1/me/consents/{id}/withdraw") { _, context in
            let id = ConsentID(rawValue: try context.parameters.require("id"))
            let consent = try await consents.withdraw(id, for: try context.requireCaller().user)
            return try JSONResponse.make(ConsentRepresentation(consent))
        }

        routes.authenticated(.get, "/api/v1/me/disclosures") { request, context in
            let page = try await privacy.disclosures.entries(
                of: try context.requireCaller().user, after: request.uri.queryParameters["cursor"].map(String.init),
                limit: try PageQuery.limit(request))
            return try JSONResponse.make(PageRepresentation(items: page.items.map(DisclosureRepresentation.init), nextCursor: page.nextCursor))
        }

        routes.authenticated(.get, "/api/v1/admin/disclosures") { request, context in
            let page = try await privacy.disclosures.allEntries(
                for: try context.requireCaller().user, of: request.uri.queryParameters["userId"].map { UserID(rawValue: String($0)) },
                after: request.uri.queryParameters["cursor"].map(String.init), limit: try PageQuery.limit(request))
            return try JSONResponse.make(PageRepresentation(items: page.items.map(DisclosureRepresentation.init), nextCursor: page.nextCursor))
        }
    }
}
