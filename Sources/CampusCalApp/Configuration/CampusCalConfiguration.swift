import CampusCalCore
import Foundation

/// Every setting of the server, with its default.
///
/// Each setting has a key `section.name` (the TOML table and key in `config/campuscal.toml`), an
/// environment variable `CAMPUSCAL_SECTION_NAME`, and can be set on the command line with
/// `--set section.name=value`. Precedence, lowest to highest: default, file, environment, flags.
public struct CampusCalConfiguration: Sendable, Equatable {
    // [server]
    public var host = "127.0.0.1"
    public var port = 8080
    public var maxBodyBytes = 1 << 20
    public var maxImportBytes = 32 << 20
    public var maxRequestsInFlight = 512
    /// Changes (POST, PUT, PATCH, DELETE) in flight beyond which the server answers 503 at once:
    /// they all wait for the one SQLite writer, so a long queue of them is seconds of waiting.
    public var maxWritesInFlight = 64
    /// Connections the kernel queues for the server to accept. When a crowd connects at once (a
    /// lecture ends; every client reconnects after a restart), the ones beyond it are dropped and
    /// their clients retry after 1, then 3 s: Hummingbird's 256 did that at 3,000 requests/s.
    public var listenBacklog = 1024
    /// Request handlers run on the network threads (`EventLoopExecutor`); off only to diagnose a stall.
    public var eventLoopExecutor = true
    /// A connection that sends nothing for this long is closed: slow or abandoned clients cannot
    /// hold the server's connections (and file descriptors) for ever.
    public var idleTimeoutSeconds = 60
    /// A request's head (request line and headers) must arrive within this many seconds of its first byte.
    public var headerTimeoutSeconds = 10
    public var publicURL = ""
    /// Origins (`https://app.campus.edu`) whose pages may call `/api/` (CORS); empty: none.
    public var corsAllowedOrigins: [String] = []
    // [limits]
    /// What one person or one request may make the server hold or do (`ResourceLimits`).
    public var limits = ResourceLimits()
    // [database]
    public var databasePath = "data/campuscal.sqlite"
    /// Short writes (an event, a task) commit on the thread that took the request while nothing
    /// else is writing (`SQLiteDatabase.writeNow`); false: every write waits on the writer's thread.
    public var databaseInlineWrites = true
    // [security]
    /// The key file (LMS sealing keys, record-code key); empty: `campuscal.keys` beside the database (`ServerKeys`).
    public var keyFile = ""
    // [auth]
    public var bcryptCost = 12
    public var sessionIdleTimeoutSeconds = 3600
    public var sessionMaxLifetimeSeconds = 12 * 3600
    public var lockoutThreshold = 10
    public var lockoutWindowSeconds = 300
    public var lockoutDurationSeconds = 86_400
    /// Failed logins one source address may make, across all accounts, within `sourceWindowSeconds`
    /// before each further one makes it wait (review L5).
    public var sourceFailureAllowance = 30
    public var sourceWindowSeconds = 3600
    /// The first wait past the allowance; each further failure doubles it, up to `sourceMaxDelaySeconds`.
    public var sourceDelaySeconds = 2
    public var sourceMaxDelaySeconds = 3600
    /// Self-service registration: `auto` (open without directories, closed with), `open` or `closed` (review M3).
    public var registration = "auto"
    /// The realms (comma-separated) whose single sign-on names are this campus's accounts (review M4).
    public var ssoRealm = ""
    /// Whether people with local passwords may reset them through a code sent to a confirmed address.
    public var passwordReset = true
    public var resetTokenMinutes = 30
    public var confirmationCodeHours = 24
    /// Codes of one kind (confirmation, reset) one person may be sent within an hour.
    public var recoveryMessagesPerHour = 3
    public var defaultTimeZone = "UTC"
    // [log]
    public var logLevel = "info"
    public var logFormat = "text"
    // [metrics]
    /// The bearer token `/metrics` asks for; empty: open (it holds no personal data).
    public var metricsToken = ""
    // [mail]
    public var mailURL = ""
    public var mailSecurity = "starttls"
    public var mailUsername = ""
    public var mailPassword = ""
    public var mailPasswordFile = ""
    public var mailFrom = "CampusCal <campuscal@localhost>"
    public var mailCAFile = ""
    public var mailVerifyPeer = true
    public var mailTimeoutSeconds = 30
    public var mailMaxAttempts = 8
    /// Notices mailed or texted to one person within an hour, at most (review L2); 0 for no bound.
    public var mailMaxMessagesPerPersonPerHour = 30
    // [sharing]
    public var sharedCalendarBatchSeconds = 300
    // [sync]
    /// Days deletion records stay in the change log; a client that last synced longer ago starts over.
    public var syncTombstoneDays = 60
    /// Events kept decoded in memory for CalDAV listings, multigets and syncs (`CalendarResourceCache`).
    public var syncCachedEvents = 200_000
    /// Megabytes of events' calendar data kept ready to send to CalDAV clients (`CalendarDataCache`).
    public var syncCachedCalendarDataMiB = 64
    // [server], continued
    /// The browser app's folder (`web/`), served at `/` from memory; a missing folder leaves the
    /// plain page that says what this server is.
    public var webDirectory = "web"
    // [notifications]
    /// Private networks (CIDR, comma-separated) Web Push endpoints may be in, where plain http is
    /// allowed too; empty: only https endpoints on public addresses (the browsers' push services).
    public var pushAllowedPrivateNetworks = ""
    /// The VAPID contact push services see (`mailto:` or `https:`); empty: `mailto:` the mail sender.
    public var pushContact = ""
    // [privacy]
    /// The folder of disclosure agreements (one `.toml` file each); a missing folder means none.
    public var agreementsDirectory = "config/agreements"
    /// The campus's student numbers, as a regular expression, scrubbed from text released to third parties.
    public var studentIDPattern = #"\b\d{9}\b"#
    /// Aggregates released to third parties leave out cells of fewer people than this.
    public var minimumCellSize = 10
    // [lms]
    /// The LMS hosts students may connect to (comma-separated); empty: any https host.
    public var lmsAllowedHosts = ""
    /// The campus's Canvas sites (comma-separated base URLs): the only hosts that receive its Canvas
    /// client secret; students pick one. Empty: Canvas sign-in is unavailable.
    public var lmsCanvasBaseURLs = ""
    /// The campus's I-Learn (Brightspace) sites, as for Canvas. Empty: Brightspace sign-in is unavailable.
    public var lmsBrightspaceBaseURLs = ""
    /// The campus's Moodle sites; empty: any https host `lms.allowed_hosts` admits (Moodle keys are the student's own).
    public var lmsMoodleBaseURLs = ""
    /// Networks (CIDR, comma-separated) LMS and feed requests may reach although they are not public
    /// (loopback, private, link-local, CGNAT, unique-local); empty: public addresses only.
    public var lmsAllowedPrivateNetworks = ""
    /// How often each connection syncs in the background, in minutes (each at its own offset).
    public var lmsSyncIntervalMinutes = 60
    /// The campus's zone (IANA): deadlines a feed gives as bare dates end at 23:59 there. Empty: `auth.default_time_zone`.
    public var lmsCampusTimeZone = ""
    /// Canvas developer key (OAuth client) registered by the campus's Canvas admin; empty: none.
    public var lmsCanvasClientID = ""
    public var lmsCanvasClientSecret = ""
    /// Brightspace OAuth 2.0 app (Manage Extensibility → OAuth 2.0) registered by the campus's D2L admin; empty: none.
    public var lmsBrightspaceClientID = ""
    public var lmsBrightspaceClientSecret = ""
    /// D2L's sign-in and token endpoints: one host for every tenant (a test LMS in the tests).
    public var lmsBrightspaceAuthorizationURL = "https://auth.brightspace.com/oauth2/auth"
    public var lmsBrightspaceTokenURL = "https://auth.brightspace.com/core/connect/token"
    /// How many syncs run at once (LMS rate limits are per app and shared by every student).
    public var lmsMaximumConcurrentSyncs = 4
    // [plugins]
    /// Where plugins are installed: one folder each, holding `plugin.toml` and its library. A missing folder: none.
    public var pluginsDirectory = "data/plugins"
    /// The executable that hosts plugins with `isolation = "process"` (run with `plugin-runner`); empty: this server's own.
    public var pluginRunner = ""
    /// The only folder `POST /api/v1/admin/plugins` installs from (issue #26, review L6); empty: none, installs from the shell only.
    public var pluginStagingDirectory = "data/plugins-incoming"
    /// How often the server looks for plugins installed, removed, enabled or disabled from the shell.
    public var pluginRescanSeconds = 10
    // [auth] directories
    /// The `[directory.NAME]` tables to ask, in order (comma-separated); empty: every table, by name.
    public var directoryOrder = ""
    /// Whether accounts registered here (with a local password) may log in.
    public var localLoginEnabled = true
    /// The header a campus single sign-on front names people in; empty: single sign-on is off.
    public var ssoHeader = ""
    /// The addresses of the sign-on fronts (comma-separated IPs), the only ones whose header is believed.
    public var ssoTrustedProxies = "127.0.0.1, ::1"
    /// `[directory.NAME]` tables as written (`key → text`), turned into settings by `directorySettings()`.
    public var directoryTables: [String: [String: String]] = [:]

    public init() {}
}

/// One configuration key: its name, documentation and how to apply a textual value.
struct ConfigurationKey: Sendable {
    typealias Apply = @Sendable (inout CampusCalConfiguration, String) throws(ConfigurationValueError) -> Void

    let name: String
    /// Secret values are never printed (the effective configuration shown at start-up redacts them).
    let isSecret: Bool
    let apply: Apply
    let read: @Sendable (CampusCalConfiguration) -> String

    /// `CAMPUSCAL_` followed by the key in upper case, dots and dashes as underscores.
    var environmentVariable: String {
        "CAMPUSCAL_" + name.uppercased().replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "-", with: "_")
    }
}

/// Why a textual value does not fit its key.
struct ConfigurationValueError: Error {
    var expectation: String
}

extension ConfigurationKey {
    static func string(
        _ name: String, _ keyPath: any WritableKeyPath<CampusCalConfiguration, String> & Sendable, secret: Bool = false,
        allowed: [String]? = nil, allowEmpty: Bool = false
    ) -> ConfigurationKey {
        ConfigurationKey(
            name: name, isSecret: secret,
            apply: { configuration, value throws(ConfigurationValueError) in
                if let allowed, !allowed.contains(value) {
                    throw ConfigurationValueError(expectation: "one of \(allowed.joined(separator: ", "))")
                }
                if value.isEmpty && !allowEmpty { throw ConfigurationValueError(expectation: "a non-empty string") }
                configuration[keyPath: keyPath] = value
            },
            read: { $0[keyPath: keyPath] })
    }

    static func integer(
        _ name: String, _ keyPath: any WritableKeyPath<CampusCalConfiguration, Int> & Sendable, range: ClosedRange<Int>
    ) -> ConfigurationKey {
        ConfigurationKey(
            name: name, isSecret: false,
            apply: { configuration, value throws(ConfigurationValueError) in
                guard let number = Int(value.trimmingCharacters(in: .whitespaces)), range.contains(number) else {
                    throw ConfigurationValueError(expectation: "an integer from \(range.lowerBound) to \(range.upperBound)")
                }
                configuration[keyPath: keyPath] = number
            },
            read: { String($0[keyPath: keyPath]) })
    }

    /// `true`/`false` (TOML booleans arrive as 1/0, which are accepted too).
    static func boolean(_ name: String, _ keyPath: any WritableKeyPath<CampusCalConfiguration, Bool> & Sendable) -> ConfigurationKey {
        ConfigurationKey(
            name: name, isSecret: false,
            apply: { configuration, value throws(ConfigurationValueError) in
                switch value.trimmingCharacters(in: .whitespaces).lowercased() {
                case "true", "1": configuration[keyPath: keyPath] = true
                case "false", "0": configuration[keyPath: keyPath] = false
                default: throw ConfigurationValueError(expectation: "true or false")
                }
            },
            read: { String($0[keyPath: keyPath]) })
    }
}

extension CampusCalConfiguration {
    /// Every key the server understands. `config/campuscal.toml` documents each one.
    static let keys: [ConfigurationKey] = [
        .string("server.host", \.host),
        .integer("server.port", \.port, range: 0...65_535),
        .integer("server.max_body_bytes", \.maxBodyBytes, range: 1024...(64 << 20)),
        .integer("server.max_import_bytes", \.maxImportBytes, range: 1024...(1 << 30)),
        .integer("server.max_requests_in_flight", \.maxRequestsInFlight, range: 1...100_000),
        .integer("server.max_writes_in_flight", \.maxWritesInFlight, range: 1...100_000),
        .integer("server.listen_backlog", \.listenBacklog, range: 16...65_535),
        .boolean("server.event_loop_executor", \.eventLoopExecutor),
        .integer("server.idle_timeout_seconds", \.idleTimeoutSeconds, range: 5...3600),
        .integer("server.header_timeout_seconds", \.headerTimeoutSeconds, range: 1...300),
        .string("server.public_url", \.publicURL, allowEmpty: true),
        .origins("server.cors_allowed_origins", \.corsAllowedOrigins),
        .integer("limits.max_occurrences_per_request", \.limits.maximumOccurrencesPerRequest, range: 100...10_000_000),
        .integer("limits.max_events_per_import", \.limits.maximumEventsPerImport, range: 1...10_000_000),
        .integer("limits.max_calendars_per_user", \.limits.maximumCalendarsPerUser, range: 1...100_000),
        .integer("limits.max_events_per_calendar", \.limits.maximumEventsPerCalendar, range: 1...100_000_000),
        .integer("limits.max_lms_connections_per_user", \.limits.maximumLMSConnectionsPerUser, range: 0...1000),
        .integer("limits.max_groups_per_user", \.limits.maximumGroupsPerUser, range: 0...100_000),
        .integer("limits.max_feeds_per_user", \.limits.maximumFeedsPerUser, range: 0...100_000),
        .integer("limits.max_streams_per_user", \.limits.maximumStreamsPerUser, range: 1...1000),
        .integer("limits.max_unknown_names_per_hour", \.limits.maximumUnknownNamesPerHour, range: 0...100_000),
        .string("database.path", \.databasePath),
        .boolean("database.inline_writes", \.databaseInlineWrites),
        .string("security.key_file", \.keyFile, allowEmpty: true),
        // Cost 12 is the floor: below it, stolen hashes fall to offline guessing too quickly.
        .integer("auth.bcrypt_cost", \.bcryptCost, range: 12...16),
        .integer("auth.session_idle_timeout_seconds", \.sessionIdleTimeoutSeconds, range: 60...86_400),
        .integer("auth.session_max_lifetime_seconds", \.sessionMaxLifetimeSeconds, range: 60...(30 * 86_400)),
        .integer("auth.lockout_threshold", \.lockoutThreshold, range: 1...1000),
        .integer("auth.lockout_window_seconds", \.lockoutWindowSeconds, range: 1...86_400),
        .integer("auth.lockout_duration_seconds", \.lockoutDurationSeconds, range: 1...(30 * 86_400)),
        .integer("auth.source_failure_allowance", \.sourceFailureAllowance, range: 1...100_000),
        .integer("auth.source_window_seconds", \.sourceWindowSeconds, range: 60...(7 * 86_400)),
        .integer("auth.source_delay_seconds", \.sourceDelaySeconds, range: 1...3600),
        .integer("auth.source_max_delay_seconds", \.sourceMaxDelaySeconds, range: 1...86_400),
        .string("auth.registration", \.registration, allowed: ["auto", "open", "closed"]),
        .string("auth.default_time_zone", \.defaultTimeZone),
        .string("auth.directories", \.directoryOrder, allowEmpty: true),
        .boolean("auth.local_login", \.localLoginEnabled),
        .boolean("auth.password_reset", \.passwordReset),
        .integer("auth.reset_token_minutes", \.resetTokenMinutes, range: 5...1440),
        .integer("auth.confirmation_code_hours", \.confirmationCodeHours, range: 1...720),
        .integer("auth.recovery_messages_per_hour", \.recoveryMessagesPerHour, range: 1...100),
        .string("auth.sso_header", \.ssoHeader, allowEmpty: true),
        .string("auth.sso_trusted_proxies", \.ssoTrustedProxies, allowEmpty: true),
        .string("auth.sso_realm", \.ssoRealm, allowEmpty: true),
        .string("log.level", \.logLevel, allowed: ["trace", "debug", "info", "notice", "warning", "error", "critical"]),
        .string("log.format", \.logFormat, allowed: ["text", "json"]),
        .string("metrics.token", \.metricsToken, secret: true, allowEmpty: true),
        .string("mail.url", \.mailURL, allowEmpty: true),
        .string("mail.security", \.mailSecurity, allowed: ["starttls", "tls", "none"]),
        .string("mail.username", \.mailUsername, allowEmpty: true),
        .string("mail.password", \.mailPassword, secret: true, allowEmpty: true),
        .string("mail.password_file", \.mailPasswordFile, allowEmpty: true),
        .string("mail.from", \.mailFrom),
        .string("mail.ca_file", \.mailCAFile, allowEmpty: true),
        .boolean("mail.verify_peer", \.mailVerifyPeer),
        .integer("mail.timeout_seconds", \.mailTimeoutSeconds, range: 1...600),
        .integer("mail.max_attempts", \.mailMaxAttempts, range: 1...100),
        .integer("mail.max_messages_per_person_per_hour", \.mailMaxMessagesPerPersonPerHour, range: 0...10_000),
        .integer("sharing.change_notice_delay_seconds", \.sharedCalendarBatchSeconds, range: 0...86_400),
        .integer("sync.tombstone_days", \.syncTombstoneDays, range: 1...3_650),
        .integer("sync.cached_events", \.syncCachedEvents, range: 0...10_000_000),
        .integer("sync.cached_calendar_data_mib", \.syncCachedCalendarDataMiB, range: 0...16_384),
        .string("server.web_directory", \.webDirectory),
        .string("notifications.push_allowed_private_networks", \.pushAllowedPrivateNetworks, allowEmpty: true),
        .string("notifications.push_contact", \.pushContact, allowEmpty: true),
        .string("privacy.agreements_directory", \.agreementsDirectory),
        .string("privacy.student_id_pattern", \.studentIDPattern),
        // Below 5, a released count can point at one or two people.
        .integer("privacy.minimum_cell_size", \.minimumCellSize, range: 5...10_000),
        .string("lms.allowed_hosts", \.lmsAllowedHosts, allowEmpty: true),
        .string("lms.canvas_base_urls", \.lmsCanvasBaseURLs, allowEmpty: true),
        .string("lms.brightspace_base_urls", \.lmsBrightspaceBaseURLs, allowEmpty: true),
        .string("lms.moodle_base_urls", \.lmsMoodleBaseURLs, allowEmpty: true),
        .string("lms.allowed_private_networks", \.lmsAllowedPrivateNetworks, allowEmpty: true),
        .integer("lms.sync_interval_minutes", \.lmsSyncIntervalMinutes, range: 5...10_080),
        .integer("lms.max_concurrent_syncs", \.lmsMaximumConcurrentSyncs, range: 1...64),
        .string("lms.campus_time_zone", \.lmsCampusTimeZone, allowEmpty: true),
        .string("lms.canvas_client_id", \.lmsCanvasClientID, allowEmpty: true),
        .string("lms.canvas_client_secret", \.lmsCanvasClientSecret, secret: true, allowEmpty: true),
        .string("lms.brightspace_client_id", \.lmsBrightspaceClientID, allowEmpty: true),
        .string("lms.brightspace_client_secret", \.lmsBrightspaceClientSecret, secret: true, allowEmpty: true),
        .string("lms.brightspace_authorization_url", \.lmsBrightspaceAuthorizationURL),
        .string("lms.brightspace_token_url", \.lmsBrightspaceTokenURL),
        .string("plugins.directory", \.pluginsDirectory, allowEmpty: true),
        .string("plugins.runner", \.pluginRunner, allowEmpty: true),
        .string("plugins.staging_directory", \.pluginStagingDirectory, allowEmpty: true),
        .integer("plugins.rescan_seconds", \.pluginRescanSeconds, range: 1...3600),
    ]

    /// The effective settings as `key = value` lines, secrets redacted; logged at start-up.
    public var redactedDescription: [String] {
        Self.keys.map { key in "\(key.name) = \(key.isSecret ? "<redacted>" : key.read(self))" }
            + directoryTables.keys.sorted().flatMap { name in
                directoryTables[name]!.keys.sorted().map { key in
                    let value = directoryTables[name]![key]!
                    return "directory.\(name).\(key) = \(key == "bind_password" ? "<redacted>" : value.replacingOccurrences(of: "\n", with: ", "))"
                }
            }
    }
}
