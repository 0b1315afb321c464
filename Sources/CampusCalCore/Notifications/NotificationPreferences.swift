import Foundation

/// How a user wants to be told (SRS 3.2.20, 3.2.35): notifications on or off, and through which
/// channels. Off means quiet, not lost: the inbox still keeps every notice.
public struct NotificationPreferences: Sendable, Equatable {
    public var enabled: Bool
    public var email: Bool
    /// Text messages, through `textAddress`.
    public var text: Bool
    /// An email-to-SMS gateway address (`2085551234@vtext.com`): texts without a paid SMS provider.
    public var textAddress: String?
    /// Live delivery to the user's open apps and browsers.
    public var device: Bool
    /// Notify when a grade or instructor feedback arrives or changes (SRS 3.2.35): only when asked.
    public var gradeUpdates: Bool
    /// Whether grade notices include the instructor's feedback text.
    public var includeFeedback: Bool
    /// Remind for every task and assignment with a due date, at `defaultReminders`, unless it has its own.
    public var remindAllAssignments: Bool
    public var defaultReminders: [Reminder]

    public init(
        enabled: Bool = true, email: Bool = false, text: Bool = false, device: Bool = true, includeFeedback: Bool = false,
        remindAllAssignments: Bool = false, defaultReminders: [Reminder] = [.before(minutes: 24 * 60)], gradeUpdates: Bool = false,
        textAddress: String? = nil
    ) {
        self.enabled = enabled
        self.email = email
        self.text = text
        self.device = device
        self.includeFeedback = includeFeedback
        self.remindAllAssignments = remindAllAssignments
        self.defaultReminders = defaultReminders
        self.gradeUpdates = gradeUpdates
        self.textAddress = textAddress
    }

    public static let `default` = NotificationPreferences()
}
