/// Makes de-identified records k-anonymous (34 CFR §99.31(b)(1): no student identifiable "through
/// single or multiple releases"): every record released is, in all its fields together, the same
/// as records of at least `k` distinct students.
///
/// Withholding rare values one field at a time (the approach this replaced) let pairs of fields —
/// a common title on a common day — single a student out, and join two recipients' records of
/// them (issue #27). Here the unit is the whole record: its `QuasiIdentifier` values as one key.
///
/// The method is greedy local recoding (as in Datafly): group records by key; for the records in
/// groups of fewer than `k` students, make the field with the most distinct values among them one
/// step coarser (`QuasiIdentifier` ladders: exact → day → week, section → course → department,
/// title → its class, then withheld), and group again. Records in groups of `k` or more are never
/// touched, and coarsened records only ever join groups. Records that are still in a small group
/// when every field is withheld are left out of the release. The release reports how many values
/// of each field were generalised, and how many records were left out.
struct KAnonymizer: Sendable {
    let k: Int
    let fields: [QuasiIdentifier]

    init(k: Int, fields: [QuasiIdentifier] = QuasiIdentifier.all) {
        self.k = max(1, k)
        self.fields = fields
    }

    struct Outcome: Sendable {
        var records: [DeidentifiedRecord]
        /// Per field, how many records had it made coarser (or withheld).
        var generalised: [String: Int]
        /// Values withheld altogether (text set to `[withheld]`, numbers and flags left out).
        var withheldValues: Int
        /// Records left out because no generalisation hid them among `k` students.
        var suppressedRecords: Int
        /// The levels each released record went out at, by item key, for the recipient's ledger.
        var levels: [String: [Int]]
    }

    /// `floors`: per item key, the levels it went out at before to this recipient; it never goes
    /// out finer (issue #27: two releases combined say no more about an item than the coarser).
    func apply(to records: [DeidentifiedRecord], floors: [String: [Int]] = [:]) -> Outcome {
        guard !records.isEmpty else { return Outcome(records: records, generalised: [:], withheldValues: 0, suppressedRecords: 0, levels: [:]) }
        // levels[record][field]: how far up its ladder each field of each record is.
        var levels = records.map { record in
            floors[record.itemKey].flatMap { $0.count == fields.count ? $0 : nil } ?? [Int](repeating: 0, count: fields.count)
        }
        var keys = records.indices.map { key(of: records[$0], levels[$0]) }
        var groups: [String: Group] = [:]
        for index in records.indices { groups[keys[index], default: Group()].add(index, records[index].subject) }
        var small = records.indices.filter { groups[keys[$0]]!.subjectCount < k }
        while !small.isEmpty {
            guard let field = fieldToCoarsen(small, records, levels) else { break }
            // The lowest first: records already coarser (from the ledger, or an earlier round) wait
            // for the others to reach them, rather than climbing away from them in step.
            let climbing = small.filter { canClimb(records[$0], field, levels[$0][field]) }
            let lowest = climbing.map { levels[$0][field] }.min() ?? 0
            for index in climbing where levels[index][field] == lowest {
                groups[keys[index]]?.remove(index, records[index].subject)
                levels[index][field] += 1
                keys[index] = key(of: records[index], levels[index])
                groups[keys[index], default: Group()].add(index, records[index].subject)
            }
            small = small.filter { groups[keys[$0]]!.subjectCount < k }
        }
        let dropped = Set(small)
        var released: [DeidentifiedRecord] = []
        released.reserveCapacity(records.count - dropped.count)
        var generalised: [String: Int] = [:]
        var withheld = 0
        var releasedLevels: [String: [Int]] = [:]
        for index in records.indices where !dropped.contains(index) {
            if !records[index].itemKey.isEmpty { releasedLevels[records[index].itemKey] = levels[index] }
            var record = records[index]
            for (position, field) in fields.enumerated() where levels[index][position] > 0 {
                field.apply(&record, levels[index][position])
                generalised[field.name, default: 0] += 1
                if field.value(records[index], levels[index][position]) == QuasiIdentifier.withheldText { withheld += 1 }
            }
            released.append(record)
        }
        return Outcome(
            records: released, generalised: generalised, withheldValues: withheld, suppressedRecords: dropped.count, levels: releasedLevels)
    }

    /// The record's values at its levels, with its kind, as one string (a unit separator between fields).
    private func key(of record: DeidentifiedRecord, _ levels: [Int]) -> String {
        var key = record.kind
        for (position, field) in fields.enumerated() {
            key += "\u{1F}"
            key += field.value(record, levels[position]) ?? "\u{0}"
        }
        return key
    }

    private func canClimb(_ record: DeidentifiedRecord, _ field: Int, _ level: Int) -> Bool {
        guard level < QuasiIdentifier.highestLevel, let value = fields[field].value(record, level) else { return false }
        return value != QuasiIdentifier.withheldText
    }

    /// The field with the most distinct values among the small groups' records that can still be
    /// made coarser (Datafly's choice: the one doing most to keep groups apart); nil when none can.
    private func fieldToCoarsen(_ small: [Int], _ records: [DeidentifiedRecord], _ levels: [[Int]]) -> Int? {
        var best: (field: Int, distinct: Int)?
        for field in fields.indices {
            var values = Set<String>()
            for index in small where canClimb(records[index], field, levels[index][field]) {
                values.insert(fields[field].value(records[index], levels[index][field]) ?? "")
            }
            if !values.isEmpty, values.count > (best?.distinct ?? 0) { best = (field, values.count) }
        }
        return best?.field
    }

    /// The records sharing one key, and how many distinct students they belong to.
    private struct Group {
        var subjects: [String: Int] = [:]
        var subjectCount: Int { subjects.count }

        mutating func add(_ index: Int, _ subject: String) { subjects[subject, default: 0] += 1 }

        mutating func remove(_ index: Int, _ subject: String) {
            guard let count = subjects[subject] else { return }
            subjects[subject] = count == 1 ? nil : count - 1
        }
    }
}
