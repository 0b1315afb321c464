/// How much one person, or one request, may make the server hold or do: every bound that keeps one
/// student (or one hostile file) from taking the server away from the others.
///
/// Each is a setting in the `[limits]` table of `config/campuscal.toml` (`limits.NAME`), and
/// `docs/OPERATIONS.md` lists them with their defaults. The defaults are generous for a real
/// student — a busy student has a dozen calendars and a few hundred events a term — and far below
/// what would hurt the server. Services take the limits they enforce at init; tests pass small ones.
public struct ResourceLimits: Sendable, Equatable {
    // Per request.

    /// Occurrences one request may expand across all its events (`limits.max_occurrences_per_request`).
    /// A year view of a full timetable is a few thousand; beyond this the request is refused with
    /// a problem asking for a narrower window, instead of building a response of gigabytes.
    public var maximumOccurrencesPerRequest = 20_000
    /// Events one imported file may hold (`limits.max_events_per_import`); the CSV importer's bound too.
    public var maximumEventsPerImport = 50_000

    // Per person.

    /// Calendars one person may own (`limits.max_calendars_per_user`).
    public var maximumCalendarsPerUser = 100
    /// Events one calendar may hold (`limits.max_events_per_calendar`).
    public var maximumEventsPerCalendar = 100_000
    /// LMS connections one person may have (`limits.max_lms_connections_per_user`).
    public var maximumLMSConnectionsPerUser = 10
    /// Groups one person may own (`limits.max_groups_per_user`).
    public var maximumGroupsPerUser = 50
    /// Subscription feeds (secret calendar addresses) one person may hold (`limits.max_feeds_per_user`).
    public var maximumFeedsPerUser = 100
    /// Live notification streams one person may hold open (`limits.max_streams_per_user`).
    public var maximumStreamsPerUser = 8
    /// Usernames that name nobody one person may type within an hour when sharing or inviting
    /// (`limits.max_unknown_names_per_hour`): typos pass, a scan of the server's accounts does not (review L3).
    public var maximumUnknownNamesPerHour = 100

    public init() {}

    /// The defaults.
    public static let standard = ResourceLimits()
}
