import CampusCalICalendar
import Foundation

/// Posting and cancelling planned downtime (SRS 3.7.3): administrators only; at least two days
/// ahead unless urgent; every user is notified — in the inbox, live, and by email or text as each
/// chose — with the times in their own zone.
public struct MaintenanceNoticeService: Sendable {
    public let store: any MaintenanceNoticeStore
    public let notifications: NotificationService
    public let clock: any TimeSource

    /// How far ahead a notice that is not urgent must be posted.
    public static let minimumNotice: TimeInterval = 2 * 86_400
    public static let maximumTitleLength = 200
    public static let maximumMessageLength = 4000

    public init(store: any MaintenanceNoticeStore, notifications: NotificationService, clock: any TimeSource = SystemTimeSource()) {
        self.store = store
        self.notifications = notifications
        self.clock = clock
    }

    /// Validates, stores and broadcasts a notice. Returns it and how many users were notified.
    public func post(
        by admin: User, title: String, message: String, startsAt: Date, endsAt: Date, urgent: Bool
    ) async throws -> (notice: MaintenanceNotice, notified: Int) {
        try Self.requireAdmin(admin)
        let now = clock.now()
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        var issues: [ValidationIssue] = []
        if title.isEmpty || title.count > Self.maximumTitleLength {
            issues.append(
                ValidationIssue(field: "title", code: "title.length", message: "A title of 1 to \(Self.maximumTitleLength) characters is required."))
        }
        if message.count > Self.maximumMessageLength {
            issues.append(
                ValidationIssue(
                    field: "message", code: "message.length", message: "The message may have at most \(Self.maximumMessageLength) characters."))
        }
        if endsAt <= startsAt {
            issues.append(ValidationIssue(field: "endsAt", code: "endsAt.order", message: "The downtime must end after it starts."))
        }
        if endsAt <= now {
            issues.append(ValidationIssue(field: "endsAt", code: "endsAt.past", message: "The downtime is already over."))
        } else if !urgent && startsAt < now.addingTimeInterval(Self.minimumNotice) {
            issues.append(
                ValidationIssue(
                    field: "startsAt", code: "startsAt.too-soon",
                    message: "Maintenance must be announced at least two days ahead; mark the notice urgent to post it sooner."))
        }
        try ValidationError.check(issues)
        let notice = MaintenanceNotice(
            id: .generate(), title: title, message: message, startsAt: startsAt, endsAt: endsAt, urgent: urgent, createdBy: admin.id,
            createdAt: now)
        try await store.insert(notice)
        let notified = try await notifications.broadcast(kind: .maintenance, link: "/api/v1/maintenance-notices") { timeZone in
            (title: (urgent ? "Urgent maintenance: " : "Planned maintenance: ") + title, body: Self.sentence(notice, timeZone: timeZone))
        }
        return (notice, notified)
    }

    /// Notices whose downtime has not ended, soonest first (any signed-in user may read them).
    public func current() async throws -> [MaintenanceNotice] { try await store.current(at: clock.now()) }

    /// Withdraws a notice; if its downtime has not ended, everyone is told it is cancelled.
    public func cancel(_ id: MaintenanceNoticeID, by admin: User) async throws {
        try Self.requireAdmin(admin)
        guard let notice = try await store.notice(id: id), try await store.delete(id: id) else { throw MaintenanceNoticeError.notFound }
        guard notice.endsAt > clock.now() else { return }
        _ = try await notifications.broadcast(kind: .maintenance, link: "/api/v1/maintenance-notices") { timeZone in
            (
                title: "Maintenance cancelled: \(notice.title)",
                body: "The maintenance planned for \(Self.window(notice, timeZone: timeZone)) is cancelled."
            )
        }
    }

    /// Throws `AccountError.forbidden` unless `user` is an administrator.
    public static func requireAdmin(_ user: User) throws {
        if case .forbid(let reason) = AccessPolicy.decideAdministration(user, doing: "Posting maintenance notices") {
            throw AccountError.forbidden(reason)
        }
    }

    /// "CampusCal will be unavailable from Saturday, November 28 at 10:00 PM to 11:30 PM (MST). <message>"
    static func sentence(_ notice: MaintenanceNotice, timeZone: TimeZone) -> String {
        let text = "CampusCal will be unavailable \(window(notice, timeZone: timeZone))."
        let message = notice.message.trimmingCharacters(in: .whitespacesAndNewlines)
        return message.isEmpty ? text : text + " " + message
    }

    /// "from Saturday, November 28 at 10:00 PM to 11:30 PM (MST)", in the reader's zone.
    static func window(_ notice: MaintenanceNotice, timeZone: TimeZone) -> String {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = timeZone
        day.dateFormat = "EEEE, MMMM d 'at' h:mm a"
        let time = DateFormatter()
        time.locale = day.locale
        time.timeZone = timeZone
        time.dateFormat = "h:mm a"
        let sameDay = LocalDateTime(instant: notice.startsAt, in: timeZone).date == LocalDateTime(instant: notice.endsAt, in: timeZone).date
        let end = sameDay ? time.string(from: notice.endsAt) : day.string(from: notice.endsAt)
        // ICU's short name ("MDT"; "GMT+1" where US English has none), not TimeZone.abbreviation,
        // which on Linux gives "GMT-6" even for US zones.
        let zoneName = DateFormatter()
        zoneName.locale = day.locale
        zoneName.timeZone = timeZone
        zoneName.dateFormat = "zzz"
        let zone = zoneName.string(from: notice.startsAt)
        return "from \(day.string(from: notice.startsAt)) to \(end) (\(zone))"
    }
}

/// What can go wrong with maintenance notices.
public enum MaintenanceNoticeError: Error, Sendable, Equatable {
    case notFound
}
