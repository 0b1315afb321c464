import Foundation

/// RFC 3744's principal REPORTs, which calendar apps use to look people up (attendee completion,
/// "find my principal"): `principal-property-search` (§9.4) and `principal-search-property-set` (§9.5).
public enum PrincipalReport: Sendable, Equatable {
    /// Principals whose properties contain the texts (`anyOf`: any one condition suffices), with `properties` of each.
    case search(conditions: [Condition], anyOf: Bool, properties: [DAVName])
    /// Which properties may be searched.
    case searchablePropertySet

    /// One `property-search`: any of `properties` containing `match`, compared without case.
    public struct Condition: Sendable, Equatable {
        public var properties: [DAVName]
        public var match: String

        public init(properties: [DAVName], match: String) {
            self.properties = properties
            self.match = match
        }

        /// Whether one of `values` (each property's text, by name) contains the match, ignoring case.
        public func holds(for values: [DAVName: String]) -> Bool {
            let wanted = match.lowercased()
            return properties.contains { name in values[name].map { $0.lowercased().contains(wanted) } ?? false }
        }
    }

    /// Reads a REPORT body; nil when it is not a principal report (another REPORT reads it).
    public init?(body: [UInt8], limits: DAVXMLReader.Limits = .standard) throws(DAVXMLError) {
        let root = try DAVXMLReader.parse(body, limits: limits)
        switch root.name {
        case .dav("principal-search-property-set"):
            self = .searchablePropertySet
        case .dav("principal-property-search"):
            let conditions = root.children(.dav("property-search")).map { search in
                Condition(
                    properties: search.child(.dav("prop"))?.children.map(\.name) ?? [],
                    match: search.child(.dav("match"))?.trimmedText ?? "")
            }
            self = .search(
                conditions: conditions, anyOf: root.attributes["test"]?.lowercased() == "anyof",
                properties: root.child(.dav("prop"))?.children.map(\.name) ?? [])
        default:
            return nil
        }
    }
}
