/// The kinds of a student's data a release can contain. A consent names the categories it covers
/// (34 CFR §99.30(b)(1): "the records that may be disclosed"), and a release may carry only those.
public enum DataCategory: String, Sendable, CaseIterable, Comparable, Codable {
    /// Who the person is: name, username, email, phone. Only ever released with consent.
    case identity
    /// Calendar events: titles, descriptions, locations, times.
    case events
    /// Tasks and assignments: titles, notes, due dates, priorities, completion.
    case tasks
    /// Grades and instructor feedback (education records in the narrowest sense).
    case grades
    /// Courses and enrolments.
    case courses
    /// Study-group memberships and posts.
    case groups

    public static func < (lhs: DataCategory, rhs: DataCategory) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }

    /// Parses a list such as `["events", "tasks"]`, naming the first unknown one.
    public static func parse(_ names: [String]) -> Result<Set<DataCategory>, ValidationError> {
        var categories: Set<DataCategory> = []
        for name in names {
            guard let category = DataCategory(rawValue: name) else {
                return .failure(
                    ValidationError([
                        ValidationIssue(
                            field: "categories", code: "category.unknown",
                            message: "Unknown data category '\(name)'; use \(allCases.map(\.rawValue).joined(separator: ", ")).")
                    ]))
            }
            categories.insert(category)
        }
        return .success(categories)
    }
}
