/// The de-identified records of a release, held compactly while they are made k-anonymous
/// (issue #27).
///
/// k-anonymity is a property of the whole set of records, so the set must be at hand while the
/// release is made — but not as `DeidentifiedRecord`s: a 45,000-student campus releases 4.5
/// million records, and held as values they took 5.5 GB. Here a record is its student's number,
/// its kind, its ledger key and, per quasi-identifying field, a number standing for the field's
/// value: an index into the distinct values of the release. Values repeat (a course's assignments
/// are the same for every student in it), so a record takes about 100 bytes. The records are made
/// again, a batch at a time, only as the release is written (`record(at:)`).
struct ReleaseIndex: Sendable {
    /// The fields each record keeps, in this order (every field but the subject, kind and person).
    static let fields = QuasiIdentifier.all
    static let width = fields.count

    /// Each field's distinct values (and their coarser forms); number 0 stands for "absent".
    private var values = ValueTable()
    private var subjectCodes = ValueTable()
    private var kindNames = ValueTable()
    private var subjects: [UInt32] = []
    private var kinds: [UInt32] = []
    /// `width` value numbers per record, record after record.
    private var numbers: [UInt32] = []
    private var itemKeys = PackedStrings()
    /// A value's number after climbing its field's ladder, by (field, level, number as made).
    private var climbed: [UInt64: UInt32] = [:]
    /// How far up its ladder each field of each record goes out (`width` per record): the
    /// ledger's floors at first, then as `KAnonymizer` leaves them.
    var levels: [UInt8] = []
    /// Records left out by `KAnonymizer`.
    var dropped: [Bool] = []
    /// Records `KAnonymizer` made coarser than they started (than the ledger's floor, or than made):
    /// the ones whose ledger entry changes.
    var raised: [Bool] = []

    var count: Int { subjects.count }

    /// Keeps `record` (as made), starting no field below `floor` — the levels this recipient had
    /// the item at before.
    mutating func append(_ record: DeidentifiedRecord, floor: [Int]? = nil) {
        subjects.append(subjectCodes.number(of: record.subject))
        kinds.append(kindNames.number(of: record.kind))
        for field in Self.fields { numbers.append(field.raw(record).map { values.number(of: $0) } ?? 0) }
        itemKeys.append(record.itemKey)
        if let floor, floor.count == Self.width {
            levels += floor.map { UInt8(clamping: $0) }
        } else {
            levels += repeatElement(0, count: Self.width)
        }
        dropped.append(false)
        raised.append(false)
    }

    // MARK: For KAnonymizer

    func subject(of index: Int) -> UInt32 { subjects[index] }
    func subjectCode(of index: Int) -> String { subjectCodes[subjects[index]] ?? "" }
    func kind(of index: Int) -> UInt32 { kinds[index] }
    func level(_ index: Int, _ field: Int) -> Int { Int(levels[index * Self.width + field]) }
    func itemKey(of index: Int) -> String { itemKeys[index] }

    /// The number of the record's field at `level` (0: absent at every level).
    mutating func number(_ index: Int, _ field: Int, at level: Int) -> UInt32 {
        let made = numbers[index * Self.width + field]
        guard made != 0, level > 0 else { return made }
        let key = UInt64(made) | UInt64(level) << 32 | UInt64(field) << 40
        if let known = climbed[key] { return known }
        let value = Self.fields[field].climb(values[made] ?? "", level)
        let number = values.number(of: value)
        climbed[key] = number
        return number
    }

    /// Whether a value's number stands for `[withheld]`.
    func isWithheld(_ number: UInt32) -> Bool { number != 0 && values[number] == QuasiIdentifier.withheldText }

    // MARK: Making the records again

    /// The record at `index` as it goes out: every field at its level.
    func record(at index: Int, withSubject: Bool = true) -> DeidentifiedRecord {
        var record = DeidentifiedRecord(subject: withSubject ? subjectCodes[subjects[index]] ?? "" : "", kind: kindNames[kinds[index]] ?? "")
        for (field, quasi) in Self.fields.enumerated() {
            let made = numbers[index * Self.width + field]
            guard made != 0, let value = values[made] else { continue }
            quasi.set(&record, quasi.climb(value, level(index, field)))
        }
        record.itemKey = itemKeys[index]
        return record
    }
}

/// Distinct strings, each with a number from 1 (0: none).
struct ValueTable: Sendable {
    private var numbers: [String: UInt32] = [:]
    private var strings: [String] = []

    mutating func number(of string: String) -> UInt32 {
        if let known = numbers[string] { return known }
        strings.append(string)
        let number = UInt32(strings.count)
        numbers[string] = number
        return number
    }

    subscript(number: UInt32) -> String? { number == 0 ? nil : strings[Int(number) - 1] }
}

/// Strings packed end to end in one buffer: a string each, without one allocation each.
struct PackedStrings: Sendable {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    mutating func append(_ string: String) {
        bytes += string.utf8
        ends.append(bytes.count)
    }

    subscript(index: Int) -> String {
        let start = index == 0 ? 0 : ends[index - 1]
        return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
    }
}
