import CampusCalCore
import HTTPTypes

extension ProblemMapping {
    /// 410 Gone for a token the log can no longer answer (RFC 6578's `DAV:valid-sync-token`
    /// precondition, in REST's words): the client must not carry on as if nothing was deleted.
    static func problem(for error: SyncError) -> Problem {
        switch error {
        case .tokenExpired(let token, let days):
            Problem(
                .gone, code: "sync-token-expired", title: "Start over with a full sync",
                detail:
                    "Changes since token '\(token.encoded)' can no longer be listed completely: deletions are remembered for \(days) days (sync.tombstone_days), or the server was restored from a backup. Drop what you synced and ask again without 'since'."
            )
        }
    }
}
