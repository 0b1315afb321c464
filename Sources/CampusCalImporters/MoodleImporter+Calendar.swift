import CampusCalCore
import CampusCalICalendar
import Foundation

extension MoodleImporter {
    /// The course calendar (`core_calendar_get_calendar_events`): lectures, exams, office hours and
    /// the student's own events, within the term around now. Activity dates (an assignment's due,
    /// a quiz's close) are the activities themselves, already imported; hidden events are skipped.
    func courseCalendar(codes: [Int: String], call: Caller, into snapshot: inout LMSSnapshot) async throws {
        let scope = "calendar-events"
        let now = clock.now()
        var parameters = codes.keys.sorted().enumerated().map { ("events[courseids][\($0.offset)]", String($0.element)) }
        parameters += [
            ("options[timestart]", String(Int(now.addingTimeInterval(-120 * 86_400).timeIntervalSince1970))),
            ("options[timeend]", String(Int(now.addingTimeInterval(240 * 86_400).timeIntervalSince1970))),
            ("options[userevents]", "1"), ("options[siteevents]", "1"),
        ]
        do {
            let reply = try await call.object("core_calendar_get_calendar_events", parameters)
            var complete = true
            for warning in (reply["warnings"] as? [[String: Any]]) ?? [] {
                complete = false
                let course = JSONField.int(warning["itemid"]).map { codes[$0] ?? "course \($0)" } ?? "a course"
                snapshot.problems.append(
                    LMSSyncProblem(scope: scope, message: "Moodle calendar (\(course)): \((warning["message"] as? String) ?? "could not be read")"))
            }
            for event in (reply["events"] as? [[String: Any]]) ?? [] {
                guard let id = JSONField.int(event["id"]), let start = JSONField.int(event["timestart"]),
                    (event["modulename"] as? String ?? "").isEmpty, JSONField.int(event["visible"]) != 0
                else { continue }
                let courseID = JSONField.int(event["courseid"]).flatMap { codes[$0] == nil ? nil : $0 }
                let code = courseID.flatMap { codes[$0] }
                let text = [HTMLText.plain(event["description"] as? String), code].compactMap { $0 }.filter { !$0.isEmpty }
                let location = (event["location"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                snapshot.events.append(
                    LMSCalendarItem(
                        key: "event|\(id)", scope: scope, title: (event["name"] as? String) ?? "Moodle event",
                        description: text.isEmpty ? nil : text.joined(separator: "\n"), location: location, start: Self.instant(start),
                        end: Self.instant(start + max(0, JSONField.int(event["timeduration"]) ?? 0)), courseNativeID: courseID.map(String.init)))
            }
            if complete { snapshot.completeScopes.insert(scope) }
        } catch let failure as Failure {
            snapshot.problems.append(
                LMSSyncProblem(scope: scope, message: "Moodle (\(Self.names(codes))): \(Self.describe(failure, "course calendar"))"))
        }
    }
}
