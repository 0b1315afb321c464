import CampusCalCore
import Foundation
import Hummingbird
import Logging
import Synchronization

/// Builds the HTTP API: the router with every endpoint, its middleware, and the endpoint catalog.
///
/// To add an endpoint: write its handler in a `Routes/…Routes.swift` file, register it through the
/// `RouteTable`, and describe it in `OpenAPI/OpenAPIDocument.swift` (a test fails until both agree).
public struct CampusCalHTTPAPI {
    /// What the API needs from the rest of the server.
    public struct Dependencies: Sendable {
        public var accounts: AccountService
        /// Address confirmation and self-service password reset; nil leaves their routes out (some tests).
        public var recovery: AccountRecovery?
        /// App passwords for CalDAV clients (issue #29); nil leaves their routes and CalDAV out (some tests).
        public var appPasswords: AppPasswordService?
        public var calendars: CalendarService
        /// `GET /api/v1/changes`; nil leaves the route out.
        public var changes: ChangeFeed?
        public var events: EventService
        public var feeds: CalendarFeeds
        public var tasks: TaskService
        public var todo: TodoListService
        public var groups: GroupService
        /// Invitations and RSVPs; nil serves no invitation endpoints.
        public var invitations: InvitationService?
        public var notifications: NotificationService
        public var liveNotices: LiveNoticeHub
        public var maintenance: MaintenanceNoticeService
        public var groupFreeBusy: GroupFreeBusyService
        /// Courses and class lists; nil leaves their routes out (some tests).
        public var courses: CourseService?
        /// The campus single sign-on front to trust; nil: none.
        public var singleSignOn: SingleSignOn?
        /// Calendar shares and group calendars; nil leaves their routes out (some tests).
        public var sharing: CalendarSharingService?
        /// LMS connections and syncs; nil leaves their routes out (some tests).
        public var lms: LMSSyncService?
        /// Consents, the disclosure log, the personal-data export and deletion, third-party releases; nil leaves them out.
        public var privacy: PrivacyDependencies?
        /// Plugins and their day labels; nil leaves their routes out (some tests).
        public var plugins: (any PluginCatalog)?
        /// Installing, enabling, disabling and removing plugins while the server runs; nil leaves `/api/v1/admin/plugins` out.
        public var pluginAdministration: (any PluginAdministration)?
        /// Calendar files in the formats plugins add (export and import); nil: iCalendar only.
        public var fileConverter: (any PluginFileConverter)?
        /// What `/metrics` shows; every request is counted into it.
        public var metrics: ServerMetrics
        /// A bearer token `/metrics` asks for (`metrics.token`); nil: open (it holds no personal data).
        public var metricsToken: String?
        /// The server's public base URL (for links it hands out); nil means "the Host the request used".
        public var publicURL: String?
        /// Throws when the server cannot serve requests (database unreachable).
        public var readiness: @Sendable () async throws -> Void
        public var bodyLimits: BodyLimits
        /// Requests in flight beyond which the server answers 503 at once (`LoadSheddingMiddleware`).
        public var maximumRequestsInFlight: Int
        /// Changes (not GET, HEAD or OPTIONS) in flight beyond which the server answers 503 at once.
        public var maximumWritesInFlight: Int
        /// Origins whose pages may call `/api/` (`server.cors_allowed_origins`); empty: no CORS headers.
        public var crossOrigin = CrossOriginPolicy(allowedOrigins: [])
        /// Web Push subscriptions and the server's VAPID public key (base64url); nil leaves their routes out (some tests).
        public var push: (subscriptions: PushSubscriptionService, publicKey: String)?
        /// The browser app served at `/` (`web.directory`); nil: `/` is the plain page saying what this server is.
        public var webApp: WebAppBundle?
        /// Bytes of events' calendar data kept for CalDAV answers (`sync.cached_calendar_data_mib`).
        public var calendarDataCacheBytes = 64 << 20

        public init(
            accounts: AccountService, calendars: CalendarService, events: EventService, feeds: CalendarFeeds, tasks: TaskService,
            todo: TodoListService, groups: GroupService, notifications: NotificationService, liveNotices: LiveNoticeHub,
            maintenance: MaintenanceNoticeService, groupFreeBusy: GroupFreeBusyService, publicURL: String? = nil,
            readiness: @escaping @Sendable () async throws -> Void,
            bodyLimits: BodyLimits = BodyLimits(), invitations: InvitationService? = nil, sharing: CalendarSharingService? = nil,
            singleSignOn: SingleSignOn? = nil, courses: CourseService? = nil, lms: LMSSyncService? = nil, privacy: PrivacyDependencies? = nil,
            plugins: (any PluginCatalog)? = nil, pluginAdministration: (any PluginAdministration)? = nil,
            fileConverter: (any PluginFileConverter)? = nil, metrics: ServerMetrics = ServerMetrics(), metricsToken: String? = nil,
            maximumRequestsInFlight: Int = 512, maximumWritesInFlight: Int = 64
        ) {
            self.maximumRequestsInFlight = maximumRequestsInFlight
            self.maximumWritesInFlight = maximumWritesInFlight
            self.metrics = metrics
            self.metricsToken = metricsToken
            self.plugins = plugins
            self.fileConverter = fileConverter
            self.pluginAdministration = pluginAdministration
            self.lms = lms
            self.privacy = privacy
            self.accounts = accounts
            self.calendars = calendars
            self.events = events
            self.feeds = feeds
            self.tasks = tasks
            self.todo = todo
            self.groups = groups
            self.notifications = notifications
            self.liveNotices = liveNotices
            self.maintenance = maintenance
            self.groupFreeBusy = groupFreeBusy
            self.publicURL = publicURL
            self.readiness = readiness
            self.bodyLimits = bodyLimits
            self.invitations = invitations
            self.sharing = sharing
            self.singleSignOn = singleSignOn
            self.courses = courses
        }
    }

    public let router: Router<APIRequestContext>
    /// Every endpoint served, as registered.
    public let catalog: EndpointCatalog

    public init(_ dependencies: Dependencies) {
        let router = Router(context: APIRequestContext.self)
        let catalogBox = CatalogBox()
        // Outermost: it sees every answer, problems included, and how long the whole took.
        router.add(middleware: RequestMetricsMiddleware(metrics: dependencies.metrics))
        router.add(middleware: ResponseHeadersMiddleware())
        // Outside the problem middleware, so that a listed origin's page can read problems too.
        if !dependencies.crossOrigin.isEmpty { router.add(middleware: CrossOriginMiddleware(policy: dependencies.crossOrigin)) }
        router.add(middleware: ProblemMiddleware(catalog: catalogBox))
        // Inside the problem middleware, so a shed request gets a problem+json answer and is counted.
        router.add(middleware: LoadSheddingMiddleware(limit: dependencies.maximumRequestsInFlight, writeLimit: dependencies.maximumWritesInFlight))
        // CalDAV (issue #29): its own errors as DAV XML, inside load shedding, beside the REST routes.
        if let appPasswords = dependencies.appPasswords {
            router.add(
                middleware: DAVMiddleware(
                    routes: DAVRoutes(
                        appPasswords: appPasswords, calendars: dependencies.calendars, events: dependencies.events,
                        maximumBodyBytes: dependencies.bodyLimits.maximumBytes,
                        calendarData: CalendarDataCache(capacityBytes: dependencies.calendarDataCacheBytes), changeLog: dependencies.changes?.log,
                        tasks: dependencies.tasks,
                        scheduling: dependencies.invitations.flatMap { invitations in
                            dependencies.recovery.map { DAVScheduling(invitations: invitations, addresses: $0.store) }
                        })))
        }

        let routes = RouteTable(router: router, authentication: AuthenticationMiddleware(accounts: dependencies.accounts))
        if let webApp = dependencies.webApp {
            WebAppRoutes.register(on: routes, bundle: webApp)
        } else {
            HomeRoutes.register(on: routes)
        }
        HealthRoutes.register(on: routes, readiness: dependencies.readiness)
        MetricsRoutes.register(on: routes, metrics: dependencies.metrics, token: dependencies.metricsToken)
        OpenAPIRoutes.register(on: routes)
        AuthRoutes.register(
            on: routes, accounts: dependencies.accounts, limits: dependencies.bodyLimits, singleSignOn: dependencies.singleSignOn,
            recovery: dependencies.recovery)
        MeRoutes.register(
            on: routes, accounts: dependencies.accounts, tasks: dependencies.tasks, events: dependencies.events, limits: dependencies.bodyLimits,
            recovery: dependencies.recovery)
        if let recovery = dependencies.recovery { AccountRecoveryRoutes.register(on: routes, recovery: recovery, limits: dependencies.bodyLimits) }
        if let push = dependencies.push {
            PushRoutes.register(on: routes, subscriptions: push.subscriptions, publicKey: push.publicKey, limits: dependencies.bodyLimits)
        }
        if let appPasswords = dependencies.appPasswords {
            AppPasswordRoutes.register(on: routes, appPasswords: appPasswords, limits: dependencies.bodyLimits)
        }
        AdminUserRoutes.register(on: routes, accounts: dependencies.accounts, limits: dependencies.bodyLimits)
        CalendarRoutes.register(on: routes, calendars: dependencies.calendars, events: dependencies.events, limits: dependencies.bodyLimits)
        EventRoutes.register(
            on: routes, events: dependencies.events, limits: dependencies.bodyLimits, cache: OccurrenceListCache(),
            invitations: dependencies.invitations)
        OccurrenceRoutes.register(on: routes, events: dependencies.events, limits: dependencies.bodyLimits)
        if let changes = dependencies.changes { ChangeRoutes.register(on: routes, changes: changes) }
        CalendarFileRoutes.register(
            on: routes, events: dependencies.events, limits: dependencies.bodyLimits, converter: dependencies.fileConverter)
        TaskRoutes.register(on: routes, tasks: dependencies.tasks, limits: dependencies.bodyLimits)
        AgendaSummaryRoutes.register(on: routes, tasks: dependencies.tasks)
        NotificationRoutes.register(
            on: routes, notifications: dependencies.notifications, tasks: dependencies.tasks, hub: dependencies.liveNotices,
            accounts: dependencies.accounts, limits: dependencies.bodyLimits, recovery: dependencies.recovery)
        TodoRoutes.register(on: routes, todo: dependencies.todo, limits: dependencies.bodyLimits)
        MaintenanceRoutes.register(on: routes, maintenance: dependencies.maintenance, limits: dependencies.bodyLimits)
        GroupRoutes.register(on: routes, groups: dependencies.groups, limits: dependencies.bodyLimits)
        GroupFreeBusyRoutes.register(on: routes, freeBusy: dependencies.groupFreeBusy)
        if let courses = dependencies.courses { CourseRoutes.register(on: routes, courses: courses) }
        if let plugins = dependencies.plugins {
            PluginRoutes.register(
                on: routes, plugins: plugins, administration: dependencies.pluginAdministration, limits: dependencies.bodyLimits)
        }
        if let sharing = dependencies.sharing {
            CalendarShareRoutes.register(on: routes, sharing: sharing, limits: dependencies.bodyLimits)
        }
        if let invitations = dependencies.invitations {
            InvitationRoutes.register(on: routes, invitations: invitations, limits: dependencies.bodyLimits)
        }
        if let lms = dependencies.lms { LMSRoutes.register(on: routes, lms: lms, limits: dependencies.bodyLimits, publicURL: dependencies.publicURL) }
        if let privacy = dependencies.privacy {
            ConsentRoutes.register(on: routes, privacy: privacy, limits: dependencies.bodyLimits)
            PersonalDataRoutes.register(
                on: routes, privacy: privacy, calendars: dependencies.calendars, events: dependencies.events, tasks: dependencies.tasks,
                limits: dependencies.bodyLimits)
            ThirdPartyRoutes.register(on: routes, gate: privacy.gate, limits: dependencies.bodyLimits)
        }
        FeedRoutes.register(
            on: routes, feeds: dependencies.feeds, events: dependencies.events, tasks: dependencies.tasks, publicURL: dependencies.publicURL)

        catalogBox.set(routes.catalog)
        self.router = router
        self.catalog = routes.catalog
    }
}

/// The catalog, filled once after every route is registered. The problem middleware is added
/// before the routes (so it wraps them) but needs the finished catalog, hence the indirection.
final class CatalogBox: Sendable {
    private let value = Mutex(EndpointCatalog())

    func set(_ catalog: EndpointCatalog) { value.withLock { $0 = catalog } }
    var catalog: EndpointCatalog { value.withLock { $0 } }
}
