import Foundation

/// Persistent calendar shares, the calendars of groups, and the changes waiting to be told to the
/// people a calendar is shared with. Every method is atomic.
public protocol CalendarShareStore: Sendable {
    /// Adds the share, or — when the calendar is already shared with that recipient — sets its level
    /// (keeping its id). Returns the stored share and the level it had before, nil when new.
    func upsert(_ share: CalendarShare) async throws -> (share: CalendarShare, previousLevel: ShareLevel?)
    func share(id: ShareID) async throws -> CalendarShare?
    /// A calendar's shares: users by username, then groups by name.
    func shares(of calendar: CalendarID) async throws -> [CalendarShare]
    /// Sets a share's level; nil when there is no such share.
    func setLevel(_ level: ShareLevel, of id: ShareID, at: Date) async throws -> CalendarShare?
    /// Removes a share; false when there was none.
    func delete(id: ShareID) async throws -> Bool

    /// How `user` stands with a calendar they do not own: the highest of their direct share, the
    /// shares with their groups and (for a group's calendar) their membership; nil for none.
    func accessLevel(to calendar: CalendarID, for user: UserID) async throws -> CalendarAccessLevel?
    /// The calendars `user` owns or may see, ordered by name (case-insensitive), then id; after `cursor` when given.
    func calendars(visibleTo user: UserID, after cursor: CalendarPageCursor?, limit: Int) async throws -> [AccessibleCalendar]
    /// Everyone other than its owner who may see a calendar (share recipients, members of groups it is
    /// shared with, members of the group it belongs to).
    func recipients(of calendar: CalendarID) async throws -> Set<UserID>

    /// The calendar of a group, if it has one.
    func groupCalendar(of group: GroupID) async throws -> CalendarCollection?
    /// Adds `calendar` as the group's calendar; when another request made one first, returns that one.
    func insertGroupCalendar(_ calendar: CalendarCollection, group: GroupID) async throws -> CalendarCollection

    /// Counts one change `actor` made to the events of a shared calendar, opening a batch at `at` if none is open.
    func recordChange(in calendar: CalendarID, by actor: UserID, at: Date) async throws
    /// Removes and returns every batch opened at or before `cutoff`.
    func takeChangeBatches(openedBefore cutoff: Date) async throws -> [CalendarChangeBatch]
}
