import Foundation

/// A change as one plugin may hear of it: who by record code (never a name unless permitted and
/// consented), what by item code, and only the facts an event hook needs — no titles or notes,
/// since free text can name people.
public struct PluginItemChange: Sendable, Equatable, Codable {
    public var kind: String
    public var item: String
    /// `rc_` and 32 hex digits: the person for this plugin only.
    public var subject: String
    /// `ic_` and 32 hex digits: the item for this plugin only.
    public var itemCode: String
    /// 1 high, 2 medium, 3 low, 0 none (as the ABI numbers them).
    public var priority: Int
    public var onTime: Bool?
    /// Only for a plugin that may see identities, about a person who consented to it.
    public var username: String?

    public init(kind: String, item: String, subject: String, itemCode: String, priority: Int, onTime: Bool?, username: String?) {
        self.kind = kind
        self.item = item
        self.subject = subject
        self.itemCode = itemCode
        self.priority = priority
        self.onTime = onTime
        self.username = username
    }
}

/// A person's notification as a channel plugin receives it: only ever about someone who consented
/// to the plugin, since a channel must know whom to reach.
public struct PluginNotification: Sendable, Equatable, Codable {
    public var subject: String
    public var username: String
    public var kind: String
    public var title: String
    public var body: String
    public var link: String?
    public var createdAt: Date

    public init(subject: String, username: String, kind: String, title: String, body: String, link: String?, createdAt: Date) {
        self.subject = subject
        self.username = username
        self.kind = kind
        self.title = title
        self.body = body
        self.link = link
        self.createdAt = createdAt
    }
}

/// What plugins receive about people, built by the privacy module (FERPA): de-identified by
/// default; a username only for a plugin with `identities` permission and only about people whose
/// current consent to the agreement named after the plugin's id covers it — and every such
/// release written to the disclosure log.
public protocol PluginDataGate: Sendable {
    /// What `plugin` may be told of `change`; nil when its permissions do not cover the item.
    func itemChange(_ change: ItemChange, for plugin: PluginManifest) async throws -> PluginItemChange?
    /// The notification for a channel plugin: nil unless the plugin may see identities and the
    /// person consented to it (each delivery logged).
    func notification(_ notice: Notice, for plugin: PluginManifest) async throws -> PluginNotification?
    /// The record code by which `plugin` knows `user` (for the person's own panel).
    func subject(of user: UserID, for plugin: PluginManifest) async throws -> String
    /// The person `plugin` knows by the record code `subject`, for a notification it sends them
    /// (`notify`); nil when no person has that code for that plugin. The plugin learns nothing
    /// from the answer: it only decides whether the notice is delivered.
    func person(withSubject subject: String, for plugin: PluginManifest) async throws -> UserID?
    /// Logs that `records` events of `owner`'s calendar went through an exporter or importer
    /// `plugin` at the request of `requester` (the owner, or someone they shared it with); throws
    /// `PluginError.unsupported` when the plugin's permissions do not cover events.
    func fileConversion(of owner: UserID, requestedBy requester: UserID, records: Int, by plugin: PluginManifest, exporting: Bool) async throws
    /// Whether `plugin` may read `user`'s events (`read_events`): only with `identities` and
    /// `events` permission, and the person's current consent covering identity and events.
    func mayReadEvents(of user: UserID, for plugin: PluginManifest) async throws -> Bool
    /// Logs that `count` of `user`'s events went to `plugin` through `read_events` (basis: the consent).
    func eventsRead(of user: UserID, count: Int, by plugin: PluginManifest) async throws
}

/// One line of a plugin's panel for a person ("Experience points: 120").
public struct PluginPanelField: Sendable, Equatable, Codable {
    public var name: String
    public var label: String
    public var value: String

    public init(name: String, label: String, value: String) {
        self.name = name
        self.label = label
        self.value = value
    }
}
