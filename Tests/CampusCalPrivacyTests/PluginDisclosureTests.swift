import CampusCalCore
import CampusCalPrivacy
import CampusCalTestSupport
import Foundation
import Testing

/// What plugins' event hooks receive about people (34 CFR §99.31(b), §99.30, §99.32): every task and
/// event of the 500-student cohort, read back from its SQLite store, reported as a change and passed
/// through `PluginPrivacy`, the one way a plugin hears of people. A plugin without `identities` must
/// get no identifier of any student (its output is searched for all of them: zero hits is the pass
/// mark) and record codes that join with no other plugin's. A plugin with `identities` must get the
/// usernames of exactly the students who consented to the agreement named after it, each naming
/// written to the disclosure log, and none after a student withdraws. Plugins are third-party code,
/// often in-process: whatever reaches them has left the server as far as FERPA is concerned.
@Suite("FERPA: what plugins receive about the cohort")
struct PluginDisclosureTests {
    /// The record-code secret (32 bytes, as `RecordCodes` requires); the server keeps a random one.
    static let secret = [UInt8](repeating: 11, count: 32)

    static func manifest(_ id: String, data: Set<DataCategory>, identities: Bool = false) -> PluginManifest {
        PluginManifest(
            id: id, name: "Example", version: "1.0.0", abiMajor: 1, abiMinor: 1, library: "libx.so", sha256: "", language: .c,
            isolation: identities ? .inProcess : .process, provides: ["campuscal.item-events/1"],
            permissions: PluginPermissions(data: data, identities: identities))
    }

    /// The privacy module wired as `CampusCalServices` wires it, over the cohort's database (its users,
    /// consent store and disclosure log), with `agreements` as the configured agreements.
    static func privacy(_ campus: CohortCampus, agreements: [DisclosureAgreement] = []) -> (gate: PluginPrivacy, consents: ConsentService) {
        let services = campus.server.services
        let consents = ConsentService(agreements: agreements, consents: services.consents.consents, clock: campus.server.clock)
        let log = DisclosureLog(store: services.disclosures.store, clock: campus.server.clock)
        let secret = Self.secret
        return (PluginPrivacy(users: services.accounts.users, consents: consents, log: log, secret: { secret }), consents)
    }

    /// A student's account and their tasks and events as stored, in a fixed order (tasks by due time
    /// and title, events by UID), so that every run reports the same changes.
    struct StudentItems {
        var index: Int
        var user: User
        var tasks: [TaskItem]
        var events: [CalendarEvent]
    }

    static func items(of campus: CohortCampus) async throws -> [StudentItems] {
        let services = campus.server.services
        var result: [StudentItems] = []
        for (index, user) in campus.students.enumerated() {
            let tasks = try await services.tasks.tasks.tasks(ownedBy: user.id).sorted { a, b in
                let first = a.due?.instant(viewerTimeZone: .gmt) ?? .distantPast
                let second = b.due?.instant(viewerTimeZone: .gmt) ?? .distantPast
                return first == second ? a.title < b.title : first < second
            }
            var events: [CalendarEvent] = []
            for calendar in try await services.calendars.owned(by: user) {
                let byUID = try await services.events.events.eventsByUID(in: calendar.id)
                events += byUID.values
            }
            result.append(StudentItems(index: index, user: user, tasks: tasks, events: events.sorted { $0.uid < $1.uid }))
        }
        return result
    }

    /// The change a hook hears of a task: completed for even numbers (on time and late alternating),
    /// updated or created for odd ones; a task or an assignment by where it came from.
    static func taskChange(_ task: TaskItem, number: Int, at now: Date) -> ItemChange {
        let completed = number.isMultiple(of: 2)
        return ItemChange(
            kind: completed ? .completed : (number % 4 == 1 ? .updated : .created), item: task.source == .manual ? .task : .assignment,
            itemID: task.id.rawValue, ownerID: task.ownerID, priority: task.priority, onTime: completed ? (number / 2).isMultiple(of: 2) : nil,
            at: now)
    }

    static func eventChange(_ event: CalendarEvent, of owner: UserID, number: Int, at now: Date) -> ItemChange {
        ItemChange(kind: number.isMultiple(of: 2) ? .created : .updated, item: .event, itemID: event.id.rawValue, ownerID: owner, at: now)
    }

    /// One change per task and one per event of every student, with the owner's index in the cohort.
    static func changes(of students: [StudentItems], at now: Date) -> [(student: Int, change: ItemChange)] {
        var changes: [(student: Int, change: ItemChange)] = []
        var number = 0
        for student in students {
            for task in student.tasks {
                changes.append((student: student.index, change: taskChange(task, number: number, at: now)))
                number += 1
            }
            for (eventNumber, event) in student.events.enumerated() {
                changes.append((student: student.index, change: eventChange(event, of: student.user.id, number: eventNumber, at: now)))
            }
        }
        return changes
    }

    /// What `plugin` receives of each change; every one must reach it (its categories cover them).
    static func deliver(_ changes: [(student: Int, change: ItemChange)], to plugin: PluginManifest, through gate: PluginPrivacy) async throws
        -> [PluginItemChange]
    {
        var received: [PluginItemChange] = []
        for reported in changes {
            let delivered = try await gate.itemChange(reported.change, for: plugin)
            received.append(try #require(delivered))
        }
        return received
    }

    @Test func aPluginWithoutIdentitiesReceivesNoIdentifierOfAnyStudentAboutAnyItem() async throws {
        let campus = try await CohortCampus.shared.value
        let cohort = campus.cohort
        let gate = Self.privacy(campus).gate
        let plugin = Self.manifest("org.example.no-identities", data: [.tasks, .events])
        let students = try await Self.items(of: campus)
        let changes = Self.changes(of: students, at: campus.server.clock.now())
        let received = try await Self.deliver(changes, to: plugin, through: gate)

        let output = try JSONEncoder().encode(received)
        let identifiers = cohort.allIdentifiers
        let hits = try IdentifierSearch(jsonOutputs: [output]).hits(among: identifiers)
        let events = changes.filter { $0.change.item == .event }.count
        print(
            "FERPA plugin hooks: \(received.count) changes (\(received.count - events) tasks, \(events) events) of \(students.count) students, "
                + "\(identifiers.count) identifiers checked (exact, case-insensitive, digit-only): \(hits.count) found")
        // (A student number is nine digits and a code 32 hex digits: about one run in a thousand, one
        // turns up inside a code by chance. A hit that is not inside a `subject` or `itemCode` is a leak.)
        #expect(hits.isEmpty, "identifiers sent to a plugin: \(hits.prefix(20))")

        // The search had something to search: every item of every student was reported, as it is.
        #expect(received.count == cohort.items.count)
        #expect(events == cohort.items.filter { $0.kind == .event }.count)
        #expect(changes.filter { $0.change.item == .assignment }.count == cohort.items.filter { $0.kind == .assignment }.count)
        #expect(
            zip(changes, received).allSatisfy { reported, delivered in
                reported.change.kind.rawValue == delivered.kind && reported.change.item.rawValue == delivered.item
                    && reported.change.onTime == delivered.onTime
            })
        #expect(Set(received.compactMap(\.onTime)) == Set([true, false]))
        #expect(Set(received.filter { $0.item == "task" }.map(\.priority)) == Set([2]))
        #expect(Set(received.filter { $0.item != "task" }.map(\.priority)) == Set([0]))
        // No username, and nothing but the documented fields.
        #expect(received.allSatisfy { $0.username == nil })
        let objects = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
        #expect(Set(objects.flatMap(\.keys)) == Set(["kind", "item", "subject", "itemCode", "priority", "onTime"]))
        #expect(received.allSatisfy { $0.subject.wholeMatch(of: /rc_[0-9a-f]{32}/) != nil && $0.itemCode.wholeMatch(of: /ic_[0-9a-f]{32}/) != nil })

        // One code per person for this plugin, the same on every change and the one its panel gets; one code per item.
        var subjects: [Int: Set<String>] = [:]
        for (reported, delivered) in zip(changes, received) { subjects[reported.student, default: []].insert(delivered.subject) }
        #expect(subjects.count == cohort.students.count && subjects.values.allSatisfy { $0.count == 1 })
        #expect(Set(subjects.values.flatMap { $0 }).count == cohort.students.count)
        var panelMismatches = 0
        for student in students {
            let panel = try await gate.subject(of: student.user.id, for: plugin)
            if subjects[student.index] != Set([panel]) { panelMismatches += 1 }
        }
        #expect(panelMismatches == 0)
        #expect(Set(received.map(\.itemCode)).count == received.count)
        // Stable: the same changes again give the same output.
        let again = try await Self.deliver(changes, to: plugin, through: gate)
        #expect(again == received)

        // Another plugin: its own codes, none in common with the first (the two cannot join on them).
        let other = Self.manifest("org.example.other", data: [.tasks, .events])
        let toOther = try await Self.deliver(changes, to: other, through: gate)
        #expect(Set(toOther.map(\.subject)).count == cohort.students.count)
        #expect(Set(toOther.map(\.subject)).isDisjoint(with: Set(received.map(\.subject))))
        #expect(Set(toOther.map(\.itemCode)).isDisjoint(with: Set(received.map(\.itemCode))))

        // A plugin hears only of the categories its manifest names.
        let aTask = try #require(changes.first { $0.change.item != .event }).change
        let anEvent = try #require(changes.first { $0.change.item == .event }).change
        let eventsOnly = Self.manifest("org.example.events-only", data: [.events])
        let tasksOnly = Self.manifest("org.example.tasks-only", data: [.tasks])
        #expect(try await gate.itemChange(aTask, for: eventsOnly) == nil)
        #expect(try await gate.itemChange(anEvent, for: eventsOnly) != nil)
        #expect(try await gate.itemChange(anEvent, for: tasksOnly) == nil)

        // notify: a code finds its person for the plugin it was given to, and for no other plugin —
        // also in a server that has not given it out since it started (found by recomputing).
        let fresh = Self.privacy(campus).gate
        let (student, code) = (changes[0].student, received[0].subject)
        let owner = try #require(students.first { $0.index == student }).user.id
        #expect(try await fresh.person(withSubject: code, for: plugin) == owner)
        #expect(try await gate.person(withSubject: code, for: plugin) == owner)
        #expect(try await gate.person(withSubject: code, for: other) == nil)
        #expect(try await gate.person(withSubject: toOther[0].subject, for: other) != nil)

        // Nothing de-identified was logged as a naming.
        let plugins: Set<String> = [plugin.id, other.id, eventsOnly.id, tasksOnly.id]
        let log = try await campus.server.services.disclosures.store.disclosures(of: nil, after: nil, limit: 100_000).items
        #expect(!log.contains { plugins.contains($0.recipientID) })
    }

    @Test func aPluginWithIdentitiesNamesOnlyThoseWhoConsentedAndLogsEveryNaming() async throws {
        let campus = try await CohortCampus.shared.value
        let cohort = campus.cohort
        let pluginID = "org.example.identities"
        let agreement = DisclosureAgreement(
            id: pluginID, version: 1, recipient: "Example (task rewards)", purpose: "Points for tasks finished on time.",
            categories: [.identity, .tasks], text: "The plugin learns your username and when you finish your tasks.")
        let (gate, consents) = Self.privacy(campus, agreements: [agreement])
        let plugin = Self.manifest(pluginID, data: [.tasks, .events], identities: true)
        let students = try await Self.items(of: campus)
        #expect(students.allSatisfy { !$0.tasks.isEmpty })

        // Every 7th student consents.
        var consentIDs: [UserID: ConsentID] = [:]
        for student in students where student.index.isMultiple(of: 7) {
            consentIDs[student.user.id] = try await consents.agree(student.user, to: pluginID, version: 1).id
        }
        let consenting = Set(consentIDs.keys)

        // Every student's first two tasks (one completed, one updated); for those who consented an
        // event too, which their consent does not cover (it names identity and tasks only).
        let now = campus.server.clock.now()
        var changes: [(student: Int, change: ItemChange)] = []
        for student in students {
            for (number, task) in student.tasks.prefix(2).enumerated() {
                changes.append((student: student.index, change: Self.taskChange(task, number: number, at: now)))
            }
            if consenting.contains(student.user.id), let event = student.events.first {
                changes.append((student: student.index, change: Self.eventChange(event, of: student.user.id, number: 0, at: now)))
            }
        }
        var released: [(student: Int, change: ItemChange, delivered: PluginItemChange)] = []
        for reported in changes {
            let delivered = try await gate.itemChange(reported.change, for: plugin)
            released.append((student: reported.student, change: reported.change, delivered: try #require(delivered)))
        }
        #expect(released.contains { consenting.contains($0.change.ownerID) && $0.change.item == .event })

        // Named: exactly the consenting students' task changes, each with that student's own username.
        let named = released.filter { $0.delivered.username != nil }
        #expect(named.count == released.filter { consenting.contains($0.change.ownerID) && $0.change.item != .event }.count)
        #expect(Set(named.map { $0.change.ownerID }) == consenting)
        #expect(named.allSatisfy { $0.delivered.username == campus.students[$0.student].username })

        // Nobody else's identifier appears anywhere, and of those who consented only the username.
        let usernames = Set(students.filter { consenting.contains($0.user.id) }.map(\.user.username))
        let others = cohort.students.filter { !consenting.contains(campus.students[$0.index].id) }.flatMap(\.identifiers)
        let toOthers = try JSONEncoder().encode(released.filter { !consenting.contains($0.change.ownerID) }.map { $0.delivered })
        let everything = try JSONEncoder().encode(released.map { $0.delivered })
        let othersHits = try IdentifierSearch(jsonOutputs: [toOthers]).hits(among: cohort.allIdentifiers)
        #expect(othersHits.isEmpty, "identifiers of students who did not consent: \(othersHits.prefix(20))")
        #expect(try IdentifierSearch(jsonOutputs: [everything]).hits(among: others).isEmpty)
        let allHits = try IdentifierSearch(jsonOutputs: [everything]).hits(among: cohort.allIdentifiers)
        #expect(Set(allHits) == usernames, "identifiers released: \(allHits.filter { !usernames.contains($0) }.prefix(20))")

        // The log: one entry per naming, for consenting students only, on their consent, to this plugin.
        func entries(to recipient: String) async throws -> [Disclosure] {
            try await campus.server.services.disclosures.store.disclosures(of: nil, after: nil, limit: 100_000).items.filter {
                $0.recipientID == recipient
            }
        }
        let log = try await entries(to: pluginID)
        print(
            "FERPA plugin identities: \(released.count) changes of \(students.count) students, \(consenting.count) consented: "
                + "\(named.count) namings, \(log.count) logged; \(others.count) identifiers of the others checked: \(othersHits.count) found")
        #expect(log.count == named.count)
        var logged: [UserID: Int] = [:]
        for entry in log { logged[entry.userID, default: 0] += 1 }
        var namings: [UserID: Int] = [:]
        for release in named { namings[release.change.ownerID, default: 0] += 1 }
        #expect(logged == namings)
        let wrong = log.filter {
            $0.basis != .consent(consentIDs[$0.userID] ?? ConsentID(rawValue: "none")) || $0.recordCount != 1
                || $0.categories != [.identity, .tasks] || $0.requestedBy != nil
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")

        // The consent is to this plugin: another plugin allowed identities, with no agreement of its own, names nobody.
        let stranger = Self.manifest("org.example.identities-stranger", data: [.tasks], identities: true)
        for release in named.prefix(10) { #expect(try await gate.itemChange(release.change, for: stranger)?.username == nil) }
        #expect(try await entries(to: stranger.id).isEmpty)

        // Withdrawal stops the next naming at once, and the person's code changes: the one sent
        // beside their name never marks their de-identified changes (issue #27).
        let withdrawing = students.filter { consenting.contains($0.user.id) }.prefix(10)
        for student in withdrawing { _ = try await consents.withdrawAll(to: pluginID, for: student.user) }
        let withdrawn = Set(withdrawing.map(\.user.id))
        var afterwards: [(student: StudentItems, delivered: PluginItemChange)] = []
        for student in students where consenting.contains(student.user.id) {
            let task = try #require(student.tasks.first)
            let delivered = try await gate.itemChange(Self.taskChange(task, number: 1, at: now), for: plugin)
            afterwards.append((student: student, delivered: try #require(delivered)))
        }
        #expect(afterwards.allSatisfy { ($0.delivered.username == nil) == withdrawn.contains($0.student.user.id) })
        let namedCodes = Dictionary(named.map { ($0.change.ownerID, $0.delivered.subject) }, uniquingKeysWith: { first, _ in first })
        let everCodes = Dictionary(grouping: released, by: { $0.change.ownerID }).mapValues { Set($0.map(\.delivered.subject)) }
        #expect(afterwards.filter { !withdrawn.contains($0.student.user.id) }.allSatisfy { namedCodes[$0.student.user.id] == $0.delivered.subject })
        #expect(
            afterwards.filter { withdrawn.contains($0.student.user.id) }.allSatisfy {
                !(everCodes[$0.student.user.id] ?? []).contains($0.delivered.subject)
            })
        // While named, a person's de-identified changes (events, which the consent does not cover) carry another code.
        let unnamedOfConsenting = released.filter { consenting.contains($0.change.ownerID) && $0.delivered.username == nil }
        #expect(unnamedOfConsenting.allSatisfy { namedCodes[$0.change.ownerID] != $0.delivered.subject })
        let toWithdrawn = try JSONEncoder().encode(afterwards.filter { withdrawn.contains($0.student.user.id) }.map { $0.delivered })
        let withdrawnIdentifiers = withdrawing.flatMap { cohort.students[$0.index].identifiers }
        #expect(try IdentifierSearch(jsonOutputs: [toWithdrawn]).hits(among: withdrawnIdentifiers).isEmpty)
        let logAfter = try await entries(to: pluginID)
        #expect(logAfter.count == log.count + consenting.count - withdrawn.count)
        #expect(logAfter.filter { withdrawn.contains($0.userID) }.count == log.filter { withdrawn.contains($0.userID) }.count)
    }
}
