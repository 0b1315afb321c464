import CampusCalCore
import CampusCalDAV
import Foundation
import Hummingbird

/// RFC 6578 sync-collection over the change log (issue #29): a phone that was offline asks "what
/// changed since my token" and gets each changed event once, as it stands now, and a 404 for each
/// one gone — kept as deletion records for `sync.tombstone_days`, so a client back after longer
/// is told to start over (`DAV:valid-sync-token`) instead of silently keeping what was deleted.
extension DAVRoutes {
    /// Tokens are URIs (RFC 6578 §3.2); the change number follows this prefix.
    static let syncTokenPrefix = "http://campuscal.org/ns/sync/"

    static func syncToken(_ token: SyncToken) -> String { syncTokenPrefix + token.encoded }

    func syncCollection(
        _ username: String, _ id: CalendarID, names: [DAVName], token text: String, limit: Int?, for user: User
    ) async throws -> Response {
        let changeLog = try syncLog()
        let since = try Self.syncStart(text)
        let (calendar, resources) = try await events.resources(in: id, for: user)
        let page = try await Self.syncPage(of: .calendar(id), in: changeLog, since: since, limit: limit)
        let owner = calendar.access == .owner
        let collection = DAVPath.calendar(username: username, id)
        let answers = eventResponses(Self.propertyRequest(names), in: collection, calendar)
        var writer = MultistatusWriter(capacity: (answers.wantsData ? 1024 : 320) * page.records.count + 512)
        func gone(_ uid: String) { writer.add(Multistatus.Response(href: answers.href(uid: uid), status: 404)) }
        for record in page.records {
            let eventID = EventID(rawValue: record.itemID)
            // Someone the calendar is shared with knows an event by its own UID while it is public
            // and as busy time (`busy-<id>`) while it is private: whichever name it does not have
            // now is reported gone, so a client never keeps a copy under the other.
            let busy = CalendarEvent.busyUID(eventID)
            if !record.deleted, let event = resources.event(id: eventID) {
                answers.add(event, to: &writer)
                if !owner, let other = event.isBusyTime ? record.uid : busy, other != event.uid { gone(other) }
            } else {
                if let uid = record.uid, owner || !record.hidden || record.shown { gone(uid) }
                if !owner { gone(busy) }
            }
        }
        return Self.syncReply(&writer, page: page, since: since, collection: collection.href)
    }

    // MARK: What every collection's sync shares (events' calendars and the task calendar)

    /// The change log, or the report refused when this server keeps none.
    func syncLog() throws -> any ChangeLogStore {
        guard let changeLog else {
            throw DAVRefusal(status: .forbidden, condition: .dav("supported-report"), message: "This server keeps no change log to sync from.")
        }
        return changeLog
    }

    /// The token a client sent read back: nil for an empty one (an initial sync).
    static func syncStart(_ text: String) throws -> SyncToken? {
        if text.isEmpty { return nil }
        guard text.hasPrefix(syncTokenPrefix), let token = SyncToken(encoded: String(text.dropFirst(syncTokenPrefix.count))) else {
            throw invalidSyncToken("This is not a sync token this server handed out; sync again from the start (an empty token).")
        }
        return token
    }

    /// The entries of `collection` after `since`, refused when some of them may be gone (pruned, or a restore).
    static func syncPage(of collection: ChangeCollection, in changeLog: any ChangeLogStore, since: SyncToken?, limit: Int?) async throws
        -> ChangeLogPage
    {
        let page = try await changeLog.changes(in: [collection], after: since, limit: min(limit ?? syncPageSize, syncPageSize))
        if let since, since < page.prunedThrough || since > page.latest {
            throw invalidSyncToken(
                "Changes since this token are no longer all known (deletions are kept a limited time, or the server was restored); sync again from the start."
            )
        }
        return page
    }

    /// The multistatus of a sync: `responses`, and the token to go on from.
    static func syncReply(_ responses: [Multistatus.Response], page: ChangeLogPage, since: SyncToken?, collection href: String) -> Response {
        var writer = MultistatusWriter(capacity: 320 * responses.count + 512)
        for response in responses { writer.add(response) }
        return syncReply(&writer, page: page, since: since, collection: href)
    }

    /// The same, for responses already written.
    static func syncReply(_ writer: inout MultistatusWriter, page: ChangeLogPage, since: SyncToken?, collection href: String) -> Response {
        // Truncated (DAV:limit, or this server's page): up to the last entry read, and the
        // collection itself answered 507 (RFC 6578 §3.6) so the client asks again from there.
        let next = page.hasMore ? (page.records.last?.token ?? since ?? .origin) : page.latest
        if page.hasMore { writer.add(Multistatus.Response(href: href, status: 507)) }
        return DAVReply.multistatus(body: writer.finish(syncToken: syncToken(next)))
    }

    /// The token a sync-collection from scratch would answer now, when the PROPFIND names
    /// `DAV:sync-token` (RFC 6578 §4: never part of `allprop`); nil otherwise or without a log.
    func currentSyncToken(ifAskedBy request: PropfindRequest) async throws -> String? {
        guard let changeLog, case .properties(let names) = request, names.contains(.dav("sync-token")) else { return nil }
        return Self.syncToken(try await changeLog.changes(in: [], after: nil, limit: 0).latest)
    }

    /// The most log entries one sync-collection answer reads.
    static let syncPageSize = ChangeFeed.maximumLimit

    static func invalidSyncToken(_ message: String) -> DAVRefusal {
        DAVRefusal(status: .forbidden, condition: .dav("valid-sync-token"), message: message)
    }
}
