import CampusCalCore
import Foundation
import HTTPTypes
import Logging

/// An RFC 9457 problem detail: every error the API returns has this shape and
/// `Content-Type: application/problem+json`.
public struct Problem: Error, Sendable, Encodable {
    /// A stable identifier of the kind of problem, e.g. `validation-failed`. Clients branch on this.
    public var code: String
    public var status: HTTPResponse.Status
    /// A short summary of the kind of problem, the same for every occurrence.
    public var title: String
    /// What went wrong this time, and what to do about it.
    public var detail: String
    /// For validation problems: every broken rule, one per field.
    public var errors: [ValidationIssue]?
    /// Extra headers (`Retry-After`, `WWW-Authenticate`, `Allow`).
    public var headers: HTTPFields

    public init(
        _ status: HTTPResponse.Status, code: String, title: String, detail: String, errors: [ValidationIssue]? = nil,
        headers: HTTPFields = [:]
    ) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.errors = errors
        self.headers = headers
    }

    /// The `type` member: a URN naming the problem kind, stable across releases.
    public var type: String { "urn:campuscal:problem:\(code)" }

    /// The JSON body, with the request's id and path so a person can quote them to the help desk.
    func body(instance: String, requestID: String) -> ProblemBody {
        ProblemBody(
            type: type, title: title, status: Int(status.code), detail: detail, instance: instance, code: code,
            requestId: requestID, errors: errors)
    }

    private enum CodingKeys: String, CodingKey { case code, title, detail, errors }
}

/// The serialised form of a `Problem`.
struct ProblemBody: Encodable {
    var type: String
    var title: String
    var status: Int
    var detail: String
    var instance: String
    var code: String
    var requestId: String
    var errors: [ValidationIssue]?
}

extension Problem {
    static func badRequest(_ code: String, _ detail: String) -> Problem {
        Problem(.badRequest, code: code, title: "Malformed request", detail: detail)
    }

    static func validation(_ error: ValidationError) -> Problem {
        Problem(
            .unprocessableContent, code: "validation-failed", title: "Some values are not acceptable",
            detail: error.summary, errors: error.issues)
    }

    static func versionMismatch(current: Int) -> Problem {
        Problem(
            .preconditionFailed, code: "version-mismatch", title: "Changed since you read it",
            detail: "The resource has changed since you read it (it is now at ETag \"v\(current)\"). Read it again, then retry your change.")
    }

    static func notFound(_ detail: String) -> Problem {
        Problem(.notFound, code: "not-found", title: "Not found", detail: detail)
    }
}
