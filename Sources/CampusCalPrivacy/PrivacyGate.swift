import CampusCalCore
import CampusCalICalendar
import Foundation

/// The one way students' data leaves the server for anyone but themselves (FERPA, SRS 3.6).
///
/// Everything handed to a third party — a research or planning release, an aggregate, a plugin, an
/// LMS — goes through here, and every release is written to the disclosure log in the same step:
/// - `release` builds a third-party view: de-identified by default (record codes, scrubbed text,
///   generalised times, and values fewer than `minimumCellSize` people share withheld); identified
///   only for people whose current consent to the recipient's agreement covers the categories.
/// - `workload` builds an aggregate with small cells suppressed.
/// - `discloseWithConsent` guards a release about one person (an LMS sync, a plugin acting for a
///   user): no current consent, no release.
public struct PrivacyGate: Sendable {
    /// Where the gate reads people's data: the same services the API uses.
    public struct Sources: Sendable {
        public var users: any UserStore
        public var calendars: CalendarService
        public var events: EventService
        public var tasks: any TaskStore
        public var courses: any CourseStore

        public init(users: any UserStore, calendars: CalendarService, events: EventService, tasks: any TaskStore, courses: any CourseStore) {
            self.users = users
            self.calendars = calendars
            self.events = events
            self.tasks = tasks
            self.courses = courses
        }
    }

    public let sources: Sources
    public let consents: ConsentService
    public let log: DisclosureLog
    /// The record-code secret, read when a release needs it (the store may not be migrated when the gate is made).
    private let secret: @Sendable () throws -> [UInt8]
    private let studentIDPattern: String
    public let minimumCellSize: Int
    private let clock: any TimeSource
    /// What each recipient was given before (issue #27); nil: releases are not checked against earlier ones (tests of one release).
    private let ledger: (any ReleaseLedgerStore)?

    public init(
        sources: Sources, consents: ConsentService, log: DisclosureLog, secret: @escaping @Sendable () throws -> [UInt8],
        studentIDPattern: String = #"\b\d{9}\b"#,
        minimumCellSize: Int = 10, clock: any TimeSource = SystemTimeSource(), ledger: (any ReleaseLedgerStore)? = nil
    ) {
        self.ledger = ledger
        self.sources = sources
        self.consents = consents
        self.log = log
        self.secret = secret
        self.studentIDPattern = studentIDPattern
        self.minimumCellSize = max(1, minimumCellSize)
        self.clock = clock
    }

    // MARK: Releases to third parties

    /// A third-party view of every student's data in the request's categories and window, logged
    /// per student (basis: consent for the identified, de-identified for the rest).
    public func release(_ request: ReleaseRequest) async throws -> Release {
        try ValidationError.check(request.problems())
        var standing: [UserID: Consent] = [:]
        if request.categories.contains(.identity) {
            // Identities go only to a recipient people can consent to, for what they consented to.
            let agreement = try consents.agreement(request.recipientID)
            guard request.categories.isSubset(of: agreement.categories) else {
                throw PrivacyError.invalid(
                    ValidationIssue(
                        field: "categories", code: "categories.beyond-agreement",
                        message:
                            "The agreement '\(agreement.id)' covers \(agreement.categories.sorted().map(\.rawValue).joined(separator: ", ")) only."
                    ))
            }
            standing = try await consents.standingConsents(to: agreement.id)
        }
        if request.recordCodes { try await checkCodedOverlap(request) }
        let everyone = try await allUsers()
        // Codes rotate with each consent and withdrawal towards the recipient (issue #27).
        let periods = try await consents.consentPeriods(to: request.recipientID)
        let deidentifier = Deidentifier(
            recipientID: request.recipientID, codes: try recordCodes(), scrubber: try scrubber(for: everyone), dates: request.dates,
            stripTimeZones: request.stripTimeZones, periods: periods)
        // People who consented are named anyway; everyone else's records are kept compactly (not as
        // records: a campus has millions) to be made k-anonymous over all their fields together,
        // never finer than this recipient had them before.
        var index = ReleaseIndex()
        // Records wait here until a batch of them has its floors read from the ledger in one query.
        var pending: [DeidentifiedRecord] = []
        func keepPending() async throws {
            let floors = try await ledger?.entries(recipient: request.recipientID, keys: pending.map(\.itemKey)) ?? [:]
            for record in pending { index.append(record, floor: floors[record.itemKey].flatMap(Self.levels(from:))) }
            pending.removeAll(keepingCapacity: true)
        }
        var identifiedRecords: [DeidentifiedRecord] = []
        var counts: [UserID: Int] = [:]
        var owners: [String: UserID] = [:]
        var identified = 0
        for student in everyone where student.role == .student {
            var mine = try await self.records(of: student, request, deidentifier)
            guard !mine.isEmpty else { continue }
            counts[student.id] = mine.count
            if standing[student.id] != nil {
                let person = DeidentifiedRecord.Person(username: student.username, displayName: student.displayName, email: student.email)
                // A code of its own beside a name: never the one of their de-identified records.
                let code = deidentifier.subject(student.id, identified: true)
                for position in mine.indices {
                    mine[position].person = person
                    mine[position].subject = code
                }
                identified += 1
                identifiedRecords += mine
            } else {
                owners[deidentifier.subject(student.id)] = student.id
                pending += mine
                if pending.count >= Self.ledgerBatch { try await keepPending() }
            }
        }
        try await keepPending()
        let anonymised = KAnonymizer(k: minimumCellSize).anonymise(&index)
        // The log counts what each student actually had released (records left out are not).
        var released = counts
        if anonymised.suppressedRecords > 0 {
            var kept: [UserID: Int] = [:]
            for position in 0..<index.count where !index.dropped[position] {
                if let owner = owners[index.subjectCode(of: position)] { kept[owner, default: 0] += 1 }
            }
            for (user, _) in counts where standing[user] == nil { released[user] = kept[user] }
        }
        try await log.record(
            recipientID: request.recipientID, recipient: request.recipient, purpose: request.purpose, categories: request.categories,
            counts: released, basis: { standing[$0].map { .consent($0.id) } ?? .deidentified }, requestedBy: request.requestedBy)
        if let ledger {
            // Written in batches: a campus's release changes millions of entries. Every batch is
            // written before any record goes out, so a failure leaves floors at worst too high.
            // Only records made coarser than they started change their entry.
            var changed: [String: String] = [:]
            for position in 0..<index.count where index.raised[position] {
                guard let (key, levels) = index.coarsened(position) else { continue }
                changed[key] = levels.map(String.init).joined(separator: ",")
                if changed.count >= Self.ledgerBatch {
                    try await ledger.record(recipient: request.recipientID, entries: changed, at: clock.now())
                    changed = [:]
                }
            }
            try await ledger.record(recipient: request.recipientID, entries: changed, at: clock.now())
        }
        if request.recordCodes {
            try await ledger?.record(recipient: Self.codedReleases, entries: [CodedRelease(request).key: "1"], at: clock.now())
        }
        // Grouped by student while made k-anonymous; without record codes they go out without them.
        let records = ReleasedRecords(identified: identifiedRecords, index: index, withCodes: request.recordCodes)
        return Release(
            recipientId: request.recipientID, purpose: request.purpose, categories: request.categories.sorted().map(\.rawValue),
            dateGranularity: request.dates.rawValue, timeZonesStripped: request.stripTimeZones, recordCodes: request.recordCodes,
            subjects: released.count,
            identifiedSubjects: identified, k: minimumCellSize, withheldValues: anonymised.withheldValues,
            generalised: anonymised.generalised, suppressedRecords: anonymised.suppressedRecords, records: records)
    }

    /// Ledger entries read or written in one query or transaction.
    static let ledgerBatch = 20_000

    /// The ledger's pseudo-recipient under which every coded release is listed (no recipient id starts with `*`).
    static let codedReleases = "*coded"

    /// Refuses a release with record codes when another recipient already holds coded records of
    /// a category this one asks for, over an overlapping period: each student's set of coded
    /// records would join the two (issue #27; measured in `FERPAAttackTests`).
    private func checkCodedOverlap(_ request: ReleaseRequest) async throws {
        let asked = CodedRelease(request)
        for key in try await ledger?.entries(recipient: Self.codedReleases).keys.sorted() ?? [] {
            guard let earlier = CodedRelease(key: key), earlier.recipient != asked.recipient, earlier.overlaps(asked) else { continue }
            throw PrivacyError.codedReleaseOverlaps(recipient: earlier.recipient, detail: earlier.described)
        }
    }

    /// Ledger levels ("0,1,0,…") back to numbers.
    static func levels(from text: String) -> [Int]? {
        let numbers = text.split(separator: ",").compactMap { Int($0) }
        return numbers.isEmpty ? nil : numbers
    }

    /// Workload per course per ISO week (by each student's own calendar) of assignments and course
    /// tasks due in the whole ISO weeks from the week of `from` to the week before `to`; cells of
    /// fewer than `minimumCellSize` students (never below the server's minimum) are left out.
    /// Logged for each student counted in a released cell.
    ///
    /// Differencing (issue #27): a window must start and end on a Monday at 00:00 UTC, so every
    /// cell is a whole week in every answer — "from Tuesday" cannot be subtracted from "the whole
    /// term". And the recipient's ledger keeps each cell's last released count: a cell whose count
    /// has since moved by fewer than the server's minimum cell size is withheld, since the
    /// difference would count those few students.
    public func workload(
        recipientID: String, recipient: String, purpose: String, from: Date, to: Date, minimumCellSize requested: Int? = nil,
        requestedBy: UserID? = nil
    ) async throws -> WorkloadAggregate {
        let probe = ReleaseRequest(recipientID: recipientID, recipient: recipient, purpose: purpose, categories: [.tasks], from: from, to: to)
        try ValidationError.check(probe.problems() + Self.alignment(from: from, to: to))
        let minimum = max(minimumCellSize, requested ?? minimumCellSize)
        let fromWeek = Self.week(of: from)
        let toWeek = Self.week(of: to)
        let everyone = try await allUsers()
        let scrubber = try scrubber(for: everyone)
        struct Key: Hashable {
            var course: String
            var week: String
        }
        var students: [Key: Set<UserID>] = [:]
        var items: [Key: [UserID: Int]] = [:]
        // Course codes repeat for every student: scrubbed once each.
        var scrubbedCourses: [String: String] = [:]
        for student in everyone where student.role == .student {
            let zone = TimeZone(identifier: student.timeZone) ?? TimeZone(identifier: "UTC") ?? .current
            for task in try await sources.tasks.tasks(ownedBy: student.id) {
                guard let course = task.course, let due = task.due else { continue }
                let week = DateGranularity.week.release(due, viewerTimeZone: zone, stripTimeZones: true)
                guard week >= fromWeek, week < toWeek else { continue }
                let key = Key(course: scrubbedCourses[course] ?? scrubber.scrub(course), week: week)
                scrubbedCourses[course] = key.course
                students[key, default: []].insert(student.id)
                items[key, default: [:]][student.id, default: 0] += 1
            }
        }
        let large = SmallCellSuppression(minimumCellSize: minimum).releasable(students.mapValues(\.count))
        let earlier = try await ledger?.entries(recipient: recipientID) ?? [:]
        var counts: [UserID: Int] = [:]
        var cells: [WorkloadAggregate.Cell] = []
        var ledgerUpdates: [String: String] = [:]
        var withheldAsChanged = 0
        for (key, studentCount) in large {
            let ledgerKey = "workload:\(key.course)|\(key.week)"
            if let before = earlier[ledgerKey].flatMap(Int.init), before != studentCount, abs(before - studentCount) < minimumCellSize {
                withheldAsChanged += 1
                continue
            }
            ledgerUpdates[ledgerKey] = String(studentCount)
            let perStudent = items[key] ?? [:]
            for (student, count) in perStudent { counts[student, default: 0] += count }
            cells.append(.init(course: key.course, week: key.week, students: studentCount, items: perStudent.values.reduce(0, +)))
        }
        try await log.record(
            recipientID: recipientID, recipient: recipient, purpose: purpose + " (aggregate: workload per course per week)",
            categories: [.tasks, .courses], counts: counts, basis: { _ in .deidentified }, requestedBy: requestedBy)
        try await ledger?.record(recipient: recipientID, entries: ledgerUpdates, at: clock.now())
        return WorkloadAggregate(
            recipientId: recipientID, purpose: purpose, minimumCellSize: minimum, fromWeek: fromWeek, toWeek: toWeek,
            withheldAsChanged: withheldAsChanged, cells: cells.sorted { ($0.course, $0.week) < ($1.course, $1.week) })
    }

    /// The ISO week of a Monday 00:00 UTC.
    static func week(of monday: Date) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: monday)
        return DateGranularity.isoWeek(of: LocalDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1))
    }

    /// Aggregate windows are whole ISO weeks: both ends a Monday at 00:00 UTC.
    static func alignment(from: Date, to: Date) -> [ValidationIssue] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        var issues: [ValidationIssue] = []
        for (field, date) in [("from", from), ("to", to)] {
            let parts = calendar.dateComponents([.weekday, .hour, .minute, .second, .nanosecond], from: date)
            if parts.weekday != 2 || parts.hour != 0 || parts.minute != 0 || parts.second != 0 || (parts.nanosecond ?? 0) > 0 {
                issues.append(
                    ValidationIssue(
                        field: field, code: "window.unaligned",
                        message:
                            "\(field) must be a Monday at 00:00:00Z: aggregates count whole ISO weeks only, so that two answers cannot be subtracted to count a few students (e.g. 2026-08-31T00:00:00Z)."
                    ))
            }
        }
        return issues
    }

    // MARK: Releases about one person

    /// A release about one person under their consent (`ConsentedDisclosure`): refused without a
    /// current consent covering `categories`, logged when it happened.
    public func discloseWithConsent<Result: Sendable>(
        of user: UserID, to agreementID: String, categories: Set<DataCategory>, requestedBy: UserID? = nil,
        _ release: @Sendable () async throws -> (result: Result, recordCount: Int)
    ) async throws -> Result {
        try await ConsentedDisclosure(consents: consents, log: log).disclose(
            of: user, to: agreementID, categories: categories, requestedBy: requestedBy, release)
    }

    // MARK: Reading

    /// One student's records for the request.
    private func records(of student: User, _ request: ReleaseRequest, _ deidentifier: Deidentifier) async throws -> [DeidentifiedRecord] {
        let zone = TimeZone(identifier: student.timeZone) ?? TimeZone(identifier: "UTC") ?? .current
        var records: [DeidentifiedRecord] = []
        if request.categories.contains(.events) {
            for calendar in try await sources.calendars.owned(by: student) where calendar.groupID == nil {
                // The student's own calendars; `Deidentifier` releases their private events as "Busy".
                for event in try await sources.events.allEventsAsOwner(of: calendar, owner: student.id) where touches(event, request, zone) {
                    records.append(deidentifier.record(event, of: student))
                }
            }
        }
        let withTasks = request.categories.contains(.tasks)
        let withGrades = request.categories.contains(.grades)
        if withTasks || withGrades {
            for task in try await sources.tasks.tasks(ownedBy: student.id) where withTasks || task.isAssignment {
                if request.from != nil || request.to != nil {
                    guard let due = task.due else { continue }
                    let instant = due.instant(viewerTimeZone: zone)
                    if let from = request.from, instant < from { continue }
                    if let to = request.to, instant >= to { continue }
                }
                records.append(deidentifier.record(task, of: student, includingTask: withTasks, includingGrades: withGrades))
            }
        }
        if request.categories.contains(.courses) {
            for (course, role) in try await sources.courses.courses(of: student.id) {
                records.append(deidentifier.record(course, role: role, of: student))
            }
        }
        return records
    }

    /// Whether any occurrence of the event can fall in the request's window (repeating events: from their first).
    private func touches(_ event: CalendarEvent, _ request: ReleaseRequest, _ zone: TimeZone) -> Bool {
        if let to = request.to, event.start.instant(viewerTimeZone: zone) >= to { return false }
        if let from = request.from, event.recurrence == nil, event.end.instant(viewerTimeZone: zone) <= from { return false }
        return true
    }

    private func recordCodes() throws -> RecordCodes {
        guard let codes = RecordCodes(secret: try secret()) else { throw RecordCodesError.secretTooShort }
        return codes
    }

    /// The stored secret is shorter than the 32 bytes record codes need (it was tampered with).
    public enum RecordCodesError: Error { case secretTooShort }

    private func allUsers() async throws -> [User] {
        var users: [User] = []
        var cursor: String?
        while true {
            let page = try await sources.users.users(after: cursor, limit: 1000)
            users += page
            guard page.count == 1000, let last = page.last else { return users }
            cursor = last.username
        }
    }

    /// A scrubber that knows every name and username on the server.
    private func scrubber(for users: [User]) throws -> TextScrubber {
        try TextScrubber(names: users.flatMap { [$0.displayName, $0.username] }, studentIDPattern: studentIDPattern, now: clock.now())
    }
}
