/// One page of a list, and where the next one starts.
///
/// Every list in the API pages the same way: results in a stable order, and an opaque `nextCursor`
/// to pass back as `?cursor=` for the following page (absent on the last page).
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// How many items a page may hold.
public enum PageSize {
    public static let `default` = 50
    public static let maximum = 200
}
