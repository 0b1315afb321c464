import CampusCalCore
import CampusCalICalendar
import Foundation

/// A deterministic synthetic campus for the FERPA de-identification suite: students with every kind of
/// identifier the scrubber must remove, their courses, and calendar items whose free text mentions those
/// identifiers the way students and instructors really write them ("Study group at Maria López's place,
/// 12 Oak St — text 208-555-0134").
///
/// Why synthetic and why deterministic: the suite must never see real student records, and a leak it
/// finds must be reproducible from the seed alone, so the generator uses its own PRNG (SplitMix64 with its
/// own bounded-integer and shuffle code, not the standard library's, whose algorithms may change between
/// toolchains) and never the system generator.
///
/// Guarantees the leak checks rely on (checked by the generator's own test):
/// - display names, usernames, emails, phone digits, student numbers, birth dates (while the twelve birth
///   years have room) and addresses are unique, and no identifier of one student contains one of another's;
/// - every identifier embedded in an item appears verbatim, exactly as listed in `Student.identifiers`,
///   and `Item.mentionedStudents` names every student whose identifiers an item contains;
/// - ordinary text (course codes, rooms, times, plain links) contains no identifier, and no name part
///   equals a word of the templates, so a scrubber that over-redacts ordinary words is visible too;
/// - at least half of each student's items (rounded up) embed identifiers.
public struct SyntheticCohort: Sendable {
    public struct Student: Sendable, Equatable {
        public var index: Int
        public var givenName: String
        public var familyName: String
        /// "Maria López".
        public var displayName: String
        /// Lower-case ASCII, unique, matches `^[a-z][a-z0-9._-]{2,31}$`: "mlopez17".
        public var username: String
        /// Unique, ASCII-folded: "maria.lopez17@students.example.edu".
        public var email: String
        /// A US number in one of four written forms: "208-555-0134", "(208) 555-0134", "208.555.0134",
        /// "+1 208 555 0134"; the ten digits are unique.
        public var phone: String
        /// Nine digits, unique, first digit 1-9.
        public var studentNumber: String
        /// ISO 8601 date, "2004-03-17", years 1996...2007.
        public var birthDate: String
        /// A unique street line: "12 Oak St", "1250 N Main Street", "48 Maple Avenue".
        public var address: String
        /// Mostly "America/Denver"; some "America/Los_Angeles", "America/New_York", "Pacific/Honolulu".
        public var timeZone: String
        /// Every form the leak check searches for: displayName, "Family, Given", username, email, phone as written,
        /// phone digits only (10 digits, no country code), studentNumber, birthDate in all three written forms
        /// ("2004-03-17", "03/17/2004", "March 17, 2004"), address.
        public var identifiers: [String]

        /// "López, Maria": how rosters and instructors write names.
        public var familyCommaGiven: String { "\(familyName), \(givenName)" }
        /// The ten digits of `phone`, without the country code.
        public var phoneDigits: String { String(phone.filter { $0.isASCII && $0.isNumber }.suffix(10)) }
        /// `birthDate` as "03/17/2004".
        public var birthDateUS: String { SyntheticCohort.usDate(birthDate) }
        /// `birthDate` as "March 17, 2004".
        public var birthDateLong: String { SyntheticCohort.longDate(birthDate) }
    }

    public struct Course: Sendable, Equatable {
        /// "CS 124".
        public var code: String
        /// "Data Structures".
        public var name: String
        /// "Fall 2026", from `termStart`.
        public var term: String
    }

    public struct Item: Sendable, Equatable {
        public enum Kind: String, Sendable { case event, task, assignment }
        /// The owner.
        public var studentIndex: Int
        /// Nil for personal items; set for all assignments.
        public var courseIndex: Int?
        public var kind: Kind
        public var title: String
        public var description: String?
        /// Events only (may be nil).
        public var location: String?
        /// Graded assignments only: instructor feedback.
        public var feedback: String?
        /// Event start, or task/assignment due instant (whole minutes).
        public var start: Date
        /// Events: 30...180; tasks and assignments: 0.
        public var durationMinutes: Int
        /// Graded assignments only, 0...pointsPossible.
        public var grade: Double?
        /// Assignments only.
        public var pointsPossible: Double?
        /// The students whose identifiers this item's text embeds (the owner or others), ascending; empty for
        /// ordinary items. A leak check needs to look only for these students' identifiers in this item.
        public var mentionedStudents: [Int]

        /// The free-text fields that are present: title, description, location, feedback.
        public var texts: [String] { [title] + [description, location, feedback].compactMap { $0 } }
    }

    public let seed: UInt64
    public let students: [Student]
    public let courses: [Course]
    /// Each student in 3...5 courses (fewer only if there are fewer courses); every course has ≥ 12 students
    /// when that is possible (courseCount × 12 ≤ studentCount × 5). Ordered by student, then course.
    public let enrolments: [(student: Int, course: Int)]
    public let items: [Item]
    private let identifierUnion: [String]

    /// Every identifier of every student (the union of `identifiers`, in student order, without duplicates).
    public var allIdentifiers: [String] { identifierUnion }

    /// 2026-09-07T00:00:00Z, the Monday the default fall term starts.
    public static let defaultTermStart = Date(timeIntervalSince1970: 1_788_739_200)

    public init(
        seed: UInt64 = 20_261_123, studentCount: Int = 500, courseCount: Int = 24, itemsPerStudent: Int = 12,
        termStart: Date = SyntheticCohort.defaultTermStart
    ) {
        precondition(studentCount >= 0 && courseCount >= 0 && itemsPerStudent >= 0, "SyntheticCohort: negative count")
        precondition(
            studentCount <= Names.given.count * Names.family.count / 2,
            "SyntheticCohort: more students than distinct display names can comfortably cover")
        precondition(courseCount <= 5_000, "SyntheticCohort: too many courses for distinct codes")
        assert(Self.vocabularyProblems.isEmpty, "SyntheticCohort pools: \(Self.vocabularyProblems)")
        var random = SplitMix64(seed: seed)
        self.seed = seed
        students = Self.makeStudents(count: studentCount, random: &random)
        courses = Self.makeCourses(count: courseCount, term: Self.termName(termStart), random: &random)
        let courseLists = Self.enrol(studentCount: studentCount, courseCount: courseCount, random: &random)
        enrolments = courseLists.enumerated().flatMap { student, list in list.sorted().map { (student: student, course: $0) } }
        var generator = ItemGenerator(
            students: students, courses: courses, courseLists: courseLists, termStart: termStart, random: random)
        items = generator.makeItems(perStudent: itemsPerStudent)
        var seen = Set<String>()
        identifierUnion = students.flatMap(\.identifiers).filter { seen.insert($0).inserted }
    }

    // MARK: - Students

    private static func makeStudents(count: Int, random: inout SplitMix64) -> [Student] {
        var students: [Student] = []
        students.reserveCapacity(count)
        var displayNames = Set<String>()
        var usernames = Set<String>()
        var emails = Set<String>()
        var phoneDigits = Set<String>()
        // Every nine-digit run inside a phone's digits: a student number must not be one, or a phone number
        // in a text would look like a leak of someone else's student number.
        var phoneRuns = Set<String>()
        var studentNumbers = Set<String>()
        var birthDates = Set<String>()
        var streetNumbers: [String: [String]] = [:]
        for index in 0..<count {
            var given = 0
            var family = 0
            repeat {
                given = random.int(below: Names.given.count)
                family = random.int(below: Names.family.count)
            } while !displayNames.insert("\(Names.given[given]) \(Names.family[family])").inserted
            let givenName = Names.given[given]
            let familyName = Names.family[family]

            // Usernames and emails share the number, as campus account systems usually do: "mlopez17", "maria.lopez17@…".
            var username = ""
            var email = ""
            var attempts = 0
            repeat {
                let number = attempts < 200 ? random.int(in: 10...99) : random.int(in: 100...999)
                let initial = String(Names.foldedGiven[given].prefix(1))
                username = initial + Names.foldedFamily[family].filter { $0 != "-" } + String(number)
                email = "\(Names.foldedGiven[given]).\(Names.foldedFamily[family])\(number)@students.example.edu"
                attempts += 1
            } while usernames.contains(username) || emails.contains(email)
            usernames.insert(username)
            emails.insert(email)

            let zone = random.pick(TimeZones.weighted)
            var digits = ""
            repeat {
                let area = random.pick(TimeZones.areaCodes[zone] ?? ["208"])
                digits = area + "555" + pad(random.int(in: 100...9999), 4)
            } while phoneDigits.contains(digits) || studentNumbers.contains(String(digits.prefix(9)))
                || studentNumbers.contains(String(digits.suffix(9)))
            phoneDigits.insert(digits)
            phoneRuns.insert(String(digits.prefix(9)))
            phoneRuns.insert(String(digits.suffix(9)))
            let phone = writtenPhone(digits, form: random.int(below: 4))

            var studentNumber = ""
            repeat {
                studentNumber = String(random.int(in: 100_000_000...999_999_999))
            } while studentNumbers.contains(studentNumber) || phoneRuns.contains(studentNumber)
            studentNumbers.insert(studentNumber)

            var birthDate = ""
            for attempt in 0..<20 {
                // Mostly traditional undergraduates (born 2004-2007), some older students.
                let year = random.chance(0.7) ? random.int(in: 2004...2007) : random.int(in: 1996...2003)
                let month = random.int(in: 1...12)
                let day = random.int(in: 1...LocalDate.daysIn(month: month, year: year))
                birthDate = "\(year)-\(pad(month, 2))-\(pad(day, 2))"
                if birthDates.insert(birthDate).inserted || attempt == 19 { break }
            }

            let address = makeAddress(random: &random, streetNumbers: &streetNumbers)
            let student = Student(
                index: index, givenName: givenName, familyName: familyName, displayName: "\(givenName) \(familyName)",
                username: username, email: email, phone: phone, studentNumber: studentNumber, birthDate: birthDate,
                address: address, timeZone: zone, identifiers: [])
            var withIdentifiers = student
            withIdentifiers.identifiers = [
                student.displayName, student.familyCommaGiven, username, email, phone, digits, studentNumber,
                birthDate, student.birthDateUS, student.birthDateLong, address,
            ]
            students.append(withIdentifiers)
        }
        return students
    }

    /// The four ways people write a US number; the leak check searches for the form written here and the bare digits.
    private static func writtenPhone(_ digits: String, form: Int) -> String {
        let area = digits.prefix(3)
        let exchange = digits.dropFirst(3).prefix(3)
        let line = digits.suffix(4)
        switch form {
        case 0: return "\(area)-\(exchange)-\(line)"
        case 1: return "(\(area)) \(exchange)-\(line)"
        case 2: return "\(area).\(exchange).\(line)"
        default: return "+1 \(area) \(exchange) \(line)"
        }
    }

    /// A street line no other student's contains or is contained in: on the same street and side, no house
    /// number may end with another's ("12 Oak St" is inside "112 Oak Street"), whatever the suffix.
    private static func makeAddress(random: inout SplitMix64, streetNumbers: inout [String: [String]]) -> String {
        while true {
            let street = random.pick(Streets.names)
            let direction = random.chance(0.25) ? random.pick(["N ", "S ", "E ", "W "]) : ""
            let digitCount = random.pick([1, 2, 2, 3, 3, 3, 4, 4])
            let number = String(random.int(in: (digitCount == 1 ? 1 : pow10(digitCount - 1))...(pow10(digitCount) - 1)))
            let key = direction + street
            let taken = streetNumbers[key, default: []]
            if taken.contains(where: { $0.hasSuffix(number) || number.hasSuffix($0) }) { continue }
            streetNumbers[key, default: []].append(number)
            return "\(number) \(direction)\(street) \(random.pick(Streets.suffixes))"
        }
    }

    // MARK: - Courses and enrolments

    private static func makeCourses(count: Int, term: String, random: inout SplitMix64) -> [Course] {
        var pool = Catalog.courses
        random.shuffle(&pool)
        var chosen: [(department: String, number: Int, name: String)] = []
        var codes = Set<String>()
        for index in 0..<count {
            var (department, number, name) = pool[index % pool.count]
            if index >= pool.count {
                // Past the catalogue: upper-division sections of the same subjects, with codes of their own.
                name = "Topics in " + name
                number = 300 + (number + 17 * (index / pool.count)) % 600
            }
            while codes.contains("\(department) \(number)") { number = number >= 999 ? 100 : number + 1 }
            codes.insert("\(department) \(number)")
            chosen.append((department, number, name))
        }
        return chosen.sorted { ($0.department, $0.number) < ($1.department, $1.number) }
            .map { Course(code: "\($0.department) \($0.number)", name: $0.name, term: term) }
    }

    /// Each student's course indices: 3...5 random courses, then topped up (or moved from the fullest
    /// courses) until every course has at least 12 students, so no course is a small cell by accident.
    private static func enrol(studentCount: Int, courseCount: Int, random: inout SplitMix64) -> [[Int]] {
        guard courseCount > 0 else { return Array(repeating: [], count: studentCount) }
        var lists: [[Int]] = (0..<studentCount).map { _ in
            var all = Array(0..<courseCount)
            let load = min(courseCount, random.int(in: 3...5))
            for position in 0..<load { all.swapAt(position, position + random.int(below: courseCount - position)) }
            return Array(all.prefix(load))
        }
        let minimum = 12
        guard studentCount >= minimum, courseCount * minimum <= studentCount * 5 else { return lists }
        var sizes = Array(repeating: 0, count: courseCount)
        for list in lists { for course in list { sizes[course] += 1 } }
        var order = Array(0..<studentCount)
        random.shuffle(&order)
        for course in 0..<courseCount where sizes[course] < minimum {
            for student in order where sizes[course] < minimum && !lists[student].contains(course) {
                if lists[student].count < 5 {
                    lists[student].append(course)
                    sizes[course] += 1
                } else if let donor = lists[student].max(by: { sizes[$0] < sizes[$1] }), sizes[donor] > minimum {
                    lists[student].removeAll { $0 == donor }
                    lists[student].append(course)
                    sizes[donor] -= 1
                    sizes[course] += 1
                }
            }
        }
        return lists
    }

    /// "Fall 2026" for a term starting in August...December, "Spring" for January...May, "Summer" otherwise.
    private static func termName(_ start: Date) -> String {
        let date = LocalDate(dayNumber: Int(floor(start.timeIntervalSince1970 / 86_400)))
        let (year, month) = (date.year, date.month)
        let season = month >= 8 ? "Fall" : month <= 5 ? "Spring" : "Summer"
        return "\(season) \(year)"
    }

    // MARK: - Dates and numbers

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// "2004-03-17" → "03/17/2004".
    static func usDate(_ iso: String) -> String {
        let parts = iso.split(separator: "-")
        guard parts.count == 3 else { return iso }
        return "\(parts[1])/\(parts[2])/\(parts[0])"
    }

    /// "2004-03-17" → "March 17, 2004".
    static func longDate(_ iso: String) -> String {
        let parts = iso.split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month) else { return iso }
        return "\(monthNames[month - 1]) \(day), \(parts[0])"
    }

    fileprivate static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * 10 } }

    /// Lower-case ASCII: diacritics stripped (ë → e, ễ → e), the letters Unicode does not decompose mapped
    /// by hand (ø, ł, đ, ı, ß), and everything but letters, digits and hyphens dropped (O'Brien → obrien).
    static func asciiFold(_ text: String) -> String {
        var result = ""
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            switch scalar {
            case "ø", "Ø": result += "o"
            case "ł", "Ł": result += "l"
            case "đ", "Đ": result += "d"
            case "ı": result += "i"
            case "ß": result += "ss"
            case "æ", "Æ": result += "ae"
            default:
                guard scalar.isASCII else { continue }
                let character = Character(scalar).lowercased()
                if character.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) { result += character }
            }
        }
        return result
    }

    // MARK: - Pool checks

    /// Problems with the name pools, empty when they are sound: a name part that is also a template word
    /// (the scrubber would be blamed for redacting "Park" in "parking" or praised for keeping it); folded names
    /// that coincide ("Zoë"/"Zoe" would share emails); and folded names that are a prefix or suffix of another,
    /// which would put one student's identifier inside another's ("Li" in "Ali" makes "ali17" part of
    /// "sara.ali17@…"; "Ana" in "Juliana" makes "Ana Wu" part of "Juliana Wu").
    static let vocabularyProblems: [String] = {
        var problems: [String] = []
        let vocabulary = Set(Templates.allText.flatMap(words) + Catalog.allText.flatMap(words) + Streets.allText.flatMap(words))
        for name in Names.given + Names.family {
            let parts = words(name) + [asciiFold(name)]
            for part in parts where part.count >= 2 && vocabulary.contains(part) { problems.append("\(name): template word \(part)") }
        }
        for (label, folded) in [("given", Names.foldedGiven), ("family", Names.foldedFamily)] {
            let letters = folded.map { $0.filter { $0 != "-" } }
            if Set(letters).count != letters.count { problems.append("\(label): folded names coincide") }
            for first in letters {
                for second in letters where first != second && (second.hasPrefix(first) || second.hasSuffix(first)) {
                    problems.append("\(label): \(first) inside \(second)")
                }
            }
        }
        return problems
    }()

    /// Lower-cased, ASCII-folded words of `text` (letters only).
    /// Placeholders ("{name}") are not words of the text and are left out.
    static func words(_ text: String) -> [String] {
        text.replacingOccurrences(of: #"\{[^}]*\}"#, with: " ", options: .regularExpression)
            .split(whereSeparator: { !$0.isLetter }).map { asciiFold(String($0)) }.filter { !$0.isEmpty }
    }
}

extension SyntheticCohort: Equatable {
    /// Field by field: the enrolment tuples are not Equatable, so the comparison cannot be synthesized.
    public static func == (lhs: SyntheticCohort, rhs: SyntheticCohort) -> Bool {
        lhs.seed == rhs.seed && lhs.students == rhs.students && lhs.courses == rhs.courses && lhs.items == rhs.items
            && lhs.enrolments.count == rhs.enrolments.count
            && zip(lhs.enrolments, rhs.enrolments).allSatisfy { $0.student == $1.student && $0.course == $1.course }
    }
}

// MARK: - Random numbers

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, passes BigCrush, and fully specified here, so a seed means
/// the same cohort on every platform and toolchain. Also the fuzz tests' generator (a failing case replays from its seed).
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (Lemire's multiply-and-reject, unbiased).
    mutating func int(below bound: Int) -> Int {
        precondition(bound > 0)
        let range = UInt64(bound)
        var product = range.multipliedFullWidth(by: next())
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = range.multipliedFullWidth(by: next()) }
        }
        return Int(product.high)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + int(below: range.count) }

    /// True with probability `probability` (53-bit resolution).
    mutating func chance(_ probability: Double) -> Bool { Double(next() >> 11) * 0x1p-53 < probability }

    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[int(below: elements.count)] }

    /// Fisher–Yates.
    mutating func shuffle<Element>(_ elements: inout [Element]) {
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count - 1, to: 0, by: -1) { elements.swapAt(index, int(below: index + 1)) }
    }
}

// MARK: - Items

/// The identifier kinds an embedding template features; cycled through a shuffled deck so every kind
/// appears about equally often.
private enum Feature: CaseIterable {
    case name, familyGiven, username, email, phone, phoneDigits, studentNumber, birthISO, birthUS, birthLong, address, url
}

/// The text fields an identifier can be embedded in.
private enum Field: CaseIterable {
    case eventTitle, taskTitle, assignmentTitle, description, location, feedback
}

private struct ItemGenerator {
    let students: [SyntheticCohort.Student]
    let courses: [SyntheticCohort.Course]
    let courseLists: [[Int]]
    let rosters: [[Int]]
    let termStart: Date
    var random: SplitMix64
    var deck: [Feature] = []

    init(
        students: [SyntheticCohort.Student], courses: [SyntheticCohort.Course], courseLists: [[Int]], termStart: Date,
        random: SplitMix64
    ) {
        self.students = students
        self.courses = courses
        self.courseLists = courseLists
        self.termStart = termStart
        self.random = random
        var rosters = Array(repeating: [Int](), count: courses.count)
        for (student, list) in courseLists.enumerated() { for course in list { rosters[course].append(student) } }
        self.rosters = rosters
    }

    mutating func makeItems(perStudent: Int) -> [SyntheticCohort.Item] {
        var items: [SyntheticCohort.Item] = []
        items.reserveCapacity(students.count * perStudent)
        for owner in students.indices {
            // Half the items (rounded up) embed identifiers: a fixed share, so the ratio holds for every seed.
            var embeds = Array(repeating: true, count: (perStudent + 1) / 2) + Array(repeating: false, count: perStudent / 2)
            random.shuffle(&embeds)
            for embed in embeds { items.append(makeItem(owner: owner, embed: embed)) }
        }
        return items
    }

    private mutating func makeItem(owner: Int, embed: Bool) -> SyntheticCohort.Item {
        let myCourses = courseLists[owner]
        let roll = random.int(below: 100)
        let kind: SyntheticCohort.Item.Kind = roll < 40 ? .event : roll < 70 || myCourses.isEmpty ? .task : .assignment
        let courseIndex: Int? =
            switch kind {
            case .assignment: random.pick(myCourses)
            case .event: !myCourses.isEmpty && random.chance(0.4) ? random.pick(myCourses) : nil
            case .task: !myCourses.isEmpty && random.chance(0.3) ? random.pick(myCourses) : nil
            }
        let course = courseIndex.map { courses[$0] }
        let zoneOffset = TimeZones.standardOffsetMinutes[students[owner].timeZone] ?? -420
        let day = random.int(below: 15 * 7)
        let localMinute: Int
        var duration = 0
        var points: Double?
        var grade: Double?
        switch kind {
        case .event:
            localMinute = random.int(in: 7 * 60...21 * 60 + 59)
            duration = 30 + 5 * random.int(in: 0...30)
        case .task:
            localMinute = random.int(in: 8 * 60...23 * 60 + 59)
        case .assignment:
            localMinute = random.chance(0.6) ? 23 * 60 + 59 : random.int(in: 8 * 60...23 * 60 + 59)
            let possible = random.pick([10.0, 20, 25, 50, 100])
            points = possible
            if random.chance(0.65) {
                let share = random.chance(0.9) ? 0.55 + 0.45 * random.unit() : 0.55 * random.unit()
                grade = min(possible, (possible * share * 2).rounded() / 2)
            }
        }
        let start = termStart.addingTimeInterval(Double(day * 86_400 + (localMinute - zoneOffset) * 60))

        var context = Context(course: course, values: ordinaryValues(course: course))
        var title = ordinaryTitle(kind: kind, course: course != nil, context: context)
        var description = random.chance(0.65) ? context.render(random.pick(Templates.ordinaryDescriptions)) : nil
        var location = kind == .event && random.chance(0.8) ? context.render(random.pick(Templates.ordinaryLocations)) : nil
        var feedback = grade != nil ? context.render(random.pick(Templates.ordinaryFeedback)) : nil
        var mentioned = Set<Int>()

        if embed {
            var used: [Field] = []
            // Sometimes a second mention in another field, often of someone else: texts name several people.
            let mentions = random.chance(0.2) ? 2 : 1
            for _ in 0..<mentions {
                let feature = nextFeature()
                let fields = Field.allCases.filter { field in
                    !used.contains(field) && fieldApplies(field, kind: kind, graded: grade != nil)
                        && !templates(field, feature, hasCourse: course != nil).isEmpty
                }
                guard let field = fields.isEmpty ? nil : random.pick(fields) else { continue }
                let subject = chooseSubject(owner: owner, course: courseIndex, feature: feature, field: field)
                context.subject = students[subject]
                context.values["url"] = random.pick(Templates.identifyingURLs)
                let text = context.render(random.pick(templates(field, feature, hasCourse: course != nil)))
                switch field {
                case .eventTitle, .taskTitle, .assignmentTitle: title = text
                case .description: description = text
                case .location: location = text
                case .feedback: feedback = text
                }
                used.append(field)
                mentioned.insert(subject)
            }
        }
        return SyntheticCohort.Item(
            studentIndex: owner, courseIndex: courseIndex, kind: kind, title: title, description: description, location: location,
            feedback: feedback, start: start, durationMinutes: duration, grade: grade, pointsPossible: points,
            mentionedStudents: mentioned.sorted())
    }

    private mutating func nextFeature() -> Feature {
        if deck.isEmpty {
            deck = Feature.allCases
            random.shuffle(&deck)
        }
        return deck.removeLast()
    }

    private func fieldApplies(_ field: Field, kind: SyntheticCohort.Item.Kind, graded: Bool) -> Bool {
        switch field {
        case .eventTitle, .location: kind == .event
        case .taskTitle: kind == .task
        case .assignmentTitle: kind == .assignment
        case .description: true
        case .feedback: graded
        }
    }

    private func templates(_ field: Field, _ feature: Feature, hasCourse: Bool) -> [String] {
        (Templates.embedding[field]?[feature] ?? []).filter { hasCourse || !$0.contains("{course") && !$0.contains("{staffEmail}") }
    }

    /// The owner for what people write about themselves (their own student number, date of birth, links to
    /// their records) and instructor feedback; otherwise mostly a classmate or another student.
    private mutating func chooseSubject(owner: Int, course: Int?, feature: Feature, field: Field) -> Int {
        let ownShare: Double =
            switch (field, feature) {
            case (.feedback, _): 0.85
            case (_, .studentNumber), (_, .url): 0.7
            case (_, .birthISO): 0.6
            case (_, .email), (_, .birthUS), (_, .birthLong): 0.4
            default: 0.2
            }
        guard students.count > 1, !random.chance(ownShare) else { return owner }
        if let course, rosters[course].count > 1, random.chance(0.6) {
            while true {
                let classmate = random.pick(rosters[course])
                if classmate != owner { return classmate }
            }
        }
        let other = random.int(below: students.count - 1)
        return other >= owner ? other + 1 : other
    }

    private mutating func ordinaryTitle(kind: SyntheticCohort.Item.Kind, course: Bool, context: Context) -> String {
        let pool: [String] =
            switch kind {
            case .event: course ? Templates.courseEventTitles : Templates.personalEventTitles
            case .task: course ? Templates.courseTaskTitles : Templates.personalTaskTitles
            case .assignment: Templates.assignmentTitles
            }
        return context.render(random.pick(pool))
    }

    /// Values for the ordinary placeholders, drawn whether used or not so that each item consumes the same
    /// amount of randomness regardless of which template was picked.
    private mutating func ordinaryValues(course: SyntheticCohort.Course?) -> [String: String] {
        var values: [String: String] = [
            "n": String(random.int(in: 1...12)),
            "room": String(random.int(in: 1...4) * 100 + random.int(in: 1...40)),
            "building": random.pick(Catalog.buildings),
            "time": "\(random.int(in: 8...19)):\(random.pick(["00", "15", "30", "45"]))",
            "week": String(random.int(in: 1...15)),
        ]
        if let course {
            values["course"] = course.code
            values["courseName"] = course.name
            values["staffEmail"] = course.code.lowercased().replacingOccurrences(of: " ", with: "") + "-staff@example.edu"
        }
        return values
    }
}

extension SplitMix64 {
    /// Uniform in [0, 1).
    fileprivate mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}

/// What a template's placeholders stand for: "{name}" and the other identifier tokens come from `subject`.
private struct Context {
    var course: SyntheticCohort.Course?
    var values: [String: String]
    var subject: SyntheticCohort.Student?

    init(course: SyntheticCohort.Course?, values: [String: String]) {
        self.course = course
        self.values = values
    }

    func render(_ template: String) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            result += value(key)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func value(_ key: String) -> String {
        if let subject {
            switch key {
            case "name": return subject.displayName
            case "familyGiven": return subject.familyCommaGiven
            case "username": return subject.username
            case "email": return subject.email
            case "phone": return subject.phone
            case "phoneDigits": return subject.phoneDigits
            case "sid": return subject.studentNumber
            case "birthISO": return subject.birthDate
            case "birthUS": return subject.birthDateUS
            case "birthLong": return subject.birthDateLong
            case "address": return subject.address
            case "url": return render(values["url"] ?? "")
            default: break
            }
        }
        return values[key] ?? "{\(key)}"
    }
}

// MARK: - Pools

private enum Names {
    /// Given names: many origins, accents (Zoë, José, Chloé), apostrophes (D'Andre), hyphens (Jean-Luc), short ones (Kai, Mei).
    static let given = [
        "Maria", "José", "Zoë", "Aaliyah", "Ahmed", "Aiko", "Alejandro", "Amara", "Anika", "Arjun", "Beatriz", "Benjamin",
        "Brianna", "Camila", "Chloé", "Dmitri", "Diego", "Elena", "Emeka", "Esther", "Fatima", "François", "Gabriel", "Hiroshi",
        "Ingrid", "Isabella", "Jamal", "Jean-Luc", "Kai", "Kateryna", "Keanu", "Leilani", "Lucas", "Malik", "Mateo", "Mei",
        "Mohammed", "Nadia", "Naomi", "Noah", "Oluwaseun", "Omar", "Priya", "Rafael", "Ravi", "Renée", "Samuel", "Sebastián",
        "Siobhan", "Sofía", "Tariq", "Thandiwe", "Tomás", "Valentina", "Wei", "Xavier", "Yasmin", "Yusuf", "Zainab", "D'Andre",
        "Mary-Kate", "Björn", "Thảo", "Ethan", "Olivia", "Emily", "Jacob", "Caleb", "Tyler", "Hannah", "Liam", "Aarav",
        "Hyun-woo", "Ngozi", "Kwame", "Mahina", "Sanne", "Łucja", "Søren", "Ayşe",
    ]

    /// Family names: apostrophes (O'Brien), hyphens (Smith-Jones), diacritics (Nguyễn, Đặng, Yılmaz, Sørensen),
    /// particles (van der Berg) and short ones (Li, Wu, Kim, Lee).
    static let family = [
        "López", "O'Brien", "Smith-Jones", "Nguyễn", "Li", "Wu", "García", "Martínez", "Hernández", "Rodríguez", "Kim", "Chen",
        "Wang", "Zhang", "Tanaka", "Nakamura", "Sato", "Patel", "Sharma", "Singh", "Khan", "Haddad", "Okafor", "Adeyemi",
        "Mensah", "Kowalski", "Nowak", "Müller", "Schmidt", "Johansson", "Andersson", "Jensen", "Rossi", "Bianchi", "Ferreira",
        "Silva", "Dubois", "Lefèvre", "Ivanova", "Petrov", "Kovalenko", "Yılmaz", "Cohen", "Levi", "Murphy", "O'Connor",
        "MacDonald", "Kealoha", "Kahananui", "Begay", "Yazzie", "Tsosie", "Johnson", "Williams", "Thompson", "Robinson",
        "Washington", "Mitchell", "Ramírez", "Castillo", "Vargas", "Morales", "Ortiz", "Reyes", "Díaz", "Takahashi",
        "Watanabe", "Gupta", "Reddy", "Abdullah", "Hassan", "Goldberg", "van der Berg", "Lee", "Trần", "Phạm", "Đặng",
        "Sørensen", "Łukasiewicz", "Wójcik", "Çelik", "Öztürk", "Park-Lindqvist",
    ]

    static let foldedGiven = given.map(SyntheticCohort.asciiFold)
    static let foldedFamily = family.map(SyntheticCohort.asciiFold)
}

private enum TimeZones {
    /// Mostly a Mountain-time campus, with students from other zones (about 80/10/7/3 %).
    static let weighted: [String] =
        Array(repeating: "America/Denver", count: 80) + Array(repeating: "America/Los_Angeles", count: 10)
        + Array(repeating: "America/New_York", count: 7) + Array(repeating: "Pacific/Honolulu", count: 3)

    /// Area codes that fit each zone, so a student's phone and zone tell a consistent story.
    static let areaCodes: [String: [String]] = [
        "America/Denver": ["208", "801", "385", "435", "303", "720", "970", "406", "307", "505"],
        "America/Los_Angeles": ["213", "310", "415", "503", "206", "702"],
        "America/New_York": ["212", "718", "617", "404", "305"],
        "Pacific/Honolulu": ["808"],
    ]

    /// Standard-time offsets: items are placed in waking hours of the owner's zone without a time-zone database
    /// (in daylight time they land an hour later, which is still waking hours).
    static let standardOffsetMinutes: [String: Int] = [
        "America/Denver": -420, "America/Los_Angeles": -480, "America/New_York": -300, "Pacific/Honolulu": -600,
    ]
}

private enum Streets {
    static let names = [
        "Oak", "Maple", "Main", "Cedar", "Pine", "Elm", "Birch", "Aspen", "Willow", "Spruce", "Juniper", "Sagebrush",
        "Canyon", "Ridge", "University", "College", "Lakeview", "Sunset", "Highland", "Riverside", "Foothill", "Meadow",
        "Orchard", "Poplar", "Cottonwood", "Sycamore", "Chestnut", "Walnut", "Hawthorn", "Linden", "Magnolia", "Alder",
        "Cherry Hill", "Old Mill", "Mountain View", "Falcon Ridge",
    ]
    static let suffixes = [
        "St", "Street", "Ave", "Avenue", "Rd", "Road", "Dr", "Drive", "Ln", "Lane", "Way", "Ct", "Court", "Pl", "Place", "Blvd",
    ]
    static let allText = names + suffixes
}

private enum Catalog {
    static let courses: [(department: String, number: Int, name: String)] = [
        ("CS", 124, "Data Structures"), ("CS", 142, "Introduction to Programming"), ("CS", 235, "Algorithms"),
        ("CS", 240, "Systems Programming"), ("CS", 312, "Databases"), ("CS", 340, "Operating Systems"),
        ("CS", 355, "Computer Networks"), ("CS", 470, "Machine Learning"), ("MATH", 112, "Calculus I"),
        ("MATH", 113, "Calculus II"), ("MATH", 215, "Linear Algebra"), ("MATH", 290, "Discrete Mathematics"),
        ("MATH", 334, "Differential Equations"), ("STAT", 121, "Introductory Statistics"), ("PHYS", 121, "Mechanics"),
        ("PHYS", 220, "Electricity and Magnetism"), ("CHEM", 105, "General Chemistry"), ("CHEM", 351, "Organic Chemistry"),
        ("BIO", 180, "Cell Biology"), ("BIO", 220, "Genetics"), ("BIO", 350, "Ecology"), ("ENG", 101, "College Writing"),
        ("ENG", 250, "American Literature"), ("HIST", 201, "World History"), ("HIST", 320, "The American West"),
        ("PSYC", 101, "Introductory Psychology"), ("PSYC", 310, "Cognitive Psychology"), ("ECON", 110, "Microeconomics"),
        ("ECON", 111, "Macroeconomics"), ("PHIL", 110, "Ethics"), ("POLS", 150, "American Government"),
        ("SOC", 111, "Introductory Sociology"), ("ART", 103, "Drawing"), ("MUS", 160, "Music Theory"),
        ("GEOL", 101, "Physical Geology"), ("SPAN", 101, "Beginning Spanish"), ("COMM", 102, "Public Speaking"),
        ("ACC", 200, "Financial Accounting"), ("NURS", 210, "Anatomy and Physiology"), ("KIN", 150, "Fitness and Wellness"),
    ]
    static let buildings = [
        "Science Center", "Engineering Building", "Business Building", "Fine Arts Building", "Nursing Building",
        "Liberal Arts Building", "Math Building", "Education Building",
    ]
    static let allText = courses.map { "\($0.department) \($0.name) Topics in" } + buildings + ["Fall Spring Summer"]
}

private enum Templates {
    static let personalEventTitles = [
        "Gym", "Dentist", "Climbing club", "Choir rehearsal", "Intramural soccer", "Shift at the bookstore", "Career fair",
        "Laundry night", "Groceries", "Yoga", "Movie night", "Volunteer shift at the food bank", "Haircut",
        "Doctor's appointment", "Job interview", "Club meeting", "Run", "Swim practice", "Band practice", "Game night",
    ]
    static let courseEventTitles = [
        "{course} lecture", "{course} lab section", "{course} recitation", "{course} office hours", "Office hours",
        "{course} midterm review", "{course} study session", "Linked lists lab", "{course} exam", "{courseName} guest lecture",
    ]
    static let personalTaskTitles = [
        "Pay rent", "Renew parking permit", "Submit FAFSA", "Call home", "Register for spring classes", "Return library books",
        "Book flights home", "Laundry", "Buy groceries", "Update résumé", "Apply for the summer internship", "Clean the fridge",
        "Refill prescription", "Pay phone bill",
    ]
    static let courseTaskTitles = [
        "Read chapter {n} for {course}", "Buy textbook for {course}", "Review {course} slides", "Ask the {course} TA about the quiz",
        "Finish {courseName} reading",
    ]
    static let assignmentTitles = [
        "{course} Problem Set {n}", "{course} Lab {n}", "{course} Reading response {n}", "{courseName} project milestone {n}",
        "{course} Quiz {n}", "{course} Essay draft", "{course} Final project proposal", "{course} Homework {n}",
    ]
    static let ordinaryDescriptions = [
        "Bring laptop and charger", "Chapter {n}, problems 1-12", "Review slides from week {week}", "Room changed this week",
        "Quiz at {time}", "See https://campus.example.edu/labs", "Submit as a PDF", "Two pages, double-spaced",
        "Use the template on the course site", "Open book, one page of notes", "Bring your student ID card",
        "Meet at the north entrance", "Don't forget water", "Due at 11:59 PM", "Starts at {time} sharp",
        "Guide: https://library.example.edu/guides/citation", "Pages 40-65",
    ]
    static let ordinaryLocations = [
        "Room {room}, {building}", "{building} {room}", "Library, 3rd floor", "Rec Center", "Student Union", "Online", "Zoom",
        "Campus Health Center", "Bookstore",
    ]
    static let ordinaryFeedback = [
        "Solid work; watch the edge cases.", "Cite your sources consistently.", "Great structure, but the conclusion is thin.",
        "See the rubric for details.", "Missing the complexity analysis.", "Excellent — full marks.",
        "Late submission: 10% penalty applied.", "Good use of evidence in section 2.", "Show your work for partial credit.",
        "Tests pass; style needs work.",
    ]
    /// Links whose query string identifies a student: the identifiers appear verbatim, never percent-encoded.
    static let identifyingURLs = [
        "https://docs.example.edu/view?user={username}&sid={sid}", "https://canvas.example.edu/grades?student={sid}",
        "https://forms.example.edu/advising?u={username}", "https://drive.example.edu/share?owner={username}&id=8f3a2c",
        "https://zoom.example.edu/j/84320?uname={username}", "https://registrar.example.edu/holds?sid={sid}&dob={birthISO}",
    ]

    static let embedding: [Field: [Feature: [String]]] = {
        let table: [Field: [(Feature, String)]] = [
            .eventTitle: [
                (.name, "Coffee with {name}"), (.name, "Study group at {name}'s place"), (.name, "Lab partner meeting with {name}"),
                (.name, "{name}'s birthday party"), (.name, "Tutoring {name} for {course}"), (.name, "Ride to the airport with {name}"),
                (.familyGiven, "Advising: {familyGiven}"), (.familyGiven, "Peer mentoring — {familyGiven}"),
                (.username, "Pair programming with {username}"), (.username, "Discord call with {username}"),
                (.email, "Video call with {email}"), (.phone, "Call {phone} re: apartment"), (.phone, "Call {name} at {phone}"),
                (.phoneDigits, "FaceTime {phoneDigits}"), (.studentNumber, "Registrar appointment (student ID {sid})"),
                (.birthISO, "{name}'s birthday ({birthISO})"), (.birthUS, "Birthday dinner for {name}, born {birthUS}"),
                (.birthLong, "{name}'s birthday (born {birthLong}) — bring cake"), (.address, "Party at {address}"),
                (.address, "Help {name} move into {address}"), (.url, "Join the review session: {url}"),
            ],
            .taskTitle: [
                (.name, "Return {name}'s calculator"), (.name, "Send {name} the lab notes"), (.name, "Venmo {name} for pizza"),
                (.familyGiven, "Recommendation letter for {familyGiven}"), (.username, "Ask {username} on chat"),
                (.username, "Share the repo with {username}"), (.email, "Email {email} about the lab"), (.email, "Reply to {email}"),
                (.phone, "Call {phone}"), (.phone, "Text {phone} about the carpool"), (.phoneDigits, "Venmo {phoneDigits} $12 for tickets"),
                (.studentNumber, "Student ID {sid} on the form"), (.studentNumber, "Add {sid} to the petition"),
                (.birthISO, "Health form: DOB {birthISO}"), (.birthUS, "Order cake — {name} born {birthUS}"),
                (.birthLong, "Card for {name} (born {birthLong})"), (.address, "Mail the package to {address}"),
                (.address, "Drop off the key at {address}"), (.url, "Fill in {url}"),
            ],
            .assignmentTitle: [
                (.name, "{course} group report with {name}"), (.name, "Peer review of {name}'s draft"),
                (.familyGiven, "{course} peer review: {familyGiven}"), (.username, "{course} pair lab with {username}"),
                (.email, "{course} project (partner {email})"), (.studentNumber, "{course} exam accommodation — SID {sid}"),
                (.url, "{course} submission: {url}"),
            ],
            .description: [
                (.name, "Study group at {name}'s place, {address} — text {phone}"), (.name, "Meet {name} by the front desk"),
                (.name, "{name} is bringing the slides"), (.name, "Partner: {name}"),
                (.familyGiven, "Roster entry: {familyGiven}, {course}"), (.familyGiven, "Emergency contact: {familyGiven}, {phone}"),
                (.username, "Ask {username} on chat"), (.username, "Slack handle: @{username}"),
                (.username, "Repo: git.example.edu/{username}/project"), (.email, "Email {email} about the lab"),
                (.email, "Forward slides to {email}"), (.email, "RSVP to {email}"), (.phone, "Call {phone}"),
                (.phone, "If late, text {phone}"), (.phone, "Carpool — {name}, {phone}"), (.phoneDigits, "Venmo {phoneDigits}"),
                (.phoneDigits, "Cell: {phoneDigits}"), (.studentNumber, "Student ID {sid} on the form"),
                (.studentNumber, "Registration hold on {sid}"), (.studentNumber, "SID {sid}; bring photo ID"),
                (.birthISO, "DOB {birthISO} needed for the health form"), (.birthISO, "Registration hold; SID {sid}, DOB {birthISO}"),
                (.birthUS, "{name}'s birthday (born {birthUS}) — bring cake"), (.birthUS, "Date of birth {birthUS} for the waiver"),
                (.birthLong, "Born {birthLong}"), (.birthLong, "{name} turns another year older — born {birthLong}"),
                (.address, "Meet at {address}"), (.address, "Drop off the charger at {address}"),
                (.address, "Pick up {name} at {address}"), (.url, "Shared notes: {url}"), (.url, "Sign up: {url}"),
                (.url, "Grades: {url}"),
            ],
            .location: [
                (.name, "{name}'s place, {address}"), (.name, "{name}'s apartment"), (.address, "{address}"),
                (.address, "{address}, back door"), (.phone, "Call {phone} at the door"), (.phoneDigits, "Gate code: text {phoneDigits}"),
                (.url, "{url}"),
            ],
            .feedback: [
                (.name, "Good work, {name}! Cite sources next time; email me at {staffEmail}."),
                (.name, "{name}: strong analysis, weak conclusion."), (.name, "Your code matches {name}'s submission; see me."),
                (.familyGiven, "{familyGiven} — see the rubric."), (.familyGiven, "Regraded for {familyGiven} after the appeal."),
                (.username, "Late penalty waived per {username}'s DRC letter."),
                (.username, "Autograder log for {username}: 2 tests failed."),
                (.email, "Resubmit from {email}; the upload was empty."), (.studentNumber, "Grade recorded under SID {sid}."),
                (.studentNumber, "Regraded after {name} ({sid}) appealed."), (.url, "Rubric with comments: {url}"),
            ],
        ]
        return table.mapValues { Dictionary(grouping: $0, by: \.0).mapValues { $0.map(\.1) } }
    }()

    /// Every template, for the vocabulary check: no name part may be one of these words.
    static var allText: [String] {
        personalEventTitles + courseEventTitles + personalTaskTitles + courseTaskTitles + assignmentTitles + ordinaryDescriptions
            + ordinaryLocations + ordinaryFeedback + identifyingURLs + embedding.values.flatMap { $0.values.flatMap { $0 } }
    }
}
