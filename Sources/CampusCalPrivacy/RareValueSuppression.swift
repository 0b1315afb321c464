/// Withholds values that few people share (34 CFR §99.31(b)(1): no student identifiable "through
/// single or multiple releases").
///
/// A scrubbed title, a grade of 87.35 or a Sunday 06:10 start can belong to one student alone. Such
/// a value is a quasi-identifier: two recipients holding the same release could join their data on
/// it, whatever their record codes. So in every field, a value held by fewer than `minimum` people
/// is withheld — text becomes `[withheld]`, numbers are left out. With `minimum` ≥ 2 no single field
/// links two recipients' records of one person.
struct RareValueSuppression {
    static let withheldText = "[withheld]"

    static var textFields: [WritableKeyPath<DeidentifiedRecord, String?>] {
        [\.course, \.title, \.description, \.location, \.start, \.end, \.due, \.timeZone, \.priority, \.status, \.letter, \.feedback, \.role]
    }
    static var numberFields: [WritableKeyPath<DeidentifiedRecord, Double?>] { [\.pointsPossible, \.score, \.percentage] }

    let minimum: Int

    /// `records` with rare values withheld, and how many values were.
    func apply(to records: [DeidentifiedRecord]) -> (records: [DeidentifiedRecord], withheld: Int) {
        var records = records
        var withheld = 0
        for field in Self.textFields {
            let rare = rareValues(in: records, field)
            for index in records.indices {
                if let value = records[index][keyPath: field], rare.contains(value) {
                    records[index][keyPath: field] = Self.withheldText
                    withheld += 1
                }
            }
        }
        for field in Self.numberFields {
            let rare = rareValues(in: records, field)
            for index in records.indices {
                if let value = records[index][keyPath: field], rare.contains(value) {
                    records[index][keyPath: field] = nil
                    withheld += 1
                }
            }
        }
        return (records, withheld)
    }

    /// The values of `field` that fewer than `minimum` distinct subjects hold.
    private func rareValues<Value: Hashable>(in records: [DeidentifiedRecord], _ field: KeyPath<DeidentifiedRecord, Value?>) -> Set<Value> {
        var holders: [Value: Set<String>] = [:]
        for record in records {
            if let value = record[keyPath: field] { holders[value, default: []].insert(record.subject) }
        }
        return Set(holders.filter { $0.value.count < minimum }.keys)
    }
}
