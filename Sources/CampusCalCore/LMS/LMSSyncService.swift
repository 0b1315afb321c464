import CampusCalICalendar
import Foundation

/// Students' LMS connections and their syncs (SRS 3.2.6.1, 3.2.17): connect, list, disconnect, sync.
///
/// A sync is a disclosure to the LMS (the server signs in as the student and exchanges their
/// records), so it runs only under the student's consent to the `ilearn-sync` agreement and is
/// logged (`ConsentedDisclosure`). It reads a snapshot through the connection's `LMSImporter`,
/// plans the changes (`LMSSyncPlanner`), writes them in one transaction, then notifies: due dates
/// that moved, grades and feedback (as the student asked), and plans reminders for what changed.
public struct LMSSyncService: Sendable {
    /// The agreement a student must accept before any sync.
    public static let agreementID = "ilearn-sync"
    static let categories: Set<DataCategory> = [.identity, .courses, .tasks, .events, .grades]

    public let store: any LMSConnectionStore
    private let users: any UserStore
    private let tasks: any TaskStore
    private let events: any EventStore
    /// Where each sync's courses, the student's enrolments and class lists go (`LMSCourseSync`);
    /// nil: courses are not kept.
    private let courses: (any CourseStore)?
    let calendars: CalendarService
    let sealing: any CredentialSealing
    private let importers: [LMSKind: any LMSImporter]
    /// OAuth sign-in per kind (Brightspace, Canvas), when the campus registered CampusCal there.
    let authorizers: [LMSKind: any LMSAuthorizer]
    /// Password sign-in per kind (Moodle's token.php).
    let passwordSignIns: [LMSKind: any LMSPasswordSignIn]
    /// Makes and hashes the OAuth `state` secrets.
    let tokens: any TokenIssuing
    private let disclosure: ConsentedDisclosure
    private let notifications: NotificationService?
    let clock: any TimeSource
    /// Hosts connections may point at (lower-case); empty: any public https host.
    private let allowedHosts: Set<String>
    /// The base URLs the campus configured per kind: the only hosts that ever see its OAuth client secret.
    public let sites: LMSSites
    /// The syncs running now: one per connection at a time, so two can never race with one
    /// single-use refresh token (and a student's second click waits for the first's report).
    public let running = LMSRunningSyncs()
    /// Connections one person may have (`limits.max_lms_connections_per_user`): each syncs up to
    /// 32 MB an hour. Checked wherever a connection is made (`insertConnection`).
    public let quota: Quota
    /// Items (assignments and events) one sync takes at most (`limits.max_events_per_import`): a
    /// feed beyond it is a failed sync that changes nothing, as an upload beyond it is refused.
    public let maximumItemsPerSync: Int

    public init(
        store: any LMSConnectionStore, users: any UserStore, tasks: any TaskStore, events: any EventStore, calendars: CalendarService,
        sealing: any CredentialSealing,
        importers: [any LMSImporter], authorizers: [any LMSAuthorizer] = [], passwordSignIns: [any LMSPasswordSignIn] = [],
        tokens: any TokenIssuing, disclosure: ConsentedDisclosure, notifications: NotificationService?, clock: any TimeSource,
        allowedHosts: Set<String> = [], sites: LMSSites = LMSSites(), limits: ResourceLimits = .standard, courses: (any CourseStore)? = nil
    ) {
        self.courses = courses
        self.sites = sites
        self.quota = Quota(.lmsConnections, limit: limits.maximumLMSConnectionsPerUser)
        self.maximumItemsPerSync = limits.maximumEventsPerImport
        self.store = store
        self.users = users
        self.tasks = tasks
        self.events = events
        self.calendars = calendars
        self.sealing = sealing
        self.importers = Dictionary(importers.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.authorizers = Dictionary(authorizers.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.passwordSignIns = Dictionary(passwordSignIns.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.tokens = tokens
        self.disclosure = disclosure
        self.notifications = notifications
        self.clock = clock
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
    }

    // MARK: Connections

    /// Connects the caller to an LMS or feed: checks the URL, seals the credentials, and makes the
    /// calendar the connection's events go to. No data moves until the first sync.
    public func connect(_ caller: User, kind: LMSKind, baseURL: String, credentials: LMSCredentials) async throws -> LMSConnection {
        let url = try checkedURL(baseURL, field: kind == .ics ? "feedUrl" : "baseUrl", kind: kind)
        if case .feedURL(let feed) = credentials { _ = try checkedURL(feed, field: "feedUrl", kind: .ics) }
        let status: LMSConnectionStatus
        if case .awaitingAuthorization = credentials { status = .awaitingAuthorization } else { status = .active }
        return try await insertConnection(for: caller, kind: kind, url: url, credentials: credentials, status: status)
    }

    /// Connects with a username and password (Moodle): the LMS gives a key, which is kept; the
    /// password is used for that one request and never stored.
    public func connect(_ caller: User, kind: LMSKind, baseURL: String, username: String, password: String) async throws -> LMSConnection {
        guard let signIn = passwordSignIns[kind] else {
            throw LMSError.kindUnavailable(kind, "\(kind.displayName) does not sign in with a password here; paste its key instead.")
        }
        let url = try checkedURL(baseURL, field: "baseUrl", kind: kind)
        // Before signing in: over the limit, the LMS should not issue a key only to have it dropped.
        try quota.check(try await store.connections(ownedBy: caller.id).count)
        let credentials: LMSCredentials
        do {
            credentials = try await signIn.signIn(baseURL: Self.origin(url), username: username, password: password)
        } catch LMSImportError.credentialsRefused(let reason) {
            throw LMSError.invalid(ValidationIssue(field: "password", code: "password.refused", message: reason))
        } catch LMSImportError.unavailable(let reason) {
            throw LMSError.unavailable(reason)
        }
        return try await insertConnection(for: caller, kind: kind, url: url, credentials: credentials, status: .active)
    }

    func insertConnection(
        id: LMSConnectionID = .generate(), for caller: User, kind: LMSKind, url: URL, credentials: LMSCredentials, status: LMSConnectionStatus
    ) async throws -> LMSConnection {
        guard importers[kind] != nil else {
            throw LMSError.kindUnavailable(kind, "This server is not set up to connect to \(kind.displayName) yet; ask the IT help desk.")
        }
        return try await quota.admitting(
            caller.id, count: { try await store.connections(ownedBy: caller.id).count },
            make: {
                let now = clock.now()
                let calendar = try await calendars.create(
                    for: caller, CalendarChanges(name: "\(kind.displayName): \(url.host ?? "")", timeZone: caller.timeZone))
                let connection = LMSConnection(
                    id: id, ownerID: caller.id, kind: kind, baseURL: Self.origin(url), calendarID: calendar.id, status: status,
                    createdAt: now, updatedAt: now)
                try await store.insert(connection, sealedCredentials: try seal(credentials))
                return connection
            })
    }

    /// `https://host[:port]`: where the LMS is, without path or query (a feed's query is its secret).
    static func origin(_ url: URL) -> String { LMSSites.origin(url.absoluteString) ?? "https://\(url.host ?? "")" }

    public func connections(of caller: User) async throws -> [LMSConnection] { try await store.connections(ownedBy: caller.id) }

    public func connection(_ id: LMSConnectionID, for caller: User) async throws -> LMSConnection {
        guard let connection = try await store.connection(id: id), AccessPolicy.decideOwnItem(ownerID: connection.ownerID, caller: caller) == .allow
        else { throw LMSError.notFound }
        return connection
    }

    /// Ends the connection. The imported assignments and the connection's calendar go with it
    /// unless `keepData` (then they stay, no longer synced).
    public func disconnect(_ id: LMSConnectionID, for caller: User, keepData: Bool) async throws {
        let connection = try await connection(id, for: caller)
        try await store.delete(id: connection.id)
        if !keepData {
            for task in try await tasks.tasks(ownedBy: caller.id) where connection.imported(task) {
                try await tasks.delete(id: task.id, expectedVersion: task.version)
                try await notifications?.planReminders(taskID: task.id, task: nil, owner: caller)
            }
            // The student may have deleted the calendar already; then there is nothing left to do.
            try? await calendars.delete(connection.calendarID, for: caller, expectedVersion: nil)
        }
    }

    // MARK: Syncing

    /// Syncs one connection now, for its owner.
    public func sync(_ id: LMSConnectionID, for caller: User) async throws -> LMSSyncReport {
        let connection = try await connection(id, for: caller)
        switch connection.status {
        case .needsReconnect(let reason): throw LMSError.needsReconnect(reason)
        case .awaitingAuthorization: throw LMSError.awaitingAuthorization
        case .active: break
        }
        guard await running.begin(connection.id, at: clock.now()) else { throw LMSError.syncRunning }
        do {
            let report = try await syncNow(connection, for: caller)
            await running.end(connection.id)
            return report
        } catch {
            await running.end(connection.id)
            throw error
        }
    }

    private func syncNow(_ connection: LMSConnection, for caller: User) async throws -> LMSSyncReport {
        guard let importer = importers[connection.kind] else {
            throw LMSError.kindUnavailable(connection.kind, "This server no longer connects to \(connection.kind.displayName).")
        }
        let startedAt = clock.now()
        try await store.recordSyncAttempt(of: connection.id, at: startedAt)
        return try await disclosure.disclose(of: caller.id, to: Self.agreementID, categories: Self.categories) {
            let snapshot: LMSSnapshot
            do {
                snapshot = try await importer.snapshot(
                    of: connection, credentials: try await credentials(of: connection), owner: caller,
                    refreshed: { [store, sealing] fresh in
                        let sealed = try sealing.seal(Array(try JSONEncoder().encode(fresh)))
                        try await store.replaceCredentials(of: connection.id, sealed: sealed, status: .active, at: clock.now())
                    })
            } catch LMSImportError.credentialsRefused(let reason) {
                try await store.recordSync(of: connection.id, status: .needsReconnect(reason), report: nil, at: clock.now())
                try await notifications?.notify(
                    caller.id, kind: .assignment, title: "Reconnect your \(connection.kind.displayName) account",
                    body:
                        "\(connection.kind.displayName) no longer accepts CampusCal's sign-in (\(reason)). Connect again to keep your assignments up to date; what was imported stays.",
                    link: "/api/v1/lms/connections/\(connection.id)")
                throw LMSError.needsReconnect(reason)
            } catch LMSImportError.unavailable(let reason) {
                let report = LMSSyncReport(
                    startedAt: startedAt, finishedAt: clock.now(), failed: 1, problems: [LMSSyncProblem(scope: "connection", message: reason)],
                    complete: false)
                try await store.recordSync(of: connection.id, status: .active, report: report, at: clock.now())
                throw LMSError.unavailable(reason)
            }
            if snapshot.assignments.count + snapshot.events.count > maximumItemsPerSync {
                let reason =
                    "\(connection.kind.displayName) sent \(snapshot.assignments.count + snapshot.events.count) items, more than one sync takes (\(maximumItemsPerSync), limits.max_events_per_import); nothing was changed."
                let report = LMSSyncReport(
                    startedAt: startedAt, finishedAt: clock.now(), failed: 1, problems: [LMSSyncProblem(scope: "connection", message: reason)],
                    complete: false)
                try await store.recordSync(of: connection.id, status: .active, report: report, at: clock.now())
                throw LMSError.unavailable(reason)
            }
            let report = try await apply(snapshot, to: connection, owner: caller, startedAt: startedAt)
            let exchanged = snapshot.courses.count + snapshot.assignments.count + snapshot.events.count
            return (report, exchanged)
        }
    }

    /// The background round: syncs the connections whose turn has come — each about every `interval`
    /// seconds, offset by a fraction of the interval taken from its id so syncs spread out — at most
    /// `maximumConcurrent` at once. Students who have not agreed to the sync are skipped quietly.
    public func syncDueConnections(interval: TimeInterval, maximumConcurrent: Int) async throws -> (synced: Int, failed: Int) {
        let now = clock.now()
        let candidates = try await store.activeConnections(notSyncedSince: now.addingTimeInterval(-interval * 0.75), limit: 500)
        let due = candidates.filter { connection in
            guard let last = connection.lastSyncAt else { return true }
            let offset = Double(connection.id.rawValue.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }) / 65_536
            return now.timeIntervalSince(last) >= interval * (0.75 + offset * 0.5)
        }
        var synced = 0
        var failed = 0
        func count(_ outcome: Bool?) {
            guard let outcome else { return }
            if outcome { synced += 1 } else { failed += 1 }
        }
        try await withThrowingTaskGroup(of: Bool?.self) { group in
            var running = 0
            for connection in due {
                if running >= max(1, maximumConcurrent), let finished = try await group.next() {
                    running -= 1
                    count(finished)
                }
                group.addTask { [self] in
                    guard let owner = try await users.credentials(id: connection.ownerID)?.user else { return nil }
                    do {
                        _ = try await sync(connection.id, for: owner)
                        return true
                    } catch let error as PrivacyError {
                        if case .consentRequired = error { return nil }
                        return false
                    } catch LMSError.syncRunning {
                        return nil
                    } catch is LMSError {
                        return false
                    }
                }
                running += 1
            }
            for try await finished in group { count(finished) }
        }
        return (synced, failed)
    }

    private func apply(_ snapshot: LMSSnapshot, to connection: LMSConnection, owner: User, startedAt: Date) async throws -> LMSSyncReport {
        let mine = try await tasks.tasks(ownedBy: owner.id).filter(connection.imported)
        let existingEvents = Array(try await events.eventsByUID(in: connection.calendarID).values)
        // Courses and class lists first: under the same consent as the rest, and, like assignments,
        // removed only where a listing finished. What they return is the shared record of each
        // course, which the tasks and events of this sync then point at.
        var courseRecords: [String: CourseID] = [:]
        if let courses, let courseSync = LMSCourseSync(snapshot: snapshot, connection: connection) {
            courseRecords = courseSync.records(try await courses.apply(courseSync, at: clock.now()))
        }
        let plan = LMSSyncPlanner(connection: connection, owner: owner, now: clock.now(), courseRecords: courseRecords).plan(
            snapshot, existingTasks: mine, existingEvents: existingEvents)
        if !plan.isEmpty { try await store.apply(plan) }
        try await notify(plan, connection: connection, owner: owner)
        let report = LMSSyncReport(
            startedAt: startedAt, finishedAt: clock.now(), added: plan.insertTasks.count + plan.insertEvents.count,
            updated: plan.updateTasks.count + plan.replaceEvents.count - plan.removed + plan.deleteEvents.count, removed: plan.removed,
            unchanged: plan.unchanged, failed: snapshot.problems.count, problems: snapshot.problems, complete: snapshot.problems.isEmpty,
            courses: LMSCourseSyncCounts.tally(plan, snapshot))
        try await store.recordSync(of: connection.id, status: .active, report: report, at: clock.now())
        return report
    }

    /// After the write: reminders for what is new or moved, and the notices the student asked for.
    private func notify(_ plan: LMSSyncPlan, connection: LMSConnection, owner: User) async throws {
        guard let notifications else { return }
        try await notifications.planRemindersOfNewTasks(plan.insertTasks, owner: owner)
        for (task, _) in plan.updateTasks {
            try await notifications.planReminders(taskID: task.id, task: task.removedAt == nil ? task : nil, owner: owner)
        }
        for event in plan.insertEvents + plan.replaceEvents where !event.reminders.isEmpty {
            try await notifications.planReminders(eventID: event.id, event: event, owner: owner)
        }
        let zone = TimeZone(identifier: owner.timeZone) ?? .gmt
        for (old, new) in plan.dueChanges {
            let when = new.due.map {
                TaskChanges.dueEnd(of: $0, timeZone: zone).formatted(Date.FormatStyle(timeZone: zone).weekday().month().day().hour().minute())
            }
            _ = try await notifications.notify(
                owner.id, kind: .assignment, title: "Due date changed: \(new.title)",
                body: "\(new.title)\(new.course.map { " (\($0))" } ?? "") is now due \(when ?? "with no due date")"
                    + "\(old.due == nil ? "" : ", moved in \(connection.kind.displayName)").",
                link: "/api/v1/tasks/\(new.id.rawValue)")
        }
        // The first sync brings in every grade so far: that is not news.
        guard connection.lastSyncAt != nil else { return }
        for (old, new) in plan.gradeChanges { try await notifications.gradeChanged(from: old, to: new, owner: owner) }
    }

    // MARK: Credentials

    func credentials(of connection: LMSConnection) async throws -> LMSCredentials {
        guard let sealed = try await store.sealedCredentials(of: connection.id) else { throw LMSError.notFound }
        return try JSONDecoder().decode(LMSCredentials.self, from: Data(try sealing.open(sealed)))
    }

    func seal(_ credentials: LMSCredentials) throws -> [UInt8] {
        try sealing.seal(Array(try JSONEncoder().encode(credentials)))
    }

    /// An absolute http(s) URL with a host the campus allows. Plain http only to an address literal
    /// or localhost; whether that address may be reached at all is decided at each request
    /// (`lms.allowed_private_networks`, the importers' HTTP client).
    /// A kind with configured base URLs (`LMSSites`) accepts only one of them; a kind that sends the
    /// campus's OAuth client secret and has none configured is unavailable, never "any host".
    func checkedURL(_ text: String, field: String, kind: LMSKind) throws -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let configured = sites.baseURLs(of: kind)
        if kind != .ics && (!configured.isEmpty || LMSSites.usesCampusSecret(kind)) {
            guard !configured.isEmpty else { throw Self.notConfigured(kind) }
            guard let origin = LMSSites.origin(trimmed), configured.contains(origin), let url = URL(string: origin) else {
                throw LMSError.invalid(
                    ValidationIssue(
                        field: field, code: "\(field).not-configured",
                        message:
                            "Choose one of the \(kind.displayName) sites this campus set up (\(LMSSites.setting(for: kind))): \(configured.joined(separator: ", "))."
                    ))
            }
            return url
        }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty,
            scheme == "https" || (scheme == "http" && (host == "localhost" || Self.isAddressLiteral(host)))
        else {
            throw LMSError.invalid(
                ValidationIssue(field: field, code: "\(field).invalid", message: "Give the full https:// address, e.g. https://ilearn.example.edu."))
        }
        if !allowedHosts.isEmpty && !allowedHosts.contains(host) {
            throw LMSError.invalid(
                ValidationIssue(
                    field: field, code: "\(field).host-not-allowed",
                    message: "This server connects only to the campus's own LMS (\(allowedHosts.sorted().joined(separator: ", ")))."))
        }
        return url
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name.
    static func isAddressLiteral(_ host: String) -> Bool {
        host.contains(":") || (host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil })
    }

    /// A kind that sends the campus's client secret, with no base URL configured for it.
    static func notConfigured(_ kind: LMSKind) -> LMSError {
        .kindUnavailable(
            kind,
            "This server has no \(kind.displayName) site configured (\(LMSSites.setting(for: kind))), so it cannot connect there; ask the IT help desk, or connect its calendar feed instead (kind \"ics\")."
        )
    }
}
