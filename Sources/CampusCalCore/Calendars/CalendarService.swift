import Foundation

/// Creating, listing, changing and deleting a user's calendars.
///
/// Every operation takes the caller and checks that the calendar is theirs; another user's
/// calendar is indistinguishable from one that does not exist. (Sharing arrives with groups.)
public struct CalendarService: Sendable {
    public let calendars: any CalendarStore
    public let clock: any TimeSource

    public init(calendars: any CalendarStore, clock: any TimeSource = SystemTimeSource()) {
        self.calendars = calendars
        self.clock = clock
    }

    /// Creates a calendar for `owner`. `name` is required; colour and zone have defaults.
    public func create(for owner: User, _ values: CalendarChanges) async throws -> CalendarCollection {
        var issues = values.issues()
        if values.name == nil {
            issues.insert(ValidationIssue(field: "name", code: "name.required", message: "A calendar needs a name."), at: 0)
        }
        try ValidationError.check(issues)
        let now = clock.now()
        let blank = CalendarCollection(
            id: .generate(), ownerID: owner.id, name: "", description: nil, color: CalendarChanges.defaultColor, timeZone: owner.timeZone,
            createdAt: now, updatedAt: now, version: 1)
        let calendar = values.applied(to: blank)
        try await calendars.insert(calendar)
        return calendar
    }

    /// The caller's calendars, ordered by name, a page at a time.
    public func list(for caller: User, after cursor: String?, limit: Int) async throws -> Page<CalendarCollection> {
        let limit = max(1, min(limit, PageSize.maximum))
        let after = cursor.flatMap(CalendarPageCursor.init(encoded:))
        let fetched = try await calendars.calendars(ownedBy: caller.id, after: after, limit: limit + 1)
        let items = Array(fetched.prefix(limit))
        let next = fetched.count > limit ? items.last.map { CalendarPageCursor(name: $0.name, id: $0.id).encoded } : nil
        return Page(items: items, nextCursor: next)
    }

    /// One of the caller's calendars.
    public func calendar(_ id: CalendarID, for caller: User) async throws -> CalendarCollection {
        guard let calendar = try await calendars.calendar(id: id), calendar.ownerID == caller.id else { throw CalendarError.notFound }
        return calendar
    }

    /// Applies a merge patch, optionally only if the calendar is still at `expectedVersion`.
    public func update(_ id: CalendarID, for caller: User, changes: CalendarChanges, expectedVersion: Int?) async throws
        -> CalendarCollection
    {
        try ValidationError.check(changes.issues())
        let current = try await calendar(id, for: caller)
        if let expectedVersion, expectedVersion != current.version { throw CalendarError.versionMismatch(current: current.version) }
        var updated = changes.applied(to: current)
        if updated == current { return current }
        updated.updatedAt = clock.now()
        return try await calendars.update(updated, expectedVersion: current.version)
    }

    /// Deletes a calendar and everything in it.
    public func delete(_ id: CalendarID, for caller: User, expectedVersion: Int?) async throws {
        let current = try await calendar(id, for: caller)
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
        Data((name + "\n" + id.rawValue).utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
