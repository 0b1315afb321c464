import CCampusCalPluginABI
import CampusCalCore
import CampusCalICalendar
import Foundation

/// Exporters and importers (`campuscal.exporter/1`, `campuscal.importer/1`) inside the process
/// that loaded the plugin: the events cross as `cc_calendar_event`s whose strings the host owns
/// for the call; what comes back is copied and checked before the call returns.
extension LoadedPlugin {
    static let maximumFileEvents = PluginFileFormat.maximumEvents
    static let maximumExportBytes = PluginFileFormat.maximumExportBytes
    static let maximumImportBytes = PluginFileFormat.maximumImportBytes

    /// The file the plugin writes from `events` (already in the person's zone, sorted by start).
    func export(_ events: [PluginCalendarEvent], calendarName: String) async throws -> [UInt8] {
        guard let feature = features.exporter, let exportFunction = feature.export_events else {
            throw CallFailure(description: "it has no exporter")
        }
        let function = Unchecked(exportFunction)
        let state = UncheckedPointer(state)
        let outcome = try await calls.run(deadline: Self.fileDeadline) { () -> ExportOutcome in
            let strings = CStringArena()
            defer { strings.free() }
            let records = events.map { $0.cEvent(strings) }
            let output = ExportCollector()
            let (status, message) = withMessageBuffer { message in
                records.withUnsafeBufferPointer { buffer in
                    function.value(
                        state.pointer, strings.add(calendarName), buffer.baseAddress, UInt32(buffer.count),
                        { sink, bytes, length in
                            guard let sink else { return CC_INVALID_ARGUMENT }
                            return Unmanaged<ExportCollector>.fromOpaque(sink).takeUnretainedValue().write(bytes, length)
                        }, Unmanaged.passUnretained(output).toOpaque(), message)
                }
            }
            return ExportOutcome(status: status, message: message, bytes: output.bytes)
        }
        guard outcome.status == CC_OK else {
            throw CallFailure(description: "export failed (\(PluginStatusCode.describe(outcome.status))): \(outcome.message)")
        }
        return outcome.bytes
    }

    /// The events of `bytes` as the plugin reads them, each checked; the plugin's refusal of the
    /// whole file comes as `PluginFileRefusal` with its words.
    func parse(_ bytes: [UInt8]) async throws -> PluginImportedFile {
        guard let feature = features.importer, let parseFunction = feature.parse else { throw CallFailure(description: "it has no importer") }
        let function = Unchecked(parseFunction)
        let state = UncheckedPointer(state)
        let outcome = try await calls.run(deadline: Self.fileDeadline) { () -> ParseOutcome in
            let collector = ImportCollector()
            let (status, message) = withMessageBuffer { message in
                bytes.withUnsafeBufferPointer { buffer in
                    function.value(
                        state.pointer, buffer.baseAddress, UInt64(buffer.count),
                        { sink, event, line in
                            guard let sink else { return CC_INVALID_ARGUMENT }
                            return Unmanaged<ImportCollector>.fromOpaque(sink).takeUnretainedValue().add(event, line: line)
                        },
                        { sink, line, text in
                            guard let sink else { return }
                            Unmanaged<ImportCollector>.fromOpaque(sink).takeUnretainedValue().report(line: line, text)
                        }, Unmanaged.passUnretained(collector).toOpaque(), message)
                }
            }
            return ParseOutcome(status: status, message: message, file: PluginImportedFile(events: collector.events, problems: collector.problems))
        }
        guard outcome.status == CC_OK else {
            if outcome.status == CC_ERROR || outcome.status == CC_INVALID_ARGUMENT { throw PluginFileRefusal(message: outcome.message) }
            throw CallFailure(description: "import failed (\(PluginStatusCode.describe(outcome.status))): \(outcome.message)")
        }
        return outcome.file
    }
}

/// An importer's "this file cannot be read", in its words for the person who sent the file.
public struct PluginFileRefusal: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

struct ExportOutcome: Sendable {
    var status: cc_status
    var message: String
    var bytes: [UInt8]
}

struct ParseOutcome: Sendable {
    var status: cc_status
    var message: String
    var file: PluginImportedFile
}

/// C copies of the strings of one call, freed together when it returns.
final class CStringArena {
    private var pointers: [UnsafeMutablePointer<CChar>] = []

    func add(_ text: String?) -> UnsafePointer<CChar>? {
        guard let text, let copy = strdup(text) else { return nil }
        pointers.append(copy)
        return UnsafePointer(copy)
    }

    func free() {
        for pointer in pointers { Foundation.free(pointer) }
        pointers = []
    }
}

/// An exporter's output, bounded.
final class ExportCollector: @unchecked Sendable {
    // @unchecked: used only on the one plugin thread that makes the call.
    var bytes: [UInt8] = []

    func write(_ pointer: UnsafePointer<UInt8>?, _ length: UInt32) -> cc_status {
        guard length > 0 else { return CC_OK }
        guard let pointer else { return CC_INVALID_ARGUMENT }
        guard bytes.count + Int(length) <= LoadedPlugin.maximumExportBytes else { return CC_NO_SPACE }
        bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: Int(length)))
        return CC_OK
    }
}

/// An importer's events and problems, each event checked as it is emitted: a bad one is refused
/// (and reported to the person with its line), so what reaches the calendar is well-formed.
final class ImportCollector: @unchecked Sendable {
    // @unchecked: used only on the one plugin thread that makes the call.
    var events: [PluginCalendarEvent] = []
    var problems: [PluginFileProblem] = []
    private var knownZones: [String: Bool] = [:]
    static let maximumProblems = PluginOutputRules.maximumProblems

    func report(line: UInt32, _ text: UnsafePointer<CChar>?) {
        guard problems.count < Self.maximumProblems else { return }
        let message =
            PluginText.read(text, maximumBytes: PluginOutputRules.problemBytes)
            ?? "(a problem the importer described in text that is not UTF-8 or too long)"
        problems.append(PluginFileProblem(line: line == 0 ? nil : Int(line), message: message))
    }

    func add(_ pointer: UnsafePointer<cc_calendar_event>?, line: UInt32) -> cc_status {
        guard let pointer else { return CC_INVALID_ARGUMENT }
        guard events.count < LoadedPlugin.maximumFileEvents else { return CC_NO_SPACE }
        func refuse(_ reason: String) -> cc_status {
            if problems.count < Self.maximumProblems {
                problems.append(PluginFileProblem(line: line == 0 ? nil : Int(line), message: "An event was not imported: \(reason)."))
            }
            return CC_INVALID_ARGUMENT
        }
        let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        guard size >= MemoryLayout<cc_calendar_event>.size else {
            return refuse("the importer's cc_calendar_event is \(size) bytes, smaller than plugin ABI 1.2's")
        }
        let value = pointer.pointee
        // The C side: each text NUL-terminated within its limit and UTF-8. The rules for the event
        // itself are the host's, the same for a runner's answer (`PluginOutputRules`).
        guard let uid = PluginText.read(value.uid, maximumBytes: PluginOutputRules.uidBytes), !uid.isEmpty else {
            return refuse("it has no id (uid) of 1…255 bytes")
        }
        guard let title = PluginText.read(value.title, maximumBytes: PluginOutputRules.titleBytes) ?? (value.title == nil ? "" : nil) else {
            return refuse("its title is longer than 1,000 bytes or not UTF-8")
        }
        func optional(_ text: UnsafePointer<CChar>?, _ limit: Int) -> (String?, Bool) {
            guard let text else { return (nil, true) }
            guard let read = PluginText.read(text, maximumBytes: limit) else { return (nil, false) }
            return (read, true)
        }
        let (description, descriptionOK) = optional(value.description, PluginOutputRules.descriptionBytes)
        let (location, locationOK) = optional(value.location, PluginOutputRules.locationBytes)
        let (rule, ruleOK) = optional(value.recurrence_rule, PluginOutputRules.ruleBytes)
        guard descriptionOK, locationOK, ruleOK else { return refuse("'\(title.prefix(80))' has a description, place or rule too long or not UTF-8") }
        let (zone, zoneOK) = optional(value.time_zone, PluginOutputRules.zoneBytes)
        guard zoneOK else { return refuse("'\(title.prefix(80))' has a time zone name that is not UTF-8") }
        let allDay = value.all_day != 0
        let event = PluginCalendarEvent(
            uid: uid, title: title, description: description, location: location, allDay: allDay, timeZone: allDay ? nil : zone,
            start: LocalDateTime(unchecked: value.start, dateOnly: allDay), end: LocalDateTime(unchecked: value.end, dateOnly: allDay),
            recurrenceRule: rule, line: line == 0 ? nil : Int(line))
        if let reason = PluginOutputRules.refusal(of: event, isKnownZone: isKnown) { return refuse(reason) }
        events.append(event)
        return CC_OK
    }

    /// Foundation reads the zone database for each `TimeZone(identifier:)`: asked once a name.
    private func isKnown(_ zone: String) -> Bool {
        if let known = knownZones[zone] { return known }
        let known = EventTime.isKnownTimeZone(zone)
        if knownZones.count < 64 { knownZones[zone] = known }
        return known
    }
}

extension PluginCalendarEvent {
    /// The event as the ABI's struct, its strings copied into `strings` (valid until it is freed).
    func cEvent(_ strings: CStringArena) -> cc_calendar_event {
        cc_calendar_event(
            struct_size: UInt32(MemoryLayout<cc_calendar_event>.size), all_day: allDay ? 1 : 0, uid: strings.add(uid), title: strings.add(title),
            description: strings.add(description), location: strings.add(location), time_zone: strings.add(timeZone), start: start.cDateTime,
            end: end.cDateTime, recurrence_rule: strings.add(recurrenceRule))
    }
}

extension LocalDateTime {
    var cDateTime: cc_date_time {
        cc_date_time(
            year: Int32(date.year), month: Int32(date.month), day: Int32(date.day), hour: Int32(hour), minute: Int32(minute), second: Int32(second))
    }

    /// A plugin's date and time as it gave it (for `dateOnly`, the time fields are ignored);
    /// `PluginOutputRules.isReal` says whether it could be on a calendar.
    init(unchecked value: cc_date_time, dateOnly: Bool) {
        let date = LocalDate(year: Int(value.year), month: Int(value.month), day: Int(value.day))
        if dateOnly {
            self.init(date: date)
        } else {
            self.init(date: date, hour: Int(value.hour), minute: Int(value.minute), second: Int(value.second))
        }
    }
}
