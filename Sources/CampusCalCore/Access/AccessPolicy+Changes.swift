/// The change log: what a viewer learns of an item's change, by the same rules as the item itself
/// (`AccessPolicy+Events`), so that syncing never shows more than reading does.
///
/// - Tasks are read only by their owner, whose own task list is the only one asked for.
/// - The calendar's owner learns every change of its events.
/// - Below `read` (free-busy shares) events are busy time without ids: no event changes at all;
///   the calendar is listed, and its busy time read through the free-busy endpoints.
/// - A private or confidential event is busy time without an id to everyone else, so its changes
///   are not listed to them — except that once it was public, people who could read it may hold
///   it: when it turns private (or is deleted or moves away) they get a deletion record, the id
///   they already had and nothing more, so no stale public copy stays behind on their phones.
extension AccessPolicy {
    /// What someone standing at `level` with a record's collection is told of it: the record, the
    /// record as a deletion, or nil (nothing).
    public static func view(of record: ChangeRecord, at level: CalendarAccessLevel) -> ChangeRecord? {
        if level == .owner || record.collection.kind == .task { return record }
        if level < .read { return nil }
        guard record.hidden else { return record }
        guard record.shown else { return nil }
        var withdrawn = record
        withdrawn.deleted = true
        return withdrawn
    }
}
