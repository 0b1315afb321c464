import Foundation

/// The fields of a calendar a user chooses: on creation (`name` required) or as a merge patch.
public struct CalendarChanges: Sendable, Equatable {
    public var name: String?
    public var description: FieldChange<String>
    public var color: String?
    public var timeZone: String?
    /// Where calendar apps sort it (CalDAV's `calendar-order`).
    public var displayOrder: FieldChange<Int>

    public init(
        name: String? = nil, description: FieldChange<String> = .unchanged, color: String? = nil, timeZone: String? = nil,
        displayOrder: FieldChange<Int> = .unchanged
    ) {
        self.name = name
        self.description = description
        self.color = color
        self.timeZone = timeZone
        self.displayOrder = displayOrder
    }

    /// Lengths count Unicode code points, as JSON Schema's maxLength does, so the API document and the server agree.
    public static let maximumNameLength = 100
    public static let maximumDescriptionLength = 2000
    /// Used when a new calendar names no colour.
    public static let defaultColor = "#3A87AD"

    /// Every rule the given values break.
    public func issues() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if let name {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                issues.append(ValidationIssue(field: "name", code: "name.empty", message: "Calendar name must not be empty."))
            } else if name.unicodeScalars.count > Self.maximumNameLength {
                issues.append(
                    ValidationIssue(
                        field: "name", code: "name.length", message: "Calendar name must be at most \(Self.maximumNameLength) characters long."))
            }
        }
        if case .set(let description) = description, description.unicodeScalars.count > Self.maximumDescriptionLength {
            issues.append(
                ValidationIssue(
                    field: "description", code: "description.length",
                    message: "Description must be at most \(Self.maximumDescriptionLength) characters long."))
        }
        if let color, !Self.isHexColor(color) {
            issues.append(
                ValidationIssue(
                    field: "color", code: "color.format", message: "Colour '\(color.prefix(20))' must be written #RRGGBB, e.g. #3A87AD."))
        }
        if let timeZone { issues += ProfileRules.timeZoneIssues(timeZone) }
        return issues
    }

    static func isHexColor(_ value: String) -> Bool {
        value.count == 7 && value.first == "#" && value.dropFirst().allSatisfy { $0.isHexDigit }
    }

    /// `calendar` with these changes applied (validation is the caller's job).
    func applied(to calendar: CalendarCollection) -> CalendarCollection {
        var calendar = calendar
        if let name { calendar.name = name.trimmingCharacters(in: .whitespacesAndNewlines) }
        switch description {
        case .unchanged: break
        case .set(let value): calendar.description = value
        case .clear: calendar.description = nil
        }
        if let color { calendar.color = color.uppercased() }
        if let timeZone { calendar.timeZone = timeZone }
        switch displayOrder {
        case .unchanged: break
        case .set(let value): calendar.displayOrder = value
        case .clear: calendar.displayOrder = nil
        }
        return calendar
    }
}
