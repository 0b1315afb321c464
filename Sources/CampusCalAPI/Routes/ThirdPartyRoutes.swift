import CampusCalCore
import CampusCalICalendar
import CampusCalPrivacy
import Foundation
import Hummingbird

/// Releases to third parties, made by administrators through the privacy gate: the de-identified
/// view and aggregates. Every release is in the disclosure log before the response leaves.
enum ThirdPartyRoutes {
    struct ReleaseBody: StrictJSONBody {
        static let fields: Set<String> = [
            "recipientId", "recipient", "purpose", "categories", "from", "to", "dates", "stripTimeZones", "recordCodes",
        ]
        var recipientId: String
        var recipient: String?
        var purpose: String
        var categories: [String]
        var from: String?
        var to: String?
        /// `exact`, `day` (default) or `week`.
        var dates: String?
        /// Default true.
        var stripTimeZones: Bool?
        /// Default false: records without codes (issue #27).
        var recordCodes: Bool?

        private enum CodingKeys: String, CodingKey { case recipientId, recipient, purpose, categories, from, to, dates, stripTimeZones, recordCodes }

        /// Optional fields may be absent, not `null` (as the API document says).
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            recipientId = try container.decode(String.self, forKey: .recipientId)
            recipient = try container.decodeUnlessAbsent(String.self, forKey: .recipient)
            purpose = try container.decode(String.self, forKey: .purpose)
            categories = try container.decode([String].self, forKey: .categories)
            from = try container.decodeUnlessAbsent(String.self, forKey: .from)
            to = try container.decodeUnlessAbsent(String.self, forKey: .to)
            dates = try container.decodeUnlessAbsent(String.self, forKey: .dates)
            stripTimeZones = try container.decodeUnlessAbsent(Bool.self, forKey: .stripTimeZones)
            recordCodes = try container.decodeUnlessAbsent(Bool.self, forKey: .recordCodes)
        }
    }

    struct WorkloadBody: StrictJSONBody {
        static let fields: Set<String> = ["recipientId", "recipient", "purpose", "from", "to", "minimumCellSize"]
        var recipientId: String
        var recipient: String?
        var purpose: String
        var from: String
        var to: String
        /// Raise the minimum cell size for this release (it cannot go below the server's).
        var minimumCellSize: Int?

        private enum CodingKeys: String, CodingKey { case recipientId, recipient, purpose, from, to, minimumCellSize }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            recipientId = try container.decode(String.self, forKey: .recipientId)
            recipient = try container.decodeUnlessAbsent(String.self, forKey: .recipient)
            purpose = try container.decode(String.self, forKey: .purpose)
            from = try container.decode(String.self, forKey: .from)
            to = try container.decode(String.self, forKey: .to)
            minimumCellSize = try container.decodeUnlessAbsent(Int.self, forKey: .minimumCellSize)
        }
    }

    static func register(on routes: RouteTable, gate: PrivacyGate, limits: BodyLimits) {
        routes.authenticated(.post, "/api/v1/admin/privacy/releases") { request, context in
            let caller = try requireAdmin(context)
            let body = try await request.decodeStrictJSON(ReleaseBody.self, limits: limits)
            let categories = try DataCategory.parse(body.categories).get()
            guard let dates = DateGranularity(rawValue: body.dates ?? "day") else {
                throw ValidationError([
                    ValidationIssue(field: "dates", code: "dates.invalid", message: "dates must be exact, day or week.")
                ])
            }
            let release = try await gate.release(
                ReleaseRequest(
                    recipientID: body.recipientId, recipient: body.recipient ?? body.recipientId, purpose: body.purpose,
                    categories: categories, from: try instant(body.from, field: "from"), to: try instant(body.to, field: "to"),
                    dates: dates, stripTimeZones: body.stripTimeZones ?? true, recordCodes: body.recordCodes ?? false, requestedBy: caller.id))
            return try StreamedRelease.response(release)
        }

        routes.authenticated(.post, "/api/v1/admin/privacy/aggregates/workload") { request, context in
            let caller = try requireAdmin(context)
            let body = try await request.decodeStrictJSON(WorkloadBody.self, limits: limits)
            guard let from = try instant(body.from, field: "from"), let to = try instant(body.to, field: "to") else {
                throw ValidationError([ValidationIssue(field: "from", code: "window.required", message: "from and to are required.")])
            }
            let aggregate = try await gate.workload(
                recipientID: body.recipientId, recipient: body.recipient ?? body.recipientId, purpose: body.purpose, from: from, to: to,
                minimumCellSize: body.minimumCellSize, requestedBy: caller.id)
            return try JSONResponse.make(aggregate)
        }
    }

    static func requireAdmin(_ context: APIRequestContext) throws -> User {
        let caller = try context.requireCaller().user
        if case .forbid(let reason) = AccessPolicy.decideAdministration(caller, doing: "Releasing data to third parties") {
            throw PrivacyError.forbidden(reason)
        }
        return caller
    }

    static func instant(_ text: String?, field: String) throws -> Date? {
        guard let text else { return nil }
        guard let date = RFC3339.date(from: text) else {
            throw ValidationError([
                ValidationIssue(
                    field: field, code: "\(field).invalid", message: "\(field) must be an RFC 3339 date-time, e.g. 2026-09-01T00:00:00Z.")
            ])
        }
        return date
    }
}
