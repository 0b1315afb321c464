import CampusCalCore
import CampusCalICalendar
import Foundation

extension MoodleImporter {
    /// Where the student's submission of each assignment stands (`mod_assign_get_submission_status`),
    /// and a personal extension, which beats the due date. Asked only for work not long past (one
    /// call each); a refusal leaves the state unknown (the last one stays), a failure is a problem of
    /// the course that names it.
    func submissionStates(
        of assignments: inout [Int: (course: Int, assignment: LMSAssignment)], codes: [Int: String], call: Caller, problems: inout [LMSSyncProblem]
    ) async throws {
        let since = clock.now().addingTimeInterval(-lookBack)
        for id in assignments.keys.sorted() {
            guard let entry = assignments[id] else { continue }
            if let due = entry.assignment.due?.instant(viewerTimeZone: .gmt), due < since { continue }
            do {
                let reply = try await call.object("mod_assign_get_submission_status", [("assignid", String(id))])
                let attempt = reply["lastattempt"] as? [String: Any]
                let submission = (attempt?["submission"] ?? attempt?["teamsubmission"]) as? [String: Any]
                assignments[id]?.assignment.submissionStatus = (submission?["status"] as? String) ?? "new"
                if let extended = JSONField.int(attempt?["extensionduedate"]), extended > 0 {
                    assignments[id]?.assignment.due = Self.instant(extended)
                }
            } catch let failure as Failure where !Self.refusals.contains(failure.code) {
                let course = codes[entry.course] ?? String(entry.course)
                problems.append(
                    LMSSyncProblem(
                        scope: "submissions:\(entry.course)", message: "Moodle (\(course)): \(Self.describe(failure, "submission status"))"))
            } catch is Failure {
                continue
            }
        }
    }

    /// Unix seconds as a date; nil for 0 (Moodle's "not set").
    static func date(_ value: Any?) -> Date? {
        JSONField.int(value).flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil }
    }
}
