import CCampusCalPluginABI

/// Which item changes a plugin's event hook wants (`cc_item_events_feature.changes` and `.items`):
/// a bit per kind of change and per kind of item, an empty mask meaning every one. The manager asks
/// before it builds anything for the plugin, so a change nobody wants costs no privacy work, no call
/// and, for an isolated plugin, no round trip to its runner.
struct ItemChangeInterest: Sendable, Codable, Equatable {
    var changes: UInt16
    var items: UInt16

    static let everything = ItemChangeInterest(changes: 0, items: 0)

    init(changes: UInt16, items: UInt16) {
        self.changes = changes
        self.items = items
    }

    init(_ feature: cc_item_events_feature) { self.init(changes: feature.changes, items: feature.items) }

    /// Whether the plugin wants a change of this kind (`CC_CHANGE_…`) to an item of this kind (`CC_ITEM_…`).
    func covers(change: Int32, item: Int32) -> Bool { Self.has(changes, change) && Self.has(items, item) }

    private static func has(_ mask: UInt16, _ code: Int32) -> Bool {
        mask == 0 || ((1..<16).contains(code) && mask & (1 << UInt16(code)) != 0)
    }
}
