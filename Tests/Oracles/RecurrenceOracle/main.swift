import CampusCalCore
// recurrence-oracle: expands recurrence rules with CampusCalCore for Tests/Oracles/rrule_oracle.py.
//
// Reads one JSON object per line on stdin, writes one per line on stdout:
//   in:  {"id": 7, "rule": "FREQ=…", "start": "20260329T023000", "kind": "zoned|utc|floating|date",
//         "tz": "America/Denver", "viewer": "UTC", "limit": 50, "from": 1.7e9, "to": 1.8e9}
//        ("from"/"to" are optional UTC epoch seconds; without them the first `limit` instances are listed)
//   out: {"id": 7, "occurrences": [["2026-03-29T02:30:00", 1774773000], …]} or {"id": 7, "error": "…"}
//   bench: add "bench": N to expand the first `limit` instances N times and report
//          {"id": 7, "count": total instances, "seconds": elapsed}.
import CampusCalICalendar
import Foundation

func parseStart(_ text: String, kind: String, zone: String) -> EventTime? {
    let c = Array(text)
    func n(_ r: Range<Int>) -> Int? { r.upperBound <= c.count ? Int(String(c[r])) : nil }
    guard let y = n(0..<4), let mo = n(4..<6), let d = n(6..<8) else { return nil }
    if kind == "date" { return .date(LocalDate(year: y, month: mo, day: d)) }
    guard let h = n(9..<11), let mi = n(11..<13), let s = n(13..<15) else { return nil }
    let value = LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    switch kind {
    case "utc": return .utc(value)
    case "floating": return .floating(value)
    default: return .zoned(value, timeZone: zone)
    }
}

func write(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [])
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

while let line = readLine() {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
    let id = object["id"] ?? 0
    let kind = object["kind"] as? String ?? "zoned"
    let zone = object["tz"] as? String ?? "UTC"
    let viewer = TimeZone(identifier: object["viewer"] as? String ?? "UTC")!
    let limit = object["limit"] as? Int ?? 100
    guard let start = parseStart(object["start"] as? String ?? "", kind: kind, zone: zone) else {
        write(["id": id, "error": "bad start"])
        continue
    }
    let rule: RecurrenceRule
    do {
        rule = try RecurrenceRule(parsing: object["rule"] as? String ?? "")
    } catch {
        write(["id": id, "error": error.message])
        continue
    }
    let set = RecurrenceSet(start: start, rules: [rule])
    if let repeats = object["bench"] as? Int {
        let clock = ContinuousClock()
        var count = 0
        var checksum = 0.0
        let elapsed = clock.measure {
            for _ in 0..<repeats {
                var occurrences = set.occurrences(viewerTimeZone: viewer)
                var produced = 0
                while produced < limit, let (_, instant) = occurrences.nextWithInstant() {
                    checksum += instant.timeIntervalSince1970
                    produced += 1
                }
                count += produced
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        write(["id": id, "count": count, "seconds": seconds, "checksum": checksum])
        continue
    }
    let times: [EventTime]
    if let from = object["from"] as? Double, let to = object["to"] as? Double {
        times = set.occurrences(
            from: Date(timeIntervalSince1970: from), to: Date(timeIntervalSince1970: to), viewerTimeZone: viewer, limit: limit)
    } else {
        times = Array(set.occurrences(viewerTimeZone: viewer).prefix(limit))
    }
    let rows: [[Any]] = times.map { [$0.localDateTime.description, Int($0.instant(viewerTimeZone: viewer).timeIntervalSince1970)] }
    write(["id": id, "occurrences": rows])
}
