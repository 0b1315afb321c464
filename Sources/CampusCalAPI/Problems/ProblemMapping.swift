import CampusCalCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Turns any error thrown while handling a request into a `Problem`.
///
/// Every known error has a specific mapping with a message a person can act on. Anything else is
/// a bug: it becomes a 500 whose detail names only the request id (never internals) and is logged.
enum ProblemMapping {
    static func problem(for error: any Error, request: Request) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let error as ValidationError:
            return .validation(error)
        case let error as QuotaExceeded:
            return .quotaExceeded(error)
        case let error as UnknownNamesExceeded:
            return .tooManyUnknownNames(error)
        case let error as RecoveryError:
            return problem(for: error)
        case let error as AccountError:
            return problem(for: error)
        case let error as AppPasswordError:
            switch error {
            case .notFound: return .notFound("No app password with this id is among yours.")
            case .tooMany(let maximum):
                return Problem(
                    .conflict, code: "too-many-app-passwords", title: "Too many app passwords",
                    detail: "You have \(maximum) app passwords, the most one person may hold; revoke one you no longer use first.")
            }
        case let error as PushSubscriptionError:
            switch error {
            case .notFound: return .notFound("No browser with this id is subscribed to your notifications.")
            case .tooMany(let limit):
                return Problem(
                    .conflict, code: "too-many-push-subscriptions", title: "Too many browsers",
                    detail: "Notifications are on in \(limit) browsers, the most one person may have; turn them off in one you no longer use first.")
            }
        case let error as CalendarError:
            return problem(for: error)
        case let error as EventError:
            return problem(for: error)
        case let error as SyncError:
            return problem(for: error)
        case is NoticeError:
            return .notFound("No notification with this id is in your inbox.")
        case is MaintenanceNoticeError:
            return .notFound("No maintenance notice has this id.")
        case let error as TodoError:
            switch error {
            case .notFound: return .notFound("No line with this id is on your to-do list.")
            case .endOfList(let atStart):
                return Problem(
                    .notFound, code: "end-of-list", title: atStart ? "First line" : "Last line",
                    detail: atStart
                        ? "This is the first line of your to-do list; there is none before it."
                        : "This is the last line of your to-do list; there is none after it.")
            }
        case let error as TaskError:
            switch error {
            case .notFound: return .notFound("No task with this id exists among your tasks.")
            case .versionMismatch(let current): return .versionMismatch(current: current)
            // Only CalDAV names tasks by UID (`TaskService.putResource` answers it as a 412), so REST never meets it.
            case .duplicateUID(let uid):
                return Problem(
                    .conflict, code: "duplicate-uid", title: "UID already used",
                    detail: "Another of your tasks has UID '\(uid.prefix(80))'; change that task instead.")
            }
        case let error as GroupError:
            return problem(for: error)
        case is CourseError:
            return .notFound("No course with this id is among your courses.")
        case let error as InvitationError:
            return problem(for: error)
        case let error as PrivacyError:
            return problem(for: error)
        case let error as LMSError:
            return problem(for: error)
        case let error as PluginError:
            return problem(for: error)
        case let error as DecodingError:
            return .badRequest("malformed-body", describe(error))
        case let error as HTTPError:
            return problem(for: error, request: request)
        default:
            return Problem(
                .internalServerError, code: "internal-error", title: "Internal server error",
                detail: "The server failed to handle this request. The failure was logged; quote the request id when reporting it.")
        }
    }

    static func problem(for error: AccountError) -> Problem {
        switch error {
        case .usernameTaken(let name):
            return Problem(
                .conflict, code: "username-taken", title: "Username taken",
                detail: "The username '\(name)' is already taken; choose another.",
                errors: [ValidationIssue(field: "username", code: "username.taken", message: "Username '\(name)' is already taken.")])
        case .usernameUnavailable(let name):
            return Problem(
                .conflict, code: "username-unavailable", title: "Username not available",
                detail: "The username '\(name)' is not available; choose another.",
                errors: [ValidationIssue(field: "username", code: "username.unavailable", message: "Username '\(name)' is not available.")])
        case .accountOfAnotherDirectory:
            return Problem(
                .forbidden, code: "account-of-another-directory", title: "Account belongs to another directory",
                detail:
                    "Your password was accepted, but the CampusCal account of this name belongs to another campus directory, so you are not logged in to it. Log in through the directory that made it, or ask an administrator."
            )
        case .accountOfAnotherPerson:
            return Problem(
                .forbidden, code: "account-of-another-person", title: "Account belongs to someone else",
                detail:
                    "Your password was accepted, but the CampusCal account of this name was made for another person the campus directory knew by the same name, so you are not logged in to it. Ask an administrator to rename or remove the old account."
            )
        case .foreignRealm(let realm):
            return Problem(
                .forbidden, code: "sso-realm-refused", title: "Sign-on realm not accepted",
                detail:
                    "You signed on as a member of '\(realm)', whose accounts are not this campus's. Sign on with your campus account (its realm is set in auth.sso_realm)."
            )
        case .invalidCredentials:
            return Problem(
                .unauthorized, code: "invalid-credentials", title: "Login failed",
                detail: "The username or password is incorrect. After 10 failed attempts within 5 minutes, logins are locked for 24 hours.")
        case .directoryRefused(let refusal):
            return problem(for: refusal)
        case .directoryUnavailable:
            // The reason (server names, library messages) goes to the log, not to the person.
            return Problem(
                .serviceUnavailable, code: "directory-unavailable", title: "Campus directory unavailable",
                detail:
                    "CampusCal cannot reach the campus directory to check your password. Try again in a few minutes; if it persists, tell the IT help desk."
            )
        case .locked(let until, let seconds):
            return Problem(
                HTTPResponse.Status(code: 423, reasonPhrase: "Locked"), code: "account-locked", title: "Login locked",
                detail:
                    "Too many failed logins for this username. Logins are locked until \(until.formatted(.iso8601)); an administrator can unlock it sooner, and a password reset unlocks it.",
                headers: [.retryAfter: String(seconds)])
        case .sourceThrottled(let seconds):
            return Problem(
                .tooManyRequests, code: "too-many-failed-logins", title: "Too many failed logins",
                detail:
                    "Too many failed logins came from your network address. Wait \(seconds) seconds before trying again; each further failure doubles the wait.",
                headers: [.retryAfter: String(seconds)])
        case .missingToken:
            return Problem(
                .unauthorized, code: "authentication-required", title: "Authentication required",
                detail: "This endpoint needs a session: log in at POST /api/v1/auth/login and send 'Authorization: Bearer <token>'.",
                headers: [.wwwAuthenticate: "Bearer realm=\"campuscal\""])
        case .invalidToken:
            return Problem(
                .unauthorized, code: "invalid-token", title: "Invalid session",
                detail: "The session token is not valid (it may have been logged out). Log in again.",
                headers: [.wwwAuthenticate: "Bearer realm=\"campuscal\", error=\"invalid_token\""])
        case .sessionExpired(let expiry):
            let why = expiry == .idle ? "after an hour without activity" : "at the end of its maximum lifetime"
            return Problem(
                .unauthorized, code: "session-expired", title: "Session expired",
                detail: "The session ended \(why). Log in again.",
                headers: [.wwwAuthenticate: "Bearer realm=\"campuscal\", error=\"invalid_token\""])
        case .forbidden(let detail):
            return Problem(.forbidden, code: "forbidden", title: "Not allowed", detail: detail)
        case .userNotFound:
            return .notFound("No user with this id exists.")
        case .versionMismatch(let current):
            return .versionMismatch(current: current)
        case .wrongCurrentPassword:
            return Problem(
                .unprocessableContent, code: "current-password-incorrect", title: "Current password incorrect",
                detail: "The current password is incorrect, so the password was not changed.",
                errors: [
                    ValidationIssue(field: "currentPassword", code: "password.incorrect", message: "The current password is incorrect.")
                ])
        }
    }

    static func problem(for error: PluginError) -> Problem {
        switch error {
        case .notFound(let id):
            return Problem(.notFound, code: "plugin-not-found", title: "No such plugin", detail: "No plugin with the id '\(id)' is installed.")
        case .notActive(let id):
            return Problem(
                .conflict, code: "plugin-not-active", title: "Plugin not active",
                detail: "The plugin '\(id)' is installed but not running (disabled, or stopped after a failure); an administrator can enable it.")
        case .unsupported(let detail):
            return Problem(.notFound, code: "plugin-feature-missing", title: "Not offered by this plugin", detail: "\(detail).")
        case .refused(let reason):
            return Problem(.unprocessableContent, code: "plugin-refused", title: "Plugin refused", detail: "\(reason).")
        case .conflict(let reason):
            return Problem(.conflict, code: "plugin-conflict", title: "Plugin already installed", detail: "\(reason).")
        case .failed(let reason):
            return Problem(
                .serviceUnavailable, code: "plugin-unavailable", title: "Plugin unavailable", detail: "\(reason). Try again in a minute.",
                headers: [.retryAfter: "30"])
        }
    }

    static func problem(for error: LMSError) -> Problem {
        switch error {
        case .notFound:
            return .notFound("No LMS connection with this id is among yours.")
        case .kindUnavailable(_, let detail):
            return Problem(
                .unprocessableContent, code: "lms-kind-unavailable", title: "LMS not available", detail: detail,
                errors: [ValidationIssue(field: "kind", code: "kind.unavailable", message: detail)])
        case .needsReconnect(let reason):
            return Problem(
                .conflict, code: "lms-reconnect-needed", title: "Reconnect your account",
                detail: "Your LMS no longer accepts CampusCal's sign-in (\(reason)). Connect again; what was imported stays.")
        case .unavailable(let reason):
            // Not a 5xx: CampusCal is fine, the LMS is not; the last good data stays visible.
            return Problem(
                .conflict, code: "lms-unavailable", title: "LMS unavailable", detail: reason + " Your imported items stay as they were.",
                headers: [.retryAfter: "300"])
        case .invalid(let issue):
            return .validation(ValidationError([issue]))
        case .awaitingAuthorization:
            return Problem(
                .conflict, code: "lms-authorization-pending", title: "Sign-in not finished",
                detail:
                    "This connection waits for you to sign in at your LMS. Open its authorizationUrl (or POST …/authorize for a new one), then sync.")
        case .authorizationFailed(let reason):
            return Problem(.badRequest, code: "lms-authorization-failed", title: "LMS sign-in failed", detail: reason)
        case .syncRunning:
            return Problem(
                .conflict, code: "lms-sync-running", title: "Sync already running",
                detail: "This connection is syncing right now; its report will be in lastReport when it finishes.", headers: [.retryAfter: "10"])
        }
    }

    static func problem(for error: PrivacyError) -> Problem {
        switch error {
        case .unknownAgreement(let id):
            return .notFound("No disclosure agreement '\(id.prefix(64))' exists; GET /api/v1/agreements lists them.")
        case .agreementChanged(let id, let current):
            return Problem(
                .conflict, code: "agreement-changed", title: "Agreement changed",
                detail:
                    "The agreement '\(id)' is now at version \(current). Read it again (GET /api/v1/agreements/\(id)) and agree to version \(current)."
            )
        case .consentRequired(let agreement):
            return Problem(
                .forbidden, code: "consent-required", title: "Your agreement is needed",
                detail:
                    "This shares your data with \(agreement.recipient) (\(agreement.purpose)), which needs your agreement first. Read it at GET /api/v1/agreements/\(agreement.id) and agree with POST /api/v1/me/consents; until then nothing is shared."
            )
        case .consentNotFound:
            return .notFound("No consent with this id is among yours.")
        case .forbidden(let detail):
            return Problem(.forbidden, code: "forbidden", title: "Not allowed", detail: detail)
        case .codedReleaseOverlaps(let recipient, let detail):
            return Problem(
                .conflict, code: "coded-release-overlaps", title: "Another recipient has these records with codes",
                detail:
                    "'\(recipient)' already received records with codes for \(detail). A student's set of coded records singles them out, so two recipients holding coded releases of the same data could join them. Release without record codes (the default), or for categories and a period '\(recipient)' does not hold."
            )
        case .invalid(let issue):
            return .validation(ValidationError([issue]))
        }
    }

    static func problem(for refusal: DirectoryError) -> Problem {
        let (code, detail): (String, String)
        switch refusal {
        case .invalidCredentials: (code, detail) = ("invalid-credentials", "The username or password is incorrect.")
        case .accountDisabled:
            (code, detail) = ("account-disabled", "Your campus account is disabled. Contact the IT help desk to have it enabled.")
        case .passwordExpired:
            (code, detail) = ("password-expired", "Your campus password has expired. Set a new one on the campus password page, then log in again.")
        case .mustChangePassword:
            (code, detail) = (
                "password-change-required", "You must change your campus password before you can log in. Change it on the campus password page."
            )
        case .lockedOut:
            (code, detail) = (
                "directory-locked", "The campus directory has locked your account after too many failed attempts. Wait, or contact the IT help desk."
            )
        case .unreachable:
            (code, detail) = (
                "directory-unavailable", "CampusCal cannot reach the campus directory to check your password. Try again in a few minutes."
            )
        }
        return Problem(code == "invalid-credentials" ? .unauthorized : .forbidden, code: code, title: "Login refused", detail: detail)
    }

    static func problem(for error: CalendarError) -> Problem {
        switch error {
        case .notFound:
            return .notFound("No calendar with this id exists among your calendars or those shared with you.")
        case .forbidden(let reason):
            return Problem(.forbidden, code: "forbidden", title: "Not allowed", detail: reason)
        case .shareNotFound:
            return .notFound("No share with this id exists on a calendar you can see.")
        case .versionMismatch(let current):
            return .versionMismatch(current: current)
        case .addressTaken:
            return Problem(
                .conflict, code: "address-taken", title: "Address taken",
                detail: "You already have a calendar at this CalDAV address; choose another name.")
        }
    }

    static func problem(for error: EventError) -> Problem {
        switch error {
        case .notFound:
            return .notFound("No event with this id exists in your calendars.")
        case .occurrenceNotFound:
            return .notFound(
                "This event has no occurrence with this id. Occurrence ids are the 'occurrenceId' values the event's occurrences list shows.")
        case .versionMismatch(let current):
            return .versionMismatch(current: current)
        case .duplicateUID(let uid):
            return Problem(
                .conflict, code: "duplicate-uid", title: "UID already used",
                detail: "An event with UID '\(uid.prefix(80))' already exists in this calendar; change that event instead, or leave uid out.",
                errors: [ValidationIssue(field: "uid", code: "uid.taken", message: "UID '\(uid.prefix(80))' is already used in this calendar.")])
        case .windowTooLong(let days):
            return Problem.badRequest("window-too-long", "The window from 'from' to 'to' may be at most \(days) days long.")
        case .tooManyOccurrences(let maximum):
            return Problem(
                .unprocessableContent, code: "too-many-occurrences", title: "Too many occurrences in this window",
                detail:
                    "This window holds more than the \(maximum) occurrences one request may list (limits.max_occurrences_per_request); ask for a shorter window between 'from' and 'to', or fewer calendars."
            )
        case .tooManyEventsInImport(let count, let maximum):
            return Problem(
                .contentTooLarge, code: "too-many-events", title: "Too many events in one file",
                detail:
                    "The file holds \(count.map(String.init) ?? "more than \(maximum)") events; one import takes at most \(maximum) (limits.max_events_per_import). Split the file and import the parts; nothing was imported."
            )
        case .importTooLarge(let reason):
            return Problem(
                .contentTooLarge, code: "file-too-large", title: "File too large to import",
                detail: "The file holds \(reason), more than one import reads. Split the file and import the parts; nothing was imported.")
        case .calendarFull(let maximum):
            return Problem(
                .conflict, code: "quota-exceeded", title: "Calendar full",
                detail:
                    "This calendar would hold more than \(maximum) events, the most one calendar may hold (limits.max_events_per_calendar). Delete events you no longer need, or use another calendar; nothing was written."
            )
        }
    }

    static func problem(for error: InvitationError) -> Problem {
        switch error {
        case .notFound:
            return .notFound("No invitation with this id exists among the invitations you sent or received.")
        case .cancelled:
            return Problem(
                .conflict, code: "invitation-cancelled", title: "Not possible now",
                detail: "The organiser deleted this event, so the invitation was cancelled and can no longer be answered.")
        }
    }

    static func problem(for error: GroupError) -> Problem {
        switch error {
        case .notFound:
            return .notFound("No group with this id exists among the groups you can see.")
        case .itemNotFound(let detail):
            return .notFound(detail)
        case .forbidden(let detail):
            return Problem(.forbidden, code: "forbidden", title: "Not allowed", detail: detail)
        case .conflict(let code, let detail):
            return Problem(.conflict, code: code, title: "Not possible now", detail: detail)
        case .versionMismatch(let current):
            return .versionMismatch(current: current)
        }
    }

    static func problem(for error: HTTPError, request: Request) -> Problem {
        switch error.status {
        case .notFound:
            return .notFound("There is no endpoint at \(request.method) \(request.uri.path). The endpoints are listed at /api/v1/openapi.json.")
        case .contentTooLarge:
            return Problem(
                .contentTooLarge, code: "body-too-large", title: "Request body too large",
                detail: "The request body is larger than this server accepts.")
        default:
            let status = error.status
            return Problem(
                status, code: "http-\(status.code)", title: status.reasonPhrase,
                detail: error.body ?? "The request could not be handled (\(status.code) \(status.reasonPhrase)).")
        }
    }

    /// A sentence naming the field and what was wrong with it.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, adding key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            let rendered = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return rendered.hasPrefix(".") ? String(rendered.dropFirst()) : rendered
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "Field '\(path(context, adding: key))' is required."
        case .valueNotFound(let type, let context):
            return "Field '\(path(context))' must not be null (expected \(jsonTypeName(type)))."
        case .typeMismatch(let type, let context):
            let at = path(context)
            return at.isEmpty
                ? "The request body must be a JSON \(jsonTypeName(type))."
                : "Field '\(at)' has the wrong type: expected \(jsonTypeName(type))."
        case .dataCorrupted(let context):
            let at = path(context)
            return at.isEmpty ? "The request body is not valid JSON." : "Field '\(at)' is not valid: \(context.debugDescription)"
        @unknown default:
            return "The request body could not be read."
        }
    }

    static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is [Any].Type: "an array"
        default: type == Dictionary<String, Any>.self ? "an object" : "\(type)"
        }
    }

    static func problem(for error: RecoveryError) -> Problem {
        switch error {
        case .mailNotConfigured:
            // Not a 5xx: nothing is wrong with the server, it is set up without mail.
            return Problem(
                .forbidden, code: "mail-not-configured", title: "This server sends no mail",
                detail:
                    "This server has no mail relay configured ([mail] url), so it can send no codes or notices by email or text. Ask your IT help desk."
            )
        case .noAddress(let channel):
            return Problem(
                .conflict, code: "no-address", title: "No address to confirm",
                detail: channel == .email
                    ? "Your profile has no email address: set one (PATCH /api/v1/me), and a code is sent to it."
                    : "Your notification settings have no text address: set one (PATCH /api/v1/me/notification-settings), and a code is sent to it.")
        case .tooManyCodes(let seconds):
            return Problem(
                .tooManyRequests, code: "too-many-codes", title: "Too many codes sent",
                detail:
                    "Several codes were sent to you or to this address recently (auth.recovery_messages_per_hour). Use the last one, or try again in \(seconds / 60) minutes.",
                headers: [.retryAfter: String(seconds)])
        case .invalidCode:
            return Problem(
                .unprocessableContent, code: "invalid-code", title: "Code not accepted",
                detail:
                    "This code is not valid: it may be mistyped, used already, expired, or for an address you have changed since. Ask for a new code."
            )
        case .invalidResetToken:
            return Problem(
                .unprocessableContent, code: "invalid-reset-token", title: "Reset code not accepted",
                detail:
                    "This reset code is not valid: it may be mistyped, used already or expired. Ask for a new one; each works once, for a short time."
            )
        }
    }
}
