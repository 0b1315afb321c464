import CampusCalAPI
import CampusCalCore
import CampusCalDirectory
import CampusCalICalendar
import CampusCalImporters
import CampusCalMail
import CampusCalPlugins
import CampusCalPrivacy
import CampusCalPush
import CampusCalSecurity
import CampusCalStorage
import Foundation
import Logging

/// The composition root: opens the store and wires the domain services to it.
///
/// Used by `serve` and by every CLI command, so both see the same rules.
public struct CampusCalServices: Sendable {
    public let configuration: CampusCalConfiguration
    public let database: SQLiteDatabase
    public let accounts: AccountService
    /// Address confirmation and self-service password reset (issue #25, review L2).
    public let recovery: AccountRecovery
    /// Per-device passwords for CalDAV clients (issue #29).
    public let appPasswords: AppPasswordService
    public let calendars: CalendarService
    /// What changed since a sync token (the change log; `GET /api/v1/changes`, CalDAV sync later).
    public let changes: ChangeFeed
    public let events: EventService
    public let feeds: CalendarFeeds
    public let tasks: TaskService
    public let todo: TodoListService
    /// Study groups: members, invitations, requests to join, announcements, chat, links.
    public let groups: GroupService
    public let notifications: NotificationService
    /// The server's clock (a test's moves without sleeping).
    public let clock: any TimeSource
    /// Invitations to events (or not tied to one) and their answers.
    public let invitations: InvitationService
    /// Courses and class lists (filled by the LMS importers).
    public let courses: CourseService
    /// Calendar shares, group calendars and the batched notices of changes to shared calendars.
    public let sharing: CalendarSharingService
    /// Disclosure agreements and consents (FERPA §99.30).
    public let consents: ConsentService
    /// Every release of a person's data to someone else (FERPA §99.32).
    public let disclosures: DisclosureLog
    /// A person's own data: export and account deletion.
    public let personalData: PersonalDataService
    /// The one way data leaves for third parties: de-identified views, aggregates, consented releases.
    public let privacyGate: PrivacyGate
    /// Students' LMS connections (I-Learn, Canvas, Moodle, calendar feeds) and their syncs.
    public let lms: LMSSyncService
    /// Installed plugins (loaded by `CampusCalServer` at start-up, or by `plugins.loadAll()`).
    public let plugins: PluginManager
    /// Which plugins an administrator turned off (for `campuscal plugin`).
    public let pluginSettings: any PluginSettingsStore
    /// Tops up repeating items' reminders as they fire.
    public let reminderReplanner: ReminderReplanner
    public let maintenance: MaintenanceNoticeService
    /// Sends the outbox by email and text; nil when `[mail]` has no URL.
    public let mailer: NoticeMailer?
    /// Open notification streams; closed on graceful shutdown so that they let the server stop.
    public let liveNotices: LiveNoticeHub
    /// Sessions' activity, kept in memory and written every few seconds by `SessionActivityService`.
    public let sessionActivity: BufferedSessionActivity
    /// What `/metrics` shows: the requests the API counts, and figures read at each scrape.
    public let metrics: ServerMetrics
    /// Browsers subscribed to Web Push, and the server's VAPID key they subscribe to.
    public let pushSubscriptions: PushSubscriptionService
    public let vapidKey: VAPIDKey
    /// The browser app (`server.web_directory`), read once at start; nil when the folder is absent.
    public let webApp: WebAppBundle?

    /// - Parameters:
    ///   - passwordHasher: replaces bcrypt at the configured cost (tests use a low cost to stay fast).
    ///   - clock: replaces the wall clock (tests move time without sleeping).
    ///   - migrate: apply pending migrations on open (the default, as `serve` does).
    public init(
        configuration: CampusCalConfiguration, passwordHasher: (any PasswordHashing)? = nil, clock: any TimeSource = SystemTimeSource(),
        migrate: Bool = true
    ) throws {
        self.configuration = configuration
        self.clock = clock
        let database = try SQLiteDatabase(
            path: configuration.databasePath, migrate: migrate, inlineWrites: configuration.databaseInlineWrites)
        self.database = database
        let sessionActivity = BufferedSessionActivity(base: SQLiteSessionStore(database: database))
        self.sessionActivity = sessionActivity
        // Before the accounts: it ends the live streams of every session they end.
        // Every notice path shares it: mail per person per hour is bounded in its outbox (review L2).
        let noticeStore = SQLiteNoticeStore(database: database, hourlyMessageLimit: configuration.mailMaxMessagesPerPersonPerHour)
        let liveNotices = LiveNoticeHub(maximumStreamsPerUser: configuration.limits.maximumStreamsPerUser)
        self.liveNotices = liveNotices
        let appPasswordStore = SQLiteAppPasswordStore(database: database)
        self.accounts = AccountService(
            users: SQLiteUserStore(database: database), sessions: sessionActivity,
            throttle: SQLiteLoginThrottleStore(database: database),
            hasher: passwordHasher ?? BcryptPasswordHasher(cost: UInt8(configuration.bcryptCost)), tokens: SessionTokenIssuer(),
            clock: clock,
            sessionPolicy: SessionPolicy(
                idleTimeout: TimeInterval(configuration.sessionIdleTimeoutSeconds),
                absoluteLifetime: TimeInterval(configuration.sessionMaxLifetimeSeconds)),
            lockoutPolicy: LockoutPolicy(
                threshold: configuration.lockoutThreshold, window: TimeInterval(configuration.lockoutWindowSeconds),
                lockDuration: TimeInterval(configuration.lockoutDurationSeconds)),
            sourcePolicy: SourceThrottlePolicy(
                allowance: configuration.sourceFailureAllowance, window: TimeInterval(configuration.sourceWindowSeconds),
                baseDelay: TimeInterval(configuration.sourceDelaySeconds), maximumDelay: TimeInterval(configuration.sourceMaxDelaySeconds)),
            defaultTimeZone: configuration.defaultTimeZone,
            directories: try configuration.directorySettings().map(LDAPDirectory.init(settings:)),
            localLoginEnabled: configuration.localLoginEnabled, revocations: liveNotices,
            // Its own notification service (the main one is made later, with the plugins as a
            // channel): a lock notice goes to the inbox, open apps and, when configured, email.
            failedLogins: NoticeFailedLoginObserver(
                notifications: NotificationService(notices: noticeStore, channels: [liveNotices], clock: clock)),
            registration: RegistrationPolicy(rawValue: configuration.registration) ?? .auto,
            ssoRealms: configuration.ssoRealm.split(separator: ",").map(String.init),
            confirmedAddresses: SQLiteAccountRecoveryStore(database: database), appPasswords: appPasswordStore)
        self.appPasswords = AppPasswordService(store: appPasswordStore, accounts: accounts)
        self.calendars = CalendarService(
            calendars: SQLiteCalendarStore(database: database), shares: SQLiteCalendarShareStore(database: database), clock: clock,
            limits: configuration.limits)
        self.changes = ChangeFeed(
            log: SQLiteChangeLogStore(database: database), calendars: calendars, clock: clock, tombstoneDays: configuration.syncTombstoneDays)
        // Consent and the disclosure log before anything that releases data; plugins before the
        // services whose changes their event hooks hear about.
        self.consents = ConsentService(
            agreements: try AgreementFiles.load(directory: configuration.agreementsDirectory), consents: SQLiteConsentStore(database: database),
            clock: clock)
        do {
            self.webApp = try WebAppBundle.load(
                directory: configuration.webDirectory, version: CampusCalVersion.current, campusSignOn: !configuration.ssoHeader.isEmpty)
        } catch let error as WebAppBundleError {
            throw ConfigurationError(description: error.description)
        }
        self.disclosures = DisclosureLog(store: SQLiteDisclosureStore(database: database), clock: clock)
        // From the key file or the environment, never the database (issue #25, review M8).
        let keys = try ServerKeys.load(configuration: configuration, database: database)
        let pluginStore = SQLitePluginStateStore(database: database)
        self.pluginSettings = pluginStore
        let pluginPrivacy = PluginPrivacy(
            users: SQLiteUserStore(database: database), consents: consents, log: disclosures, secret: { keys.recordCodeKey })
        // Filled once the event service exists (it needs the plugin manager for its event hooks).
        let pluginCalendars = PluginCalendarHostSlot()
        self.plugins = PluginManager(
            directory: configuration.pluginsDirectory.isEmpty ? nil : configuration.pluginsDirectory,
            loader: PluginLoader(
                logger: Logger(label: "campuscal.plugins"), state: pluginStore,
                // "Loading" markers sit beside the database, which survives restarts (and container rebuilds).
                markerDirectory: ((configuration.databasePath as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent("plugin-markers")),
            logger: Logger(label: "campuscal.plugins"),
            // Runners log as the server does (format and level), so that a JSON log stays JSON.
            runner: PluginRunnerCommand(
                executable: configuration.pluginRunner.isEmpty ? PluginRunnerCommand.ownExecutable.executable : configuration.pluginRunner,
                arguments: ["plugin-runner", "--log-format", configuration.logFormat, "--log-level", configuration.logLevel]),
            settings: pluginStore, gate: pluginPrivacy, calendarHost: pluginCalendars,
            stagingDirectory: configuration.pluginStagingDirectory.isEmpty ? nil : configuration.pluginStagingDirectory)
        // Web Push: the browsers people turned notifications on in, reached through the same
        // guarded outbound client as the LMSs, with its own list of allowed networks.
        let (pushOutbound, invalidPushNetworks) = OutboundAddressPolicy.parse(configuration.pushAllowedPrivateNetworks)
        guard invalidPushNetworks.isEmpty else {
            throw ConfigurationError(
                description:
                    "notifications.push_allowed_private_networks: \(invalidPushNetworks.joined(separator: ", ")) is not a network; write CIDR, e.g. 10.20.0.0/16."
            )
        }
        var pushHTTP = LMSHTTPClient(timeout: 10, maximumBodyBytes: 64 << 10, addressPolicy: pushOutbound, logger: Logger(label: "campuscal.push"))
        pushHTTP.userAgent = "CampusCal (Web Push)"
        pushHTTP.networksSetting = "notifications.push_allowed_private_networks"
        let pushStore = SQLitePushSubscriptionStore(database: database)
        self.vapidKey = VAPIDKey(deriveFrom: keys.recordCodeKey)
        self.pushSubscriptions = PushSubscriptionService(
            store: pushStore, clock: clock, endpointRefusal: { Self.pushEndpointRefusal($0, policy: pushOutbound) },
            isBrowserKey: WebPushEncryption.isBrowserKey)
        let push = WebPushChannel(
            subscriptions: pushStore, key: vapidKey, contact: Self.pushContact(configuration), http: pushHTTP, clock: clock)
        // Notifications first: events and tasks plan their reminders through it.
        let notifications = NotificationService(
            notices: noticeStore, channels: [liveNotices, plugins, push], clock: clock)
        self.notifications = notifications
        var events = EventService(
            events: SQLiteEventStore(database: database), calendars: calendars, clock: clock, notifications: notifications,
            users: SQLiteUserStore(database: database), changes: plugins, limits: configuration.limits,
            resourceCache: CalendarResourceCache(capacity: configuration.syncCachedEvents))
        // Every caller of the event service (routes, plugins, imports) tells invitees of changes.
        events.invitees = InvitationNotices(invitations: SQLiteInvitationStore(database: database), notifications: notifications, clock: clock)
        self.events = events
        pluginCalendars.fill(
            PluginCalendarBridge(
                gate: pluginPrivacy, users: SQLiteUserStore(database: database), calendars: calendars, events: events,
                links: SQLitePluginCalendarStore(database: database)))
        self.feeds = CalendarFeeds(calendars: calendars, tokens: SessionTokenIssuer(), limits: configuration.limits)
        self.tasks = TaskService(tasks: SQLiteTaskStore(database: database), clock: clock, notifications: notifications, changes: plugins)
        self.reminderReplanner = ReminderReplanner(users: SQLiteUserStore(database: database), tasks: tasks, events: events)
        if let mail = try configuration.mailSettings() {
            let transport: SMTPMailer
            do {
                transport = try SMTPMailer(configuration: mail.smtp)
            } catch {
                throw ConfigurationError(description: "mail: \(error.message)")
            }
            self.mailer = NoticeMailer(
                notices: notifications.notices, transport: transport, from: mail.from, clock: clock, maxAttempts: configuration.mailMaxAttempts,
                publicURL: configuration.publicURL.isEmpty ? nil : configuration.publicURL)
        } else {
            self.mailer = nil
        }
        self.recovery = AccountRecovery(
            store: SQLiteAccountRecoveryStore(database: database), accounts: accounts, notices: notifications.notices,
            messenger: mailer.map { MailAccountMessenger(transport: $0.transport, from: $0.from, clock: clock) } ?? NoAccountMessenger(),
            policy: RecoveryPolicy(
                selfServiceReset: configuration.passwordReset, resetLifetime: TimeInterval(configuration.resetTokenMinutes * 60),
                confirmationLifetime: TimeInterval(configuration.confirmationCodeHours * 3600),
                codesPerPersonPerHour: configuration.recoveryMessagesPerHour),
            notifications: notifications)
        self.maintenance = MaintenanceNoticeService(
            store: SQLiteMaintenanceNoticeStore(database: database), notifications: notifications, clock: clock)
        self.todo = TodoListService(entries: SQLiteTodoStore(database: database), tasks: tasks, clock: clock)
        self.groups = GroupService(
            groups: SQLiteGroupStore(database: database), users: SQLiteUserStore(database: database), clock: clock, notifications: notifications,
            limits: configuration.limits)
        self.invitations = InvitationService(
            invitations: SQLiteInvitationStore(database: database), events: events, groups: groups.groups, users: SQLiteUserStore(database: database),
            clock: clock, notifications: notifications, people: groups.people)
        self.courses = CourseService(courses: SQLiteCourseStore(database: database))
        self.sharing = CalendarSharingService(
            calendars: calendars, groups: groups, clock: clock, notifications: notifications,
            batchWindow: TimeInterval(configuration.sharedCalendarBatchSeconds))
        self.personalData = PersonalDataService(
            store: SessionEndingPersonalDataStore(base: SQLitePersonalDataStore(database: database), observer: liveNotices),
            users: SQLiteUserStore(database: database), log: disclosures, clock: clock)
        do {
            _ = try NSRegularExpression(pattern: configuration.studentIDPattern)
        } catch {
            throw ConfigurationError(description: "privacy.student_id_pattern is not a valid regular expression.")
        }
        let campusTimeZone = configuration.lmsCampusTimeZone.isEmpty ? configuration.defaultTimeZone : configuration.lmsCampusTimeZone
        let lmsSites = try Self.lmsSites(configuration)
        let (outbound, invalidNetworks) = OutboundAddressPolicy.parse(configuration.lmsAllowedPrivateNetworks)
        guard invalidNetworks.isEmpty else {
            throw ConfigurationError(
                description:
                    "lms.allowed_private_networks: \(invalidNetworks.joined(separator: ", ")) is not a network; write CIDR, e.g. 10.20.0.0/16 or 127.0.0.1/32."
            )
        }
        // One client for every LMS, feed and sign-in request: the address policy is checked on each (review M1).
        let lmsHTTP = LMSHTTPClient(addressPolicy: outbound)
        let canvasClient =
            configuration.lmsCanvasClientID.isEmpty
            ? nil
            : OAuthClient.canvas(
                id: configuration.lmsCanvasClientID, secret: configuration.lmsCanvasClientSecret, baseURLs: lmsSites.baseURLs(of: .canvas))
        let brightspaceClient =
            configuration.lmsBrightspaceClientID.isEmpty
            ? nil
            : OAuthClient.brightspace(
                id: configuration.lmsBrightspaceClientID, secret: configuration.lmsBrightspaceClientSecret,
                authorizationEndpoint: configuration.lmsBrightspaceAuthorizationURL, tokenEndpoint: configuration.lmsBrightspaceTokenURL,
                baseURLs: lmsSites.baseURLs(of: .brightspace))
        self.lms = LMSSyncService(
            store: SQLiteLMSConnectionStore(database: database), users: SQLiteUserStore(database: database),
            tasks: SQLiteTaskStore(database: database),
            events: SQLiteEventStore(database: database), calendars: calendars,
            sealing: keys.sealing,
            importers: [
                MoodleImporter(http: lmsHTTP, clock: clock),
                CanvasImporter(http: lmsHTTP, client: canvasClient, clock: clock),
                BrightspaceImporter(http: lmsHTTP, client: brightspaceClient, campusTimeZone: campusTimeZone, clock: clock),
                ICSFeedImporter(http: lmsHTTP, campusTimeZone: campusTimeZone),
            ],
            authorizers: [
                canvasClient.map { OAuthAuthorizer(kind: .canvas, client: $0, http: lmsHTTP, clock: clock) },
                brightspaceClient.map { OAuthAuthorizer(kind: .brightspace, client: $0, http: lmsHTTP, clock: clock) },
            ].compactMap { $0 },
            passwordSignIns: [MoodleImporter(http: lmsHTTP, clock: clock)], tokens: SessionTokenIssuer(),
            disclosure: ConsentedDisclosure(consents: consents, log: disclosures), notifications: notifications, clock: clock,
            allowedHosts: Set(
                configuration.lmsAllowedHosts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }),
            sites: lmsSites, limits: configuration.limits, courses: SQLiteCourseStore(database: database))
        self.privacyGate = PrivacyGate(
            sources: .init(
                users: SQLiteUserStore(database: database), calendars: calendars, events: events, tasks: SQLiteTaskStore(database: database),
                courses: SQLiteCourseStore(database: database)),
            consents: consents, log: disclosures, secret: { keys.recordCodeKey },
            studentIDPattern: configuration.studentIDPattern,
            minimumCellSize: configuration.minimumCellSize, clock: clock, ledger: SQLiteReleaseLedgerStore(database: database))
        self.metrics = Self.serverMetrics(
            figures: SQLiteOperationalFigures(database: database), notices: noticeStore, plugins: plugins,
            liveNotices: liveNotices)
    }

    /// The figures `/metrics` reads at each scrape. One that cannot be read is left out of that
    /// scrape (Prometheus then shows a gap, which is the truth) rather than failing it.
    static func serverMetrics(
        figures: SQLiteOperationalFigures, notices: any NoticeStore, plugins: PluginManager, liveNotices: LiveNoticeHub
    ) -> ServerMetrics {
        ServerMetrics {
            // Streams are not shed with requests (they stay open for hours), so they are counted here.
            var samples: [ServerMetrics.Sample] = [
                .init(name: "notification_streams", help: "Live notification streams open.", value: Double(liveNotices.openStreams))
            ]
            if let depth = try? await notices.outboxDepth() {
                samples.append(
                    .init(
                        name: "notification_outbox", unit: "deliveries", help: "Email and text deliveries waiting to be sent.", value: Double(depth)))
            }
            for (kind, status, count) in (try? await figures.lmsConnections()) ?? [] {
                samples.append(
                    .init(
                        name: "lms_connections", help: "LMS connections by kind and how their last sync ended.",
                        labels: [("kind", kind), ("status", status)], value: Double(count)))
            }
            for (role, count) in (try? await figures.accounts()) ?? [] {
                samples.append(.init(name: "accounts", help: "Accounts by role.", labels: [("role", role)], value: Double(count)))
            }
            for info in await plugins.plugins() {
                samples.append(
                    .init(
                        name: "plugin_active", help: "1 for each plugin that is active, 0 for one disabled or failed.",
                        labels: [("plugin", info.manifest.id)], value: info.status == .active ? 1 : 0))
            }
            for (plugin, calls, timeouts) in PluginManager.callCounts() {
                samples.append(
                    .init(
                        name: "plugin_calls", unit: "total", help: "Calls into a plugin (in the server, or round trips to its runner).",
                        kind: .counter, labels: [("plugin", plugin)], value: Double(calls)))
                samples.append(
                    .init(
                        name: "plugin_timeouts", unit: "total", help: "Plugin calls that overran their deadline.", kind: .counter,
                        labels: [("plugin", plugin)], value: Double(timeouts)))
            }
            return samples
        }
    }

    /// The HTTP API over these services.
    public func httpAPI() -> CampusCalHTTPAPI {
        let database = self.database
        var dependencies = CampusCalHTTPAPI.Dependencies(
            accounts: accounts, calendars: calendars, events: events, feeds: feeds, tasks: tasks, todo: todo, groups: groups,
            notifications: notifications, liveNotices: liveNotices, maintenance: maintenance,
            groupFreeBusy: GroupFreeBusyService(groups: groups, events: events),
            publicURL: configuration.publicURL.isEmpty ? nil : configuration.publicURL, readiness: { try await database.ping() },
            bodyLimits: BodyLimits(maximumBytes: configuration.maxBodyBytes, maximumImportBytes: configuration.maxImportBytes),
            invitations: invitations, sharing: sharing,
            singleSignOn: SingleSignOn(
                header: configuration.ssoHeader,
                trustedProxies: configuration.ssoTrustedProxies.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }),
            courses: courses,
            lms: lms,
            privacy: PrivacyDependencies(consents: consents, disclosures: disclosures, personalData: personalData, gate: privacyGate),
            plugins: plugins, pluginAdministration: plugins, fileConverter: plugins, metrics: metrics,
            metricsToken: configuration.metricsToken.isEmpty ? nil : configuration.metricsToken,
            maximumRequestsInFlight: configuration.maxRequestsInFlight, maximumWritesInFlight: configuration.maxWritesInFlight)
        dependencies.recovery = recovery
        dependencies.calendarDataCacheBytes = configuration.syncCachedCalendarDataMiB << 20
        dependencies.changes = changes
        dependencies.appPasswords = appPasswords
        dependencies.webApp = webApp
        dependencies.push = (pushSubscriptions, vapidKey.publicKey)
        dependencies.crossOrigin = CrossOriginPolicy(allowedOrigins: configuration.corsAllowedOrigins)
        return CampusCalHTTPAPI(dependencies)
    }
}

extension CampusCalServices {
    /// Why a browser's push endpoint is refused when it is subscribed, or nil: https, or plain
    /// http to an address literal inside `notifications.push_allowed_private_networks`. Names are
    /// resolved and checked again at every send (`LMSHTTPClient`), so this is the early, clear answer.
    static func pushEndpointRefusal(_ url: URLComponents, policy: OutboundAddressPolicy) -> String? {
        let literal = url.host.flatMap { IPNetwork.parseAddress($0.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))) }
        if let literal, !policy.permits(literal) {
            return "is a private address that notifications.push_allowed_private_networks does not list"
        }
        if url.scheme?.lowercased() == "https" { return nil }
        guard let literal, policy.allowsPrivately(literal) else {
            return "must be an https URL (plain http only inside notifications.push_allowed_private_networks)"
        }
        return nil
    }

    /// The VAPID `sub`: `notifications.push_contact`, else `mailto:` the address in `mail.from`.
    static func pushContact(_ configuration: CampusCalConfiguration) -> String {
        if !configuration.pushContact.isEmpty { return configuration.pushContact }
        let from = configuration.mailFrom
        let address = from.firstIndex(of: "<").flatMap { start in
            from[from.index(after: start)...].firstIndex(of: ">").map { String(from[from.index(after: start)..<$0]) }
        }
        return "mailto:" + (address ?? from).trimmingCharacters(in: .whitespaces)
    }

    /// The LMS sites the campus configured per kind (`lms.*_base_urls`), checked at start: an entry
    /// that is not an http(s) URL stops the server with the setting named, rather than silently
    /// leaving a kind unavailable (issue #25, review H3).
    static func lmsSites(_ configuration: CampusCalConfiguration) throws -> LMSSites {
        var sites: [LMSKind: [String]] = [:]
        for (kind, setting) in [
            (LMSKind.canvas, configuration.lmsCanvasBaseURLs), (.brightspace, configuration.lmsBrightspaceBaseURLs),
            (.moodle, configuration.lmsMoodleBaseURLs),
        ] {
            let (origins, invalid) = LMSSites.parse(setting)
            guard invalid.isEmpty else {
                throw ConfigurationError(
                    description:
                        "\(LMSSites.setting(for: kind)): \(invalid.joined(separator: ", ")) is not an http(s) URL; list the site's address, e.g. https://canvas.example.edu."
                )
            }
            sites[kind] = origins
        }
        return LMSSites(baseURLs: sites)
    }
}
