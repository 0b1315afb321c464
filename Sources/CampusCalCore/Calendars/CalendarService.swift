import CampusCalICalendar
import Foundation

/// Creating, listing, changing and deleting calendars: one's own and those shared with one.
///
/// Every operation takes the caller and asks `AccessPolicy` with the caller's standing (owner or
/// share level); a calendar the caller has no standing with is indistinguishable from one that
/// does not exist.
public struct CalendarService: Sendable {
    public let calendars: any CalendarStore
    public let shares: any CalendarShareStore
    public let clock: any TimeSource
    /// Calendars one person may own (`limits.max_calendars_per_user`), checked at `create`.
    public let quota: Quota

    public init(
        calendars: any CalendarStore, shares: any CalendarShareStore, clock: any TimeSource = SystemTimeSource(),
        limits: ResourceLimits = .standard
    ) {
        self.calendars = calendars
        self.shares = shares
        self.clock = clock
        self.quota = Quota(.calendars, limit: limits.maximumCalendarsPerUser)
    }

    /// Creates a calendar for `owner`. `name` is required; colour and zone have defaults. Refused
    /// with `QuotaExceeded` when `owner` already owns `quota.limit` calendars (group calendars and
    /// LMS calendars count: they are theirs too).
    ///
    /// `davName`: the address segment a CalDAV client chose (MKCALENDAR), kept so that the calendar
    /// stays where the client made it; `CalendarError.addressTaken` when the owner has one there.
    public func create(for owner: User, _ values: CalendarChanges, davName: String? = nil) async throws -> CalendarCollection {
        var issues = values.issues()
        if values.name == nil {
            issues.insert(ValidationIssue(field: "name", code: "name.required", message: "A calendar needs a name."), at: 0)
        }
        try ValidationError.check(issues)
        let now = clock.now()
        let blank = CalendarCollection(
            id: .generate(), ownerID: owner.id, name: "", description: nil, color: CalendarChanges.defaultColor, timeZone: owner.timeZone,
            createdAt: now, updatedAt: now, version: 1, davName: davName)
        let calendar = values.applied(to: blank)
        try await quota.admitting(owner.id, count: { try await owned(by: owner).count }, make: { try await calendars.insert(calendar) })
        return calendar
    }

    /// The CalDAV addresses of the calendars `owner` made through CalDAV (MKCALENDAR), by id.
    public func davNames(ownedBy owner: User) async throws -> [CalendarID: String] {
        try await calendars.davNames(ownedBy: owner.id)
    }

    /// The calendars the caller owns or that are shared with them, ordered by name, a page at a time.
    public func list(for caller: User, after cursor: String?, limit: Int) async throws -> Page<AccessibleCalendar> {
        let limit = max(1, min(limit, PageSize.maximum))
        let after = cursor.flatMap(CalendarPageCursor.init(encoded:))
        let fetched = try await shares.calendars(visibleTo: caller.id, after: after, limit: limit + 1)
        let items = Array(fetched.prefix(limit))
        let next = fetched.count > limit ? items.last.map { CalendarPageCursor(name: $0.calendar.name, id: $0.calendar.id).encoded } : nil
        return Page(items: items, nextCursor: next)
    }

    /// Every calendar the caller owns or that is shared with them (the agenda's calendars).
    public func all(for caller: User) async throws -> [AccessibleCalendar] {
        var result: [AccessibleCalendar] = []
        var cursor: String?
        repeat {
            let page = try await list(for: caller, after: cursor, limit: PageSize.maximum)
            result += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return result
    }

    /// The calendars `owner` owns (group calendars of groups they own included).
    public func owned(by owner: User) async throws -> [CalendarCollection] {
        try await all(for: owner).filter { $0.access == .owner }.map(\.calendar)
    }

    /// A calendar and how the caller stands with it, when the caller may do `action` to it.
    public func access(_ id: CalendarID, for caller: User, to action: CalendarAction = .seeFreeBusy) async throws -> AccessibleCalendar {
        guard let calendar = try await calendars.calendar(id: id) else { throw CalendarError.notFound }
        let standing = try await standing(calendar, for: caller)
        try AccessPolicy.authorize(action, standing)
        return AccessibleCalendar(calendar: calendar, access: standing.level ?? .freeBusy)
    }

    /// How the caller stands with `calendar`, for `AccessPolicy`. The owner is known from the row;
    /// only others cost a look at the shares.
    public func standing(_ calendar: CalendarCollection, for caller: User) async throws -> CalendarAccess {
        let level = calendar.ownerID == caller.id ? .owner : try await shares.accessLevel(to: calendar.id, for: caller.id)
        return CalendarAccess(caller: caller, calendar: calendar, level: level)
    }

    /// A calendar the caller may do `action` to (by default: read its events).
    public func calendar(_ id: CalendarID, for caller: User, to action: CalendarAction = .readEvents) async throws -> CalendarCollection {
        try await access(id, for: caller, to: action).calendar
    }

    /// Remembers that `actor` changed the events of `calendar`, when anyone but its owner may see
    /// it — the people it is shared with hear of it in one batched notice (`CalendarSharingService`).
    /// Whether it is shared is as of when `calendar` was read, earlier in the same request.
    public func noteEventsChanged(_ calendar: CalendarCollection, by actor: User) async throws {
        if actor.id == calendar.ownerID, !calendar.isShared { return }
        try await shares.recordChange(in: calendar.id, by: actor.id, at: clock.now())
    }

    /// Applies a merge patch, optionally only if the calendar is still at `expectedVersion`.
    public func update(_ id: CalendarID, for caller: User, changes: CalendarChanges, expectedVersion: Int?) async throws
        -> CalendarCollection
    {
        try ValidationError.check(changes.issues())
        let current = try await calendar(id, for: caller, to: .editProperties)
        if let expectedVersion, expectedVersion != current.version { throw CalendarError.versionMismatch(current: current.version) }
        var updated = changes.applied(to: current)
        if updated == current { return current }
        updated.updatedAt = clock.now()
        return try await calendars.update(updated, expectedVersion: current.version)
    }

    /// Deletes a calendar and everything in it (its shares too).
    public func delete(_ id: CalendarID, for caller: User, expectedVersion: Int?) async throws {
        let current = try await calendar(id, for: caller, to: .delete)
        if let expectedVersion, expectedVersion != current.version { throw CalendarError.versionMismatch(current: current.version) }
        try await calendars.delete(id: id, expectedVersion: current.version)
    }
}

/// Where a page of calendars ends: the last name and id. Encoded opaquely (base64url) because names may hold any character.
public struct CalendarPageCursor: Sendable, Equatable {
    public var name: String
    public var id: CalendarID

    public init(name: String, id: CalendarID) {
        self.name = name
        self.id = id
    }

    init?(encoded: String) {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
            let separator = text.firstIndex(of: "\n")
        else { return nil }
        name = String(text[..<separator])
        id = CalendarID(rawValue: String(text[text.index(after: separator)...]))
    }

    var encoded: String {
        Base64URL.encode((name + "\n" + id.rawValue).utf8)
    }
}
