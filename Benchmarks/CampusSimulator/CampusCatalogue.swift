import CampusCalCore
import CampusCalICalendar
import Foundation

/// The courses of the campus and who teaches them: small (1,500 rows), so computed once up front
/// and kept in memory while students are generated against it.
struct CampusCatalogue: Sendable {
    struct Course: Sendable {
        var id: String
        /// The LMS's org unit id, used in imported assignments' source ids and event UIDs.
        var unit: Int
        var code: String
        var name: String
        var instructor: Int
        var meetings: [Meeting]
        /// The weekday assignments are due on (0 = Monday).
        var dueWeekday: Int
    }

    /// A weekly class meeting: a lecture on MWF or TTh, or a lab once a week.
    struct Meeting: Sendable {
        var kind: String
        var days: [Weekday]
        var hour: Int
        var minute: Int
        var minutes: Int
        var location: String
    }

    let courses: [Course]

    static let subjects = [
        ("CS", "Computer Science"), ("MATH", "Mathematics"), ("BIO", "Biology"), ("CHEM", "Chemistry"), ("PHYS", "Physics"),
        ("ENG", "English"), ("HIST", "History"), ("PSY", "Psychology"), ("ECON", "Economics"), ("ART", "Art"), ("MUS", "Music"),
        ("REL", "Religion"), ("ACC", "Accounting"), ("NURS", "Nursing"), ("COMM", "Communication"),
    ]
    static let buildings = ["Science Hall", "Library", "Kimball", "Romney", "Taylor", "Smith", "Austin", "Spori", "Hinckley", "Benson"]

    init(shape: CampusShape) {
        var courses: [Course] = []
        for index in 0..<shape.courses {
            var random = SeededRandom(shape.seed, stream: .courses, index: index)
            let subject = Self.subjects[index % Self.subjects.count]
            let number = 100 + (index / Self.subjects.count) * 3 % 400 + Int.random(in: 0...2, using: &random)
            let building = Self.buildings.randomElement(using: &random)!
            let room = Int.random(in: 100...399, using: &random)
            var meetings: [Meeting] = []
            if random.chance(0.55) {
                meetings.append(
                    Meeting(
                        kind: "Lecture", days: [.monday, .wednesday, .friday], hour: Int.random(in: 8...15, using: &random), minute: 0,
                        minutes: 50, location: "\(building) \(room)"))
            } else {
                meetings.append(
                    Meeting(
                        kind: "Lecture", days: [.tuesday, .thursday], hour: Int.random(in: 8...15, using: &random), minute: 30, minutes: 75,
                        location: "\(building) \(room)"))
            }
            if random.chance(0.33) {
                meetings.append(
                    Meeting(
                        kind: "Lab", days: [Weekday(rawValue: Int.random(in: 0...4, using: &random))!], hour: Int.random(in: 13...16, using: &random),
                        minute: 0, minutes: 110, location: "\(building) \(room + 1)"))
            }
            courses.append(
                Course(
                    id: random.uuid(), unit: 600_000 + index, code: "\(subject.0) \(number)", name: "\(subject.1) \(number)",
                    instructor: index % shape.instructors, meetings: meetings, dueWeekday: Int.random(in: 0...4, using: &random)))
        }
        self.courses = courses
    }
}

/// Who student number `index` is and the ids of what they own: recomputable from the seed alone,
/// so later phases (groups, shares, invitations) find a student's calendars without keeping 45,000
/// of these in memory or reading them back.
struct StudentPlan: Sendable {
    var index: Int
    var id: String
    var username: String
    var displayName: String
    var timeZone: String
    var personalCalendarID: String
    var classCalendarID: String
    var courses: [Int]

    static let firstNames = [
        "Ava", "Liam", "Emma", "Noah", "Olivia", "Ethan", "Sophia", "Mason", "Isabella", "Lucas", "Mia", "James", "Amelia", "Benjamin",
        "Harper", "Elijah", "Evelyn", "Samuel", "Abigail", "Daniel", "Emily", "Jacob", "Ella", "Logan", "Grace", "Caleb", "Chloe", "Tyler",
    ]
    static let lastNames = [
        "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Martinez", "Lopez", "Wilson", "Anderson", "Taylor",
        "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Harris", "Clark", "Lewis", "Young", "Allen", "King", "Wright",
    ]

    init(_ index: Int, shape: CampusShape) {
        var random = SeededRandom(shape.seed, stream: .people, index: index)
        self.index = index
        id = random.uuid()
        username = Self.username(index)
        displayName = "\(Self.firstNames.randomElement(using: &random)!) \(Self.lastNames.randomElement(using: &random)!)"
        // Most students live in the campus zone; online and travelling students elsewhere.
        timeZone =
            random.chance(0.9)
            ? CampusShape.campusZone : ["America/Los_Angeles", "America/Chicago", "America/New_York", "Europe/London"].randomElement(using: &random)!
        personalCalendarID = random.uuid()
        classCalendarID = random.uuid()
        let count = Int.random(in: shape.coursesPerStudent, using: &random)
        var chosen: [Int] = []
        while chosen.count < min(count, shape.courses) {
            let course = Int.random(in: 0..<shape.courses, using: &random)
            if !chosen.contains(course) { chosen.append(course) }
        }
        courses = chosen
    }

    static func username(_ index: Int) -> String { String(format: "s%05d", index + 1) }
}
