import CampusCalCore
import Foundation
import HTTPTypes

/// The answers to a person who reached one of the per-person limits (`[limits]`): each names the
/// setting, so an administrator who reads the problem knows what to raise, and says what the
/// person can do themselves.
extension Problem {
    /// 409 `quota-exceeded`: the person already holds as many calendars (LMS connections, groups,
    /// subscription links) as the server allows. 409, not 429: waiting does not help, removing one does.
    static func quotaExceeded(_ error: QuotaExceeded) -> Problem {
        Problem(.conflict, code: "quota-exceeded", title: "Limit reached", detail: error.detail)
    }

    /// 429 `too-many-streams`: the person already holds `limit` live notification streams. No
    /// `Retry-After`: trying again does not help until one of the others is closed (and a browser's
    /// EventSource gives up on a 429 instead of reconnecting in a loop).
    static func tooManyStreams(limit: Int) -> Problem {
        Problem(
            .tooManyRequests, code: "too-many-streams", title: "Too many live notification streams",
            detail:
                "You already have \(limit) live notification stream\(limit == 1 ? "" : "s") open, the most this server allows per person (limits.max_streams_per_user). Close another tab or app window of CampusCal and reload this one; your notices also wait in your inbox."
        )
    }

    /// 429 `too-many-unknown-names`: the person typed more usernames that name nobody within the
    /// hour than `limits.max_unknown_names_per_hour` allows (review L3). Nothing of the request was
    /// done, so nothing about the names in it is told.
    static func tooManyUnknownNames(_ error: UnknownNamesExceeded) -> Problem {
        Problem(
            .tooManyRequests, code: "too-many-unknown-names", title: "Too many usernames that match nobody",
            detail:
                "In the last hour you named more than \(error.limit) usernames that match no account on this server (limits.max_unknown_names_per_hour), so this request was not carried out. Check the spelling of the names, or pick people from your groups and class lists, and try again in \(error.retryAfterSeconds / 60 + 1) minutes.",
            headers: [.retryAfter: String(error.retryAfterSeconds)])
    }
}
