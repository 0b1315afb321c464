/// One rule a submitted value broke, phrased for the person who typed it.
public struct ValidationIssue: Sendable, Equatable, Codable {
    /// The request field the issue is about, e.g. `password`.
    public var field: String
    /// A stable machine-readable rule name, e.g. `password.uppercase`.
    public var code: String
    /// A sentence a person can act on.
    public var message: String

    public init(field: String, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }
}

/// Input that breaks one or more rules. Carries every broken rule at once, so a form can show them all.
public struct ValidationError: Error, Sendable, Equatable {
    public var issues: [ValidationIssue]

    public init(_ issues: [ValidationIssue]) { self.issues = issues }

    /// All messages joined into one sentence list, for a problem's `detail`.
    public var summary: String { issues.map(\.message).joined(separator: " ") }

    /// Throws when `issues` is not empty.
    public static func check(_ issues: [ValidationIssue]) throws {
        if !issues.isEmpty { throw ValidationError(issues) }
    }
}
