import CampusCalCore
import Foundation

/// How a series' overrides are stored: one TEXT column holding a JSON array, times in the
/// `EventTimeColumn` form. Empty text means none — the common case costs nothing to read.
///
/// They live inside the series' row (not a table of their own) because they are read, changed
/// and versioned only together with it: one row read per event, one write per change.
enum OverridesColumn {
    private struct Stored: Codable {
        var recurrenceID: String
        var range: String
        var start: String
        var end: String
        var title: String
        var description: String?
        var location: String?
        var url: String?
        var categories: [String]
        var classification: String
        var status: String
        var transparency: String
        var sequence: Int
    }

    static func encode(_ overrides: [OccurrenceOverride]) -> String {
        if overrides.isEmpty { return "" }
        let stored = overrides.map { change in
            Stored(
                recurrenceID: EventTimeColumn.encode(change.recurrenceID), range: change.range.rawValue, start: EventTimeColumn.encode(change.start),
                end: EventTimeColumn.encode(change.end), title: change.title, description: change.description, location: change.location,
                url: change.url, categories: change.categories, classification: change.classification.rawValue, status: change.status.rawValue,
                transparency: change.transparency.rawValue, sequence: change.sequence)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(stored)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The stored overrides; entries a newer version wrote in a form this one cannot read are skipped.
    static func decode(_ text: String) -> [OccurrenceOverride] {
        guard !text.isEmpty, let stored = try? JSONDecoder().decode([Stored].self, from: Data(text.utf8)) else { return [] }
        return stored.compactMap { item in
            guard let recurrenceID = EventTimeColumn.decode(item.recurrenceID), let range = OccurrenceOverride.Range(rawValue: item.range),
                let start = EventTimeColumn.decode(item.start), let end = EventTimeColumn.decode(item.end),
                let classification = EventClassification(rawValue: item.classification), let status = EventStatus(rawValue: item.status),
                let transparency = EventTransparency(rawValue: item.transparency)
            else { return nil }
            return OccurrenceOverride(
                recurrenceID: recurrenceID, range: range, start: start, end: end, title: item.title, description: item.description,
                location: item.location, url: item.url, categories: item.categories, classification: classification, status: status,
                transparency: transparency, sequence: item.sequence)
        }
    }
}
