import CampusCalICalendar
import Foundation

/// A file's VEVENTs as the events of one calendar: each series with the VEVENTs that override its
/// occurrences attached (same UID, a RECURRENCE-ID), ready to be compared with what is stored.
///
/// Pure: the caller passes what the calendar already holds (by UID) and stores the result. An
/// event that exists keeps its id, creation time and version; the file is authoritative for the
/// series and for every override it carries.
public struct ImportedEvents: Sendable {
    /// One result per UID of the file, in file order: the event as the file says it should be,
    /// and the stored event it replaces (nil for a new one).
    public var events: [(event: CalendarEvent, current: CalendarEvent?)] = []
    /// VEVENTs that could not be imported, with their lines.
    public var problems: [ICalendarIssue] = []

    public init(_ vevents: [ICalendarEvent], calendarID: CalendarID, existing: [String: CalendarEvent], now: Date) {
        var seriesOrder: [String] = []
        var series: [String: ICalendarEvent] = [:]
        var changes: [String: [ICalendarEvent]] = [:]
        for vevent in vevents {
            if vevent.recurrenceID != nil {
                if series[vevent.uid] == nil && changes[vevent.uid] == nil { seriesOrder.append(vevent.uid) }
                changes[vevent.uid, default: []].append(vevent)
            } else if series[vevent.uid] != nil {
                refuse(vevent, "appears twice in the file")
            } else {
                if changes[vevent.uid] == nil { seriesOrder.append(vevent.uid) }
                series[vevent.uid] = vevent
            }
        }
        for uid in seriesOrder {
            let current = existing[uid]
            do {
                var event: CalendarEvent
                if let vevent = series[uid] {
                    event = try Self.event(from: vevent, base: current ?? Self.placeholder(vevent, calendarID: calendarID, now: now), now: now)
                    event.overrides = []
                } else if let current {
                    // Overrides of a series imported earlier: they join it, replacing those with the same recurrence ids.
                    event = current
                } else {
                    event = try Self.seriesOfOverridesOnly(changes[uid]!, calendarID: calendarID, now: now)
                }
                event.overrides = merge(event.overrides, with: changes[uid] ?? [], into: event)
                if event.recurrence == nil && !event.overrides.isEmpty {
                    // A one-off VEVENT with overrides: each override is an occurrence besides DTSTART.
                    event.recurrence = RecurrenceSet(start: event.start, rdates: event.overrides.map(\.recurrenceID))
                }
                events.append((event, current))
            } catch let refusal as ImportRefusal {
                refuse(series[uid] ?? changes[uid]![0], refusal.reason)
            } catch let error as ValidationError {
                refuse(series[uid] ?? changes[uid]![0], "is not valid: " + error.summary)
            } catch {
                refuse(series[uid] ?? changes[uid]![0], "could not be read")
            }
        }
    }

    private mutating func refuse(_ vevent: ICalendarEvent, _ reason: String) {
        problems.append(ICalendarIssue(line: vevent.line, message: "Event '\(vevent.uid.prefix(80))' \(reason); it was not imported."))
    }

    /// `current` overrides with those of `vevents` added or replacing (the higher SEQUENCE wins
    /// when the file names one occurrence twice), sorted by recurrence key. Bad ones are reported.
    private mutating func merge(_ current: [OccurrenceOverride], with vevents: [ICalendarEvent], into series: CalendarEvent)
        -> [OccurrenceOverride]
    {
        var byKey = Dictionary(current.map { ($0.recurrenceKey, $0) }, uniquingKeysWith: { _, last in last })
        var fromFile: [Int: Int] = [:]
        for vevent in vevents {
            guard let recurrenceID = vevent.recurrenceID else { continue }
            guard recurrenceID.isAllDay == series.start.isAllDay else {
                refuse(vevent, "changes an occurrence with a RECURRENCE-ID of a different kind (date or date-time) than the series' DTSTART")
                continue
            }
            do {
                var base = series
                base.recurrence = nil
                base.overrides = []
                var occurrence = try Self.event(from: vevent, base: base)
                occurrence.sequence = vevent.sequence ?? 0
                let change = OccurrenceOverride(
                    recurrenceID: recurrenceID, range: vevent.recurrenceIDThisAndFuture ? .thisAndFuture : .thisOccurrence, occurrence: occurrence)
                if let earlier = fromFile[change.recurrenceKey], earlier > change.sequence { continue }
                fromFile[change.recurrenceKey] = change.sequence
                byKey[change.recurrenceKey] = change
            } catch let refusal as ImportRefusal {
                refuse(vevent, refusal.reason)
            } catch let error as ValidationError {
                refuse(vevent, "is not valid: " + error.summary)
            } catch {
                refuse(vevent, "could not be read")
            }
        }
        return byKey.values.sorted { $0.recurrenceKey < $1.recurrenceKey }
    }

    /// `base` changed to what `vevent` says (its UID, id and creation time stay); alarms before
    /// `now` are dropped.
    private static func event(from vevent: ICalendarEvent, base: CalendarEvent, now: Date? = nil) throws -> CalendarEvent {
        let changes = try EventChanges(importing: vevent, now: now)
        var event = try changes.applied(to: base)
        event.sequence = max(base.sequence, vevent.sequence ?? 0)
        return event
    }

    private static func placeholder(_ vevent: ICalendarEvent, calendarID: CalendarID, now: Date) throws(ImportRefusal) -> CalendarEvent {
        guard let start = vevent.start else { throw ImportRefusal("has no start (DTSTART)") }
        return CalendarEvent(
            id: EventID.generate(), calendarID: calendarID, uid: vevent.uid, title: "", start: start, end: start, createdAt: now, updatedAt: now)
    }

    /// Overrides whose series is neither in the file nor in the calendar (a calendar program
    /// shares single occurrences this way): a series made of exactly those occurrences, each
    /// overridden, so that each shows as the file says and a later import of the series joins them.
    private static func seriesOfOverridesOnly(_ vevents: [ICalendarEvent], calendarID: CalendarID, now: Date) throws -> CalendarEvent {
        let first = vevents[0]
        guard let recurrenceID = first.recurrenceID else { throw ImportRefusal("has no RECURRENCE-ID") }
        var template = first
        template.start = recurrenceID
        template.end = nil
        template.duration = nil
        let placeholder = try placeholder(template, calendarID: calendarID, now: now)
        var series = try event(from: template, base: placeholder, now: now)
        if let length = try? event(from: first, base: placeholder).durationSeconds {
            series.end = EventService.shifted(recurrenceID, by: length)
        }
        return series
    }
}
