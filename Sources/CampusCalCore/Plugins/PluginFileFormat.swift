import CampusCalICalendar
import Foundation

/// A calendar file format a plugin adds (`campuscal.exporter/1`, `campuscal.importer/1`), beside
/// the iCalendar the server speaks itself: e.g. CSV for spreadsheets.
public struct PluginFileFormat: Sendable, Equatable, Codable {
    /// The id clients pass as `?format=` ("csv").
    public var format: String
    /// For people ("CSV for spreadsheets").
    public var name: String
    /// Exporters: the output's media type; importers: the `Content-Type` (without parameters) an upload carries.
    public var mediaType: String
    /// Exporters: the downloaded file's extension, without the dot.
    public var fileExtension: String?

    public init(format: String, name: String, mediaType: String, fileExtension: String? = nil) {
        self.format = format
        self.name = name
        self.mediaType = mediaType
        self.fileExtension = fileExtension
    }

    /// Bounds of one conversion, as the plugin ABI states them.
    public static let maximumEvents = 50_000
    public static let maximumImportBytes = 4 << 20
    public static let maximumExportBytes = 16 << 20

    /// Lower-case letters, digits and hyphens, 1–32 characters: safe in a query string and a log line.
    public static func isValidID(_ format: String) -> Bool {
        (1...32).contains(format.utf8.count)
            && format.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// The file formats one active plugin offers.
public struct PluginFileFormats: Sendable, Equatable {
    public var pluginID: String
    public var exporter: PluginFileFormat?
    public var importer: PluginFileFormat?

    public init(pluginID: String, exporter: PluginFileFormat?, importer: PluginFileFormat?) {
        self.pluginID = pluginID
        self.exporter = exporter
        self.importer = importer
    }
}

/// One event as an exporter plugin receives it or an importer hands it over
/// (`cc_calendar_event`): wall-clock times with the zone beside them.
public struct PluginCalendarEvent: Sendable, Equatable, Codable {
    public var uid: String
    public var title: String
    public var description: String?
    public var location: String?
    /// Dates only; `end` is exclusive (a one-day event ends the next day).
    public var allDay: Bool
    /// IANA zone of `start` and `end`; nil (import only) means the importing person's zone.
    public var timeZone: String?
    public var start: LocalDateTime
    public var end: LocalDateTime
    /// Import only: an iCalendar RRULE value.
    public var recurrenceRule: String?
    /// Import only: where in the file it was (1-based), for the person's report.
    public var line: Int?

    public init(
        uid: String, title: String, description: String? = nil, location: String? = nil, allDay: Bool, timeZone: String?,
        start: LocalDateTime, end: LocalDateTime, recurrenceRule: String? = nil, line: Int? = nil
    ) {
        self.uid = uid
        self.title = title
        self.description = description
        self.location = location
        self.allDay = allDay
        self.timeZone = timeZone
        self.start = start
        self.end = end
        self.recurrenceRule = recurrenceRule
        self.line = line
    }

    private enum CodingKeys: String, CodingKey {
        case uid, title, description, location, allDay, timeZone, start, end, recurrenceRule, line
    }

    // Times cross the runner's socket as six numbers each; LocalDateTime itself stays free of Codable.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ key: CodingKeys) throws -> LocalDateTime {
            let parts = try container.decode([Int].self, forKey: key)
            guard parts.count == 6 else { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "six numbers") }
            return LocalDateTime(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])
        }
        uid = try container.decode(String.self, forKey: .uid)
        title = try container.decode(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        location = try container.decodeIfPresent(String.self, forKey: .location)
        allDay = try container.decode(Bool.self, forKey: .allDay)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        start = try time(.start)
        end = try time(.end)
        recurrenceRule = try container.decodeIfPresent(String.self, forKey: .recurrenceRule)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func parts(_ time: LocalDateTime) -> [Int] { [time.date.year, time.date.month, time.date.day, time.hour, time.minute, time.second] }
        try container.encode(uid, forKey: .uid)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(allDay, forKey: .allDay)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
        try container.encode(parts(start), forKey: .start)
        try container.encode(parts(end), forKey: .end)
        try container.encodeIfPresent(recurrenceRule, forKey: .recurrenceRule)
        try container.encodeIfPresent(line, forKey: .line)
    }
}

/// What an importer plugin read from a file: its events, and the parts it could not read.
public struct PluginImportedFile: Sendable, Equatable, Codable {
    public var events: [PluginCalendarEvent]
    public var problems: [PluginFileProblem]

    public init(events: [PluginCalendarEvent], problems: [PluginFileProblem]) {
        self.events = events
        self.problems = problems
    }
}

/// A part of an imported file that could not be read, with its line (nil when unknown).
public struct PluginFileProblem: Sendable, Equatable, Codable {
    public var line: Int?
    public var message: String

    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }
}

/// A file an exporter plugin wrote.
public struct PluginExportedFile: Sendable, Equatable {
    public var bytes: [UInt8]
    public var mediaType: String
    public var fileExtension: String

    public init(bytes: [UInt8], mediaType: String, fileExtension: String) {
        self.bytes = bytes
        self.mediaType = mediaType
        self.fileExtension = fileExtension
    }
}

/// Calendars in other file formats, through plugins (the plugin host implements it). Both run only
/// at the request of the person whose calendar it is, and each is in their disclosure log.
public protocol PluginFileConverter: Sendable {
    /// The formats the active plugins offer, by plugin id.
    func fileFormats() async -> [PluginFileFormats]
    /// `events` of `calendar` written as a file of `format` for `requester` (`PluginError.notFound`
    /// for a format no active plugin exports).
    func export(_ events: [PluginCalendarEvent], of calendar: CalendarCollection, format: String, for requester: UserID) async throws
        -> PluginExportedFile
    /// The events of a file of `format` to be imported into `calendar` (`PluginError.refused` with
    /// the plugin's words when it cannot read the file).
    func parse(_ bytes: [UInt8], into calendar: CalendarCollection, format: String, for requester: UserID) async throws -> PluginImportedFile
}
