import CampusCalCore
import CampusCalDAV
import Foundation
import HTTPTypes
import Hummingbird

/// Turns anything a DAV route throws into a DAV error body (RFC 4918 §16) with the status and the
/// pre- or postcondition CalDAV clients act on — never problem+json, which no DAV client reads.
enum DAVErrorMapping {
    static let authenticate = HTTPField.Name("WWW-Authenticate")!

    static func response(for error: any Error) -> Response {
        switch error {
        case let error as DAVXMLError:
            if case .tooLarge = error { return DAVReply.error(.contentTooLarge, nil, error.message) }
            return DAVReply.error(.badRequest, nil, error.message)
        case let error as CalendarReportError:
            switch error {
            case .body(let body): return response(for: body)
            case .unsupportedReport: return DAVReply.error(.forbidden, DAVElement(.dav("supported-report")), error.message)
            case .unsupportedFilter: return DAVReply.error(.forbidden, DAVElement(.calDAV("supported-filter")), error.message)
            case .unsupportedCollation: return DAVReply.error(.forbidden, DAVElement(.calDAV("supported-collation")), error.message)
            case .invalidTimeRange: return DAVReply.error(.badRequest, DAVElement(.calDAV("valid-filter")), error.message)
            }
        case let error as EventResourceError:
            return response(for: error)
        case let error as DAVRefusal:
            return DAVReply.error(error.status, error.condition.map { DAVElement($0) }, error.message, headers: error.headers)
        case let error as AccountError:
            return response(for: error)
        case EventError.notFound, CalendarError.notFound, TaskError.notFound:
            return DAVReply.error(.notFound, nil, "Nothing is at this address, or you may not see it.")
        case EventError.versionMismatch, CalendarError.versionMismatch, TaskError.versionMismatch:
            return DAVReply.error(.preconditionFailed, nil, "The resource changed since you read it; read it again.")
        case EventError.calendarFull(let maximum):
            return DAVReply.error(
                HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), nil, "This calendar holds \(maximum) events, the most one may.")
        case let error as QuotaExceeded:
            // RFC 4331's precondition, with the REST API's sentence naming the setting.
            return DAVReply.error(
                HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), DAVElement(.dav("quota-not-exceeded")), error.detail)
        case CalendarError.addressTaken:
            return DAVReply.error(
                .methodNotAllowed, DAVElement(.dav("resource-must-be-null")), "You already have a calendar at this address; choose another name.")
        case CalendarError.forbidden(let reason):
            return DAVReply.error(.forbidden, DAVElement(.dav("need-privileges")), reason)
        case let error as ValidationError:
            return DAVReply.error(.forbidden, DAVElement(.calDAV("valid-calendar-data")), error.summary)
        default:
            return DAVReply.error(
                .internalServerError, nil, "The server failed to handle this request. The failure was logged; quote the request id when reporting it."
            )
        }
    }

    static func response(for error: EventResourceError) -> Response {
        switch error {
        case .invalidCalendarData(let reason):
            return DAVReply.error(.forbidden, DAVElement(.calDAV("valid-calendar-data")), "The calendar data cannot be stored: \(reason)")
        case .unsupportedComponent(let reason):
            return DAVReply.error(.forbidden, DAVElement(.calDAV("supported-calendar-component")), reason)
        case .uidConflict(let uid):
            // The href is filled in by the route, which knows the collection (`DAVRoutes.put`).
            return DAVReply.error(
                .conflict, DAVElement(.calDAV("no-uid-conflict")), "Another resource of this calendar holds UID \(uid.prefix(80)).")
        case .nameIsNotUID(let name, let uid):
            return DAVReply.error(
                .forbidden, DAVElement(.calDAV("valid-calendar-object-resource")),
                "This server names each event after its UID: store UID \(uid.prefix(80)) at \(DAVPath.encode(uid)).ics, not \(name.prefix(80)).ics."
            )
        case .preconditionFailed:
            return DAVReply.error(.preconditionFailed, nil, "If-Match or If-None-Match did not hold: the resource is not as you expected.")
        }
    }

    static func response(for error: AccountError) -> Response {
        switch error {
        case .locked(_, let seconds), .sourceThrottled(let seconds):
            return DAVReply.error(
                .tooManyRequests, nil, "Too many failed sign-ins; wait \(seconds) seconds before trying again.",
                headers: [.retryAfter: String(seconds)])
        default:
            return unauthorized("Sign in with your username and an app password (made under Settings, or POST /api/v1/me/app-passwords).")
        }
    }

    static func unauthorized(_ message: String) -> Response {
        DAVReply.error(.unauthorized, nil, message, headers: [authenticate: #"Basic realm="CampusCal CalDAV", charset="UTF-8""#])
    }
}

/// A refusal a DAV route decides itself, with its status and condition.
struct DAVRefusal: Error {
    var status: HTTPResponse.Status
    var condition: DAVName?
    var message: String
    var headers: HTTPFields = [:]
}
