/// The learning-management systems CampusCal imports from. BYU-Idaho's I-Learn 3.0 is Brightspace;
/// `ics` is any LMS (or calendar) through its secret iCalendar feed.
public enum LMSKind: String, Sendable, CaseIterable, Codable {
    case brightspace, canvas, moodle, ics

    /// How people know it.
    public var displayName: String {
        switch self {
        case .brightspace: "I-Learn (Brightspace)"
        case .canvas: "Canvas"
        case .moodle: "Moodle"
        case .ics: "Calendar feed"
        }
    }
}
