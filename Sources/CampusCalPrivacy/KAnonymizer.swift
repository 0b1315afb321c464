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

    init(k: Int) {
        self.k = max(1, k)
    }

    struct Outcome: Sendable {
        /// Per field, how many records had it made coarser (or withheld).
        var generalised: [String: Int]
        /// Values withheld altogether (text set to `[withheld]`, numbers and flags left out).
        var withheldValues: Int
        /// Records left out because no generalisation hid them among `k` students.
        var suppressedRecords: Int
    }

    /// Makes `records` k-anonymous in place (the records left out are removed). `floors`: per item
    /// key, the levels it went out at before to this recipient; it never goes out finer (issue
    /// #27: two releases combined say no more about an item than the coarser). Also returns the
    /// levels of each record that went out coarser than made, by item key, for the ledger.
    func apply(to records: inout [DeidentifiedRecord], floors: [String: [Int]] = [:]) -> (outcome: Outcome, levels: [String: [Int]]) {
        var index = ReleaseIndex()
        for record in records { index.append(record, floor: floors[record.itemKey]) }
        let outcome = anonymise(&index)
        records = (0..<index.count).filter { !index.dropped[$0] }.map { index.record(at: $0) }
        var levels: [String: [Int]] = [:]
        for record in 0..<index.count { if let (key, recordLevels) = index.coarsened(record) { levels[key] = recordLevels } }
        return (outcome, levels)
    }

    /// Makes the records of `index` k-anonymous: sets each record's levels, and marks the records
    /// left out.
    func anonymise(_ index: inout ReleaseIndex) -> Outcome {
        let width = ReleaseIndex.width
        guard index.count > 0 else { return Outcome(generalised: [:], withheldValues: 0, suppressedRecords: 0) }
        var keys = (0..<index.count).map { key(of: $0, in: &index) }
        var groups: [Key: Group] = [:]
        for record in 0..<index.count { groups[keys[record], default: Group()].add(index.subject(of: record)) }
        var small = (0..<index.count).filter { groups[keys[$0]]!.subjectCount < k }
        while !small.isEmpty {
            guard let field = fieldToCoarsen(small, &index) else { break }
            // The lowest first: records already coarser (from the ledger, or an earlier round) wait
            // for the others to reach them, rather than climbing away from them in step.
            let climbing = small.filter { canClimb($0, field, &index) }
            let lowest = climbing.map { index.level($0, field) }.min() ?? 0
            for record in climbing where index.level(record, field) == lowest {
                groups[keys[record]]?.remove(index.subject(of: record))
                index.levels[record * width + field] += 1
                index.raised[record] = true
                keys[record] = key(of: record, in: &index)
                groups[keys[record], default: Group()].add(index.subject(of: record))
            }
            small = small.filter { groups[keys[$0]]!.subjectCount < k }
        }
        keys = []
        groups = [:]
        for record in small { index.dropped[record] = true }
        var generalised: [String: Int] = [:]
        var withheld = 0
        for record in 0..<index.count where !index.dropped[record] {
            for (position, field) in ReleaseIndex.fields.enumerated() where index.level(record, position) > 0 {
                let number = index.number(record, position, at: index.level(record, position))
                guard number != 0 else { continue }
                generalised[field.name, default: 0] += 1
                if index.isWithheld(number) { withheld += 1 }
            }
        }
        return Outcome(generalised: generalised, withheldValues: withheld, suppressedRecords: small.count)
    }

    /// The record's kind and values at its levels, as one group key: 128 bits of two differently
    /// started hashes (a 4.5-million-record release has chance about 10⁻²⁵ of two keys colliding),
    /// where the values themselves, a key each, took hundreds of bytes a record.
    private func key(of record: Int, in index: inout ReleaseIndex) -> Key {
        var first = Hasher()
        var second = Hasher()
        second.combine(0x5EED_5EED)
        let kind = index.kind(of: record)
        first.combine(kind)
        second.combine(kind)
        for field in 0..<ReleaseIndex.width {
            let number = index.number(record, field, at: index.level(record, field))
            first.combine(number)
            second.combine(number)
        }
        return Key(first: first.finalize(), second: second.finalize())
    }

    private func canClimb(_ record: Int, _ field: Int, _ index: inout ReleaseIndex) -> Bool {
        let level = index.level(record, field)
        guard level < QuasiIdentifier.highestLevel else { return false }
        let number = index.number(record, field, at: level)
        return number != 0 && !index.isWithheld(number)
    }

    /// The field with the most distinct values among the small groups' records that can still be
    /// made coarser (Datafly's choice: the one doing most to keep groups apart); nil when none can.
    private func fieldToCoarsen(_ small: [Int], _ index: inout ReleaseIndex) -> Int? {
        var best: (field: Int, distinct: Int)?
        for field in 0..<ReleaseIndex.width {
            var values = Set<UInt32>()
            for record in small where canClimb(record, field, &index) {
                values.insert(index.number(record, field, at: index.level(record, field)))
            }
            if !values.isEmpty, values.count > (best?.distinct ?? 0) { best = (field, values.count) }
        }
        return best?.field
    }

    private struct Key: Hashable {
        let first: Int
        let second: Int
    }

    /// The records sharing one key, and how many distinct students they belong to. Most groups
    /// are one student's (before coarsening): that student is kept inline, without a dictionary.
    private struct Group {
        private var only: UInt32 = 0
        private var onlyCount: Int32 = 0
        private var others: [UInt32: Int32] = [:]
        var subjectCount: Int { (onlyCount > 0 ? 1 : 0) + others.count }

        mutating func add(_ subject: UInt32) {
            if onlyCount > 0, only == subject {
                onlyCount += 1
            } else if onlyCount == 0, others[subject] == nil {
                (only, onlyCount) = (subject, 1)
            } else {
                others[subject, default: 0] += 1
            }
        }

        mutating func remove(_ subject: UInt32) {
            if onlyCount > 0, only == subject {
                onlyCount -= 1
            } else if let count = others[subject] {
                others[subject] = count == 1 ? nil : count - 1
            }
        }
    }
}

extension ReleaseIndex {
    /// The record's item key and levels when it goes out coarser than made: what the recipient's
    /// ledger keeps (a record released as made, or left out, needs no floor).
    func coarsened(_ record: Int) -> (key: String, levels: [Int])? {
        guard !dropped[record] else { return nil }
        let recordLevels = (0..<Self.width).map { level(record, $0) }
        guard recordLevels.contains(where: { $0 > 0 }) else { return nil }
        let key = itemKey(of: record)
        return key.isEmpty ? nil : (key, recordLevels)
    }
}
