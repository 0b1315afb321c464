/// The bookkeeping every cache of the server shares: entries kept by key within a budget of
/// weight (bytes, events, entries), the least recently used dropped first once it is passed.
///
/// A value type with no lock of its own: each cache keeps one inside its `Mutex`, so the lock is
/// the cache's, held only while the table is looked at or changed. Over budget, the least recently
/// used quarter goes at once (one sort per eviction, not a linked list kept on every hit), so
/// eviction stays rare. An entry heavier than a quarter of the budget is not kept at all: one
/// huge answer must not empty the table of everyone else's.
public struct RecentlyUsedTable<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var weight: Int
        var lastUse: UInt64
    }

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// The weight of everything kept.
    public private(set) var weight = 0
    /// The most weight kept.
    public let capacity: Int

    public init(capacity: Int) { self.capacity = max(0, capacity) }

    /// The value kept for `key`, marked as just used.
    public mutating func value(for key: Key) -> Value? {
        guard entries[key] != nil else { return nil }
        clock += 1
        entries[key]!.lastUse = clock
        return entries[key]!.value
    }

    /// The value kept for `key`, not marked as used (to decide whether to replace it).
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// Keeps `value` for `key` (replacing what was there), then evicts while over budget.
    public mutating func insert(_ value: Value, weight: Int, for key: Key) {
        guard weight <= capacity / 4 else { return }
        clock += 1
        if let previous = entries.updateValue(Entry(value: value, weight: weight, lastUse: clock), forKey: key) {
            self.weight -= previous.weight
        }
        self.weight += weight
        guard self.weight > capacity else { return }
        let oldest = entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(max(1, entries.count / 4))
        for (key, entry) in oldest {
            entries[key] = nil
            self.weight -= entry.weight
        }
    }

    /// How many entries are kept.
    public var count: Int { entries.count }
}
