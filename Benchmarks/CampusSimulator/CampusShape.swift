import CampusCalCore
import CampusCalICalendar
import Foundation

/// How big the campus is and when its term runs: every count the seeder uses, in one place.
///
/// The proportions follow the issue (#11): about 45,000 students, ~1,500 courses, 4–6 courses a
/// student, ~15 assignments a course, 20% of students active in the peak hour. Everything scales
/// with `students`, so the smoke test's 300-student campus has the same shape, only smaller.
struct CampusShape: Sendable {
    let students: Int
    let seed: UInt64
    /// The day the campus is seeded "as of": the term is placed around it so that the week the
    /// driver views is a teaching week, with past assignments graded and future ones open.
    let today: LocalDate

    /// The campus's own zone (most students; everything the LMS imports is in it).
    static let campusZone = "America/Denver"
    /// The LMS host written into imported assignments' source ids, as `LMSSyncPlanner.sourceID` does.
    static let lmsHost = "ilearn.campus.edu"

    var courses: Int { max(3, students / 30) }
    var instructors: Int { max(2, students / 30) }
    let admins = 5
    var activeStudents: Int { max(1, students / 5) }
    let coursesPerStudent = 4...6
    let assignmentsPerCourse = 15
    /// Personal one-off events, spread over the weeks around `today`.
    let personalEvents = 6
    /// Personal recurring events (a gym slot, a work shift), without an end, as people make them.
    let personalSeries = 2
    let personalTasks = 6
    /// Students per study group, on average; a group has 3–8 members.
    let studentsPerGroup = 10
    /// Invitations each active student has received (one to an event, one without).
    let invitationsPerActive = 2
    let noticesPerActive = 3
    /// Share of students who share their personal calendar with another student.
    let sharingShare = 0.1

    /// Monday of the term's first week: 12 weeks before the week of `today`.
    var termStart: LocalDate {
        let monday = today.adding(days: -today.weekday.rawValue)
        return monday.adding(days: -12 * 7)
    }

    /// The last teaching day (a Friday, 16 weeks after the start).
    var termEnd: LocalDate { termStart.adding(days: 16 * 7 - 3) }

    /// Whether student number `index` (0-based) is one of the 20% active in the peak hour: every
    /// fifth, so active students are spread evenly over courses, groups and batches.
    func isActive(_ index: Int) -> Bool { index % 5 == 0 && index / 5 < activeStudents }
}
