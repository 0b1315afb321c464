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
        /// Per field, how many records had it made coarser (or withheld).
        var generalised: [String: Int]
        /// Values withheld altogether (text set to `[withheld]`, numbers and flags left out).
        var withheldValues: Int
        /// Records left out because no generalisation hid them among `k` students.
        var suppressedRecords: Int
        /// The levels of each released record that went out coarser than made, by item key, for
        /// the recipient's ledger (a record released as made needs no floor).
        var levels: [String: [Int]]
    }

    /// Makes `records` k-anonymous in place (the records left out are removed). `floors`: per item
    /// key, the levels it went out at before to this recipient; it never goes out finer (issue
    /// #27: two releases combined say no more about an item than the coarser).
    func apply(to records: inout [DeidentifiedRecord], floors: [String: [Int]] = [:]) -> Outcome {
        let width = fields.count
        guard !records.isEmpty else { return Outcome(generalised: [:], withheldValues: 0, suppressedRecords: 0, levels: [:]) }
        // levels[record * width + field]: how far up its ladder each field of each record is
        // (one flat array of bytes: a campus release has millions of records).
        var levels = [UInt8](repeating: 0, count: records.count * width)
        for index in records.indices {
            guard let floor = floors[records[index].itemKey], floor.count == width else { continue }
            for field in 0..<width { levels[index * width + field] = UInt8(clamping: floor[field]) }
        }
        func level(_ index: Int, _ field: Int) -> Int { Int(levels[index * width + field]) }
        func key(_ index: Int) -> String { self.key(of: records[index]) { level(index, $0) } }
        var keys = records.indices.map { key($0) }
        var groups: [String: Group] = [:]
        for index in records.indices { groups[keys[index], default: Group()].add(records[index].subject) }
        var small = records.indices.filter { groups[keys[$0]]!.subjectCount < k }
        while !small.isEmpty {
            guard let field = fieldToCoarsen(small, records, level) else { break }
            // The lowest first: records already coarser (from the ledger, or an earlier round) wait
            // for the others to reach them, rather than climbing away from them in step.
            let climbing = small.filter { canClimb(records[$0], field, level($0, field)) }
            let lowest = climbing.map { level($0, field) }.min() ?? 0
            for index in climbing where level(index, field) == lowest {
                groups[keys[index]]?.remove(records[index].subject)
                levels[index * width + field] += 1
                keys[index] = key(index)
                groups[keys[index], default: Group()].add(records[index].subject)
            }
            small = small.filter { groups[keys[$0]]!.subjectCount < k }
        }
        keys = []
        groups = [:]
        let dropped = Set(small)
        var generalised: [String: Int] = [:]
        var withheld = 0
        var releasedLevels: [String: [Int]] = [:]
        for index in records.indices where !dropped.contains(index) {
            let original = records[index]
            var coarser = false
            for (position, field) in fields.enumerated() where level(index, position) > 0 {
                coarser = true
                field.apply(&records[index], level(index, position))
                generalised[field.name, default: 0] += 1
                if field.value(original, level(index, position)) == QuasiIdentifier.withheldText { withheld += 1 }
            }
            if coarser, !original.itemKey.isEmpty { releasedLevels[original.itemKey] = (0..<width).map { level(index, $0) } }
        }
        if !dropped.isEmpty {
            var position = 0
            records.removeAll { _ in
                defer { position += 1 }
                return dropped.contains(position)
            }
        }
        return Outcome(generalised: generalised, withheldValues: withheld, suppressedRecords: dropped.count, levels: releasedLevels)
    }

    /// The record's values at its levels, with its kind, as one string (a unit separator between fields).
    private func key(of record: DeidentifiedRecord, level: (Int) -> Int) -> String {
        var key = record.kind
        for (position, field) in fields.enumerated() {
            key += "\u{1F}"
            key += field.value(record, level(position)) ?? "\u{0}"
        }
        return key
    }

    private func canClimb(_ record: DeidentifiedRecord, _ field: Int, _ level: Int) -> Bool {
        guard level < QuasiIdentifier.highestLevel, let value = fields[field].value(record, level) else { return false }
        return value != QuasiIdentifier.withheldText
    }

    /// The field with the most distinct values among the small groups' records that can still be
    /// made coarser (Datafly's choice: the one doing most to keep groups apart); nil when none can.
    private func fieldToCoarsen(_ small: [Int], _ records: [DeidentifiedRecord], _ level: (Int, Int) -> Int) -> Int? {
        var best: (field: Int, distinct: Int)?
        for field in fields.indices {
            var values = Set<String>()
            for index in small where canClimb(records[index], field, level(index, field)) {
                values.insert(fields[field].value(records[index], level(index, field)) ?? "")
            }
            if !values.isEmpty, values.count > (best?.distinct ?? 0) { best = (field, values.count) }
        }
        return best?.field
    }

    /// The records sharing one key, and how many distinct students they belong to.
    private struct Group {
        var subjects: [String: Int] = [:]
        var subjectCount: Int { subjects.count }

        mutating func add(_ subject: String) { subjects[subject, default: 0] += 1 }

        mutating func remove(_ subject: String) {
            guard let count = subjects[subject] else { return }
            subjects[subject] = count == 1 ? nil : count - 1
        }
    }
}
