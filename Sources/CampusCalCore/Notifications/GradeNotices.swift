import Foundation

extension NotificationService {
    /// Tells a student about a new or changed grade or instructor feedback (SRS 3.2.35) — only when
    /// they asked for grade updates, and with the feedback text only when they turned that on (it can
    /// be personal, and notices travel by email and text).
    ///
    /// Called after the change is stored, by a manual edit or an LMS sync alike.
    /// A student's own edit of a manual task is not news to them: only assignments (from an LMS) notify.
    public func gradeChanged(from old: TaskItem?, to task: TaskItem, owner: User) async throws {
        guard task.isAssignment else { return }
        let gradeChanged = task.grade != nil && old?.grade != task.grade
        let feedback = task.feedback?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let feedbackChanged = !feedback.isEmpty && old?.feedback != task.feedback
        guard gradeChanged || feedbackChanged else { return }
        let preferences = try await notices.preferences(for: owner.id)
        guard preferences.gradeUpdates else { return }
        let name = task.displayText ?? task.title
        var subject = name
        if let course = task.course { subject += " (\(course))" }
        var body: String
        if gradeChanged, let grade = task.grade {
            body = "\(subject): \(Self.spoken(grade, pointsPossible: task.pointsPossible))."
        } else {
            body = "\(subject): new feedback from your instructor."
        }
        if feedbackChanged {
            body += preferences.includeFeedback ? "\nFeedback: \(feedback)" : " Open the assignment to read the feedback."
        }
        try await notify(
            owner.id, kind: gradeChanged ? .grade : .feedback, title: gradeChanged ? "Grade posted: \(name)" : "New feedback: \(name)",
            body: body, link: "/api/v1/tasks/\(task.id.rawValue)")
    }

    /// "45 of 50 points, 90%, A-".
    static func spoken(_ grade: TaskGrade, pointsPossible: Double?) -> String {
        var parts: [String] = []
        if let score = grade.score {
            parts.append(pointsPossible.map { "\(number(score)) of \(number($0)) points" } ?? "\(number(score)) points")
        }
        if let percentage = grade.percentage { parts.append("\(number(percentage))%") }
        if let letter = grade.letter { parts.append(letter) }
        return parts.isEmpty ? "graded" : parts.joined(separator: ", ")
    }

    /// 45 → "45", 92.5 → "92.5", 1/3 → "0.33".
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15
            ? String(Int(value)) : String(format: "%.2f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
