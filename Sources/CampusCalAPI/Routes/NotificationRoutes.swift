import CampusCalCore
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The in-app inbox (unread notices; reading one removes it from the list), live delivery as
/// Server-Sent Events, and the user's notification settings.
enum NotificationRoutes {
    struct NoticeRepresentation: Encodable {
        var notice: Notice

        private enum CodingKeys: String, CodingKey { case id, kind, title, body, link, createdAt, readAt }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(notice.id.rawValue, forKey: .id)
            try container.encode(notice.kind.rawValue, forKey: .kind)
            try container.encode(notice.title, forKey: .title)
            try container.encode(notice.body, forKey: .body)
            try container.encode(notice.link, forKey: .link)
            try container.encode(notice.createdAt, forKey: .createdAt)
            try container.encode(notice.readAt, forKey: .readAt)
        }
    }

    struct Inbox: Encodable {
        var items: [NoticeRepresentation]
        var unreadCount: Int
    }

    /// `{"minutesBefore": 1440}` or `{"at": "2026-11-30T15:00:00Z"}`.
    struct ReminderJSON: Codable, Equatable {
        var reminder: Reminder

        init(_ reminder: Reminder) { self.reminder = reminder }

        private enum CodingKeys: String, CodingKey, CaseIterable { case minutesBefore, at }

        init(from decoder: any Decoder) throws {
            let allowed = Set(CodingKeys.allCases.map(\.rawValue))
            if let unknown = try decoder.container(keyedBy: AnyKey.self).allKeys.first(where: { !allowed.contains($0.stringValue) }) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "unknown field '\(unknown.stringValue.prefix(40))'; use minutesBefore or at."))
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let minutes = try container.decodeUnlessAbsent(Int.self, forKey: .minutesBefore)
            let at = try container.decodeUnlessAbsent(String.self, forKey: .at)
            switch (minutes, at) {
            case (let minutes?, nil): reminder = .before(minutes: minutes)
            case (nil, let text?):
                guard let date = RFC3339.date(from: text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .at, in: container, debugDescription: "'\(text.prefix(40))' is not an RFC 3339 date-time with an offset")
                }
                reminder = .at(date)
            default:
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "give exactly one of minutesBefore or at."))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch reminder {
            case .before(let minutes): try container.encode(minutes, forKey: .minutesBefore)
            case .at(let date): try container.encode(date, forKey: .at)
            }
        }
    }

    struct Settings: StrictJSONBody, Encodable {
        static let fields: Set<String> = [
            "enabled", "email", "text", "device", "includeFeedback", "remindAllAssignments", "defaultReminders", "gradeUpdates",
            "textAddress",
        ]
        var enabled: Bool?
        var email: Bool?
        var text: Bool?
        var device: Bool?
        var includeFeedback: Bool?
        var remindAllAssignments: Bool?
        var defaultReminders: [ReminderJSON]?
        var gradeUpdates: Bool?
        /// Absent: unchanged; null: removed.
        var textAddress: FieldChange<String> = .unchanged

        private enum CodingKeys: String, CodingKey {
            case enabled, email, text, device, includeFeedback, remindAllAssignments, defaultReminders, gradeUpdates, textAddress
        }

        /// Absent keys stay as they are; `null` is refused like any other wrong type.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            enabled = try container.decodeUnlessAbsent(Bool.self, forKey: .enabled)
            email = try container.decodeUnlessAbsent(Bool.self, forKey: .email)
            text = try container.decodeUnlessAbsent(Bool.self, forKey: .text)
            device = try container.decodeUnlessAbsent(Bool.self, forKey: .device)
            includeFeedback = try container.decodeUnlessAbsent(Bool.self, forKey: .includeFeedback)
            remindAllAssignments = try container.decodeUnlessAbsent(Bool.self, forKey: .remindAllAssignments)
            defaultReminders = try container.decodeUnlessAbsent([ReminderJSON].self, forKey: .defaultReminders)
            gradeUpdates = try container.decodeUnlessAbsent(Bool.self, forKey: .gradeUpdates)
            if container.contains(.textAddress) {
                textAddress = try container.decodeNil(forKey: .textAddress) ? .clear : .set(try container.decode(String.self, forKey: .textAddress))
            }
        }

        init(_ preferences: NotificationPreferences) {
            enabled = preferences.enabled
            email = preferences.email
            text = preferences.text
            device = preferences.device
            includeFeedback = preferences.includeFeedback
            remindAllAssignments = preferences.remindAllAssignments
            defaultReminders = preferences.defaultReminders.map(ReminderJSON.init)
            gradeUpdates = preferences.gradeUpdates
            textAddress = preferences.textAddress.map { .set($0) } ?? .clear
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(enabled, forKey: .enabled)
            try container.encode(email, forKey: .email)
            try container.encode(text, forKey: .text)
            if case .set(let address) = textAddress {
                try container.encode(address, forKey: .textAddress)
            } else {
                try container.encodeNil(forKey: .textAddress)
            }
            try container.encode(device, forKey: .device)
            try container.encode(gradeUpdates, forKey: .gradeUpdates)
            try container.encode(includeFeedback, forKey: .includeFeedback)
            try container.encode(remindAllAssignments, forKey: .remindAllAssignments)
            try container.encode(defaultReminders, forKey: .defaultReminders)
        }

        /// `preferences` with the fields this body sets.
        func applied(to preferences: NotificationPreferences) -> NotificationPreferences {
            var result = preferences
            if let enabled { result.enabled = enabled }
            if let email { result.email = email }
            if let text { result.text = text }
            if let device { result.device = device }
            if let includeFeedback { result.includeFeedback = includeFeedback }
            if let remindAllAssignments { result.remindAllAssignments = remindAllAssignments }
            if let defaultReminders { result.defaultReminders = defaultReminders.map(\.reminder) }
            if let gradeUpdates { result.gradeUpdates = gradeUpdates }
            switch textAddress {
            case .unchanged: break
            case .clear: result.textAddress = nil
            case .set(let address): result.textAddress = address.trimmingCharacters(in: .whitespaces)
            }
            return result
        }
    }

    /// The last event of a stream whose session ended: the web app stops reconnecting (it would be
    /// refused) and asks the person to log in again.
    static var sessionEndedEvent: ByteBuffer {
        ByteBuffer(
            string: "event: session-ended\ndata: {\"detail\":\"Your session ended (logged out, expired, or your password or role "
                + "changed). Log in again to get live notifications.\"}\n\n")
    }

    static func register(
        on routes: RouteTable, notifications: NotificationService, tasks: TaskService, hub: LiveNoticeHub, accounts: AccountService,
        limits: BodyLimits, recovery: AccountRecovery? = nil
    ) {
        routes.authenticated(.get, "/api/v1/notifications") { _, context in
            let caller = try context.requireCaller().user
            let unread = try await notifications.unread(for: caller)
            let count = unread.count < 200 ? unread.count : try await notifications.unreadCount(for: caller)
            return try JSONResponse.make(Inbox(items: unread.map(NoticeRepresentation.init), unreadCount: count))
        }

        routes.authenticated(.post, "/api/v1/notifications/{id}/read") { _, context in
            try await notifications.markRead(NoticeID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            return JSONResponse.noContent()
        }

        routes.authenticated(.get, "/api/v1/notifications/stream") { request, context in
            let caller = try context.requireCaller()
            // The authentication middleware accepted this token, so it is there.
            let token = AuthenticationMiddleware.bearerToken(in: request.headers) ?? ""
            let subscription: LiveNoticeHub.Subscription
            do {
                subscription = try hub.subscribe(caller.user.id, session: caller.session.id)
            } catch let refused as LiveNoticeHub.TooManyStreams {
                throw Problem.tooManyStreams(limit: refused.limit)
            }
            // A session ended between its authentication and the subscription told nobody this
            // stream: ask once more now that revocations reach it (one read per stream opened).
            do {
                _ = try await accounts.revalidate(token: token)
            } catch {
                subscription.end()
                throw error
            }
            let headers: HTTPFields = [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache",
                // Tells nginx-style proxies not to buffer the stream.
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ]
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    // However the stream ends (the client went away and a write failed, too), its
                    // place is given back: the per-person limit counts only streams still open.
                    defer { subscription.end() }
                    try await writer.write(ByteBuffer(string: ": connected\nretry: 5000\n\n"))
                    // A graceful shutdown ends the stream (the client reconnects to the next server);
                    // otherwise the HTTP server would wait for it forever.
                    try await withGracefulShutdownHandler {
                        events: for await event in subscription.events {
                            switch event {
                            case .heartbeat:
                                // The session is checked again at every heartbeat, without counting as
                                // activity: an expired session, or one ended elsewhere (the CLI's
                                // password reset), ends the stream within one heartbeat. A store that
                                // cannot answer ends it too (the client reconnects and is checked afresh).
                                guard (try? await accounts.revalidate(token: token)) != nil else {
                                    subscription.end()
                                    try await writer.write(Self.sessionEndedEvent)
                                    break events
                                }
                                try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                            case .sessionEnded:
                                try await writer.write(Self.sessionEndedEvent)
                                break events
                            case .notice(let notice):
                                let data = try APIJSON.encoder.encode(NoticeRepresentation(notice: notice))
                                try await writer.write(
                                    ByteBuffer(string: "event: notice\nid: \(notice.id)\ndata: \(String(decoding: data, as: UTF8.self))\n\n"))
                            }
                        }
                    } onGracefulShutdown: {
                        subscription.end()
                    }
                    try await writer.finish(nil)
                })
        }

        routes.authenticated(.get, "/api/v1/me/notification-settings") { _, context in
            try JSONResponse.make(Settings(try await notifications.preferences(for: try context.requireCaller().user)))
        }

        routes.authenticated(.patch, "/api/v1/me/notification-settings") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(Settings.self, limits: limits)
            let current = try await notifications.preferences(for: caller)
            let updated = body.applied(to: current)
            try await notifications.setPreferences(updated, for: caller)
            if updated.remindAllAssignments != current.remindAllAssignments || updated.defaultReminders != current.defaultReminders {
                // Tasks without reminders of their own follow the defaults: plan them again.
                try await tasks.replanAllReminders(for: caller)
            }
            if let address = updated.textAddress, address != current.textAddress {
                // A new text address gets its code at once (review L2): texts go only to confirmed ones.
                _ = try? await recovery?.requestConfirmation(of: .text, for: caller.id)
            }
            return try JSONResponse.make(Settings(updated))
        }
    }
}
