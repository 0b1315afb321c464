import CampusCalCore
import CampusCalICalendar
import CampusCalPrivacy
import CampusCalTestSupport
import Foundation
import Testing

/// The title classes a release may use instead of a rare title (`TitleClass` in the privacy module).
enum TitleClassNames {
    static let all: Set<String> = ["exam", "quiz", "homework", "lab", "project", "essay", "reading", "lecture", "meeting", "busy", "other"]
}

/// Issue #27: the attacks an independent leak check used to re-identify students in releases that
/// passed the identifier search — linkage across two recipients on combinations of fields,
/// differencing aggregates, re-identification after withdrawal, identifiers in spellings the
/// scrubber did not know — each run over the 500-student cohort (and its scrubber alone), each
/// finding nothing. Nested in the FERPA suite, whose `.serialized` it inherits: the differencing
/// attack changes the cohort's store for a moment, which no other release may see.
extension FERPADeidentificationTests {
    @Suite("FERPA attacks: linkage, differencing, withdrawal, spellings")
    struct Attacks {
        static let fields = [
            "kind", "course", "title", "description", "location", "start", "end", "due", "allDay", "recurring", "timeZone", "priority", "status",
            "pointsPossible", "score", "percentage", "letter", "feedback", "role",
        ]

        static func value(_ record: [String: Any], _ field: String) -> String { record[field].map { "\($0)" } ?? "∅" }

        /// Every record, in all its fields but the subject together, is the same as records of at least
        /// 10 students; and joining two recipients' releases on any pair or triple of fields, or on
        /// whole records, links no student's two codes.
        @Test func linkageAcrossTwoRecipientsOnEveryPairAndTripleOfFieldsLinksNobody() async throws {
            let campus = try await CohortCampus.shared.value
            let a = try FERPADeidentificationTests.records(try await campus.release("a", body: FERPADeidentificationTests.codedBody))
            let b = try FERPADeidentificationTests.records(try await campus.release("b", body: FERPADeidentificationTests.body("research-b")))
            for release in [a] {
                var holders: [String: Set<String>] = [:]
                for record in release {
                    holders[Self.fields.map { Self.value(record, $0) }.joined(separator: "\u{1F}"), default: []].insert(
                        record["subject"] as? String ?? "")
                }
                let small = holders.values.filter { $0.count < 10 }
                #expect(small.isEmpty, "\(small.count) groups of records shared by fewer than 10 students")
            }
            var combinations: [[String]] = []
            for i in Self.fields.indices {
                for j in Self.fields.indices where j > i {
                    combinations.append([Self.fields[i], Self.fields[j]])
                    for l in Self.fields.indices where l > j { combinations.append([Self.fields[i], Self.fields[j], Self.fields[l]]) }
                }
            }
            func unique(_ records: [[String: Any]], _ fields: [String]) -> [String: String] {
                var holders: [String: Set<String>] = [:]
                for record in records {
                    holders[fields.map { Self.value(record, $0) }.joined(separator: "\u{1F}"), default: []].insert(record["subject"] as? String ?? "")
                }
                return holders.compactMapValues { $0.count == 1 ? $0.first : nil }
            }
            var links = Set<String>()
            for fields in combinations {
                let inA = unique(a, fields)
                guard !inA.isEmpty else { continue }
                let inB = unique(b, fields)
                for (key, subject) in inA where inB[key] != nil { links.insert(subject) }
            }
            // Beyond single records: a student's whole set of records, intersected record by record.
            // When both recipients had codes this singled out 500 of 500 students, so only one
            // recipient gets codes for the same data; without them in B there is no set to match.
            var holdersInB: [String: Set<String>] = [:]
            for (index, record) in b.enumerated() {
                holdersInB[Self.fields.map { Self.value(record, $0) }.joined(separator: "\u{1F}"), default: []].insert(
                    record["subject"] as? String ?? "record \(index)")
            }
            var setsInA: [String: [String]] = [:]
            for record in a {
                setsInA[record["subject"] as? String ?? "", default: []].append(
                    Self.fields.map { Self.value(record, $0) }.joined(separator: "\u{1F}"))
            }
            var singledOut = 0
            for (_, keys) in setsInA {
                var candidates: Set<String>?
                for key in keys { candidates = candidates.map { $0.intersection(holdersInB[key] ?? []) } ?? holdersInB[key] ?? [] }
                if candidates?.count == 1 { singledOut += 1 }
            }
            print(
                "FERPA linkage: \(combinations.count) pairs and triples of fields tried across two recipients: \(links.count) students linked; "
                    + "whole sets of records intersected: \(singledOut) of \(setsInA.count) students single out")
            #expect(links.isEmpty)
            #expect(singledOut == 0)
            #expect(combinations.count > 1000)
        }

        /// Aggregates count whole ISO weeks only: a window from a Tuesday is refused, and two
        /// overlapping windows agree on every week they share, so subtracting one from the other
        /// counts nobody. A cell whose count later moves by fewer than 10 is withheld.
        @Test func differencingAggregatesOverShiftedAndOverlappingWindowsRevealsNoSmallCell() async throws {
            let campus = try await CohortCampus.shared.value
            func workload(_ key: String, _ from: String, _ to: String, recipient: String = "planning-diff") async throws -> [String: Any] {
                let body = #"{"recipientId": "\#(recipient)", "purpose": "Planning", "from": "\#(from)", "to": "\#(to)"}"#
                let data = try await campus.release(key, body: body, path: FERPADeidentificationTests.workloadPath)
                return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            }
            // The attack of the review: the whole term, then "from Tuesday".
            let shifted = try await campus.server.run { api in
                try await api.request(
                    .post, FERPADeidentificationTests.workloadPath, token: try await api.token("registrar"),
                    rawBody:
                        #"{"recipientId": "planning-diff", "purpose": "Planning", "from": "2026-09-08T00:00:00Z", "to": "2027-01-04T00:00:00Z"}"#,
                    headers: [.contentType: "application/json"])
            }
            #expect(shifted.status == .unprocessableContent)
            #expect(shifted.issueCodes == ["window.unaligned"])
            func cells(_ aggregate: [String: Any]) -> [String: Int] {
                Dictionary(
                    uniqueKeysWithValues: ((aggregate["cells"] as? [[String: Any]]) ?? []).map {
                        ("\($0["course"] ?? "")|\($0["week"] ?? "")", $0["students"] as? Int ?? 0)
                    })
            }
            let whole = cells(try await workload("diff-whole", "2026-08-31T00:00:00Z", "2027-01-04T00:00:00Z"))
            let later = cells(try await workload("diff-later", "2026-09-14T00:00:00Z", "2027-01-04T00:00:00Z"))
            let earlier = cells(try await workload("diff-earlier", "2026-08-31T00:00:00Z", "2026-11-02T00:00:00Z"))
            var differences = 0
            for (cell, count) in later where whole[cell] != count { differences += 1 }
            for (cell, count) in earlier where whole[cell] != count { differences += 1 }
            // Every cell of a part is the whole's cell; nothing is left to subtract.
            #expect(differences == 0)
            #expect(Set(later.keys).isSubset(of: Set(whole.keys)) && Set(earlier.keys).isSubset(of: Set(whole.keys)))
            #expect(!later.isEmpty && !earlier.isEmpty && later.count < whole.count)
            print(
                "FERPA differencing: \(whole.count) cells in the term; shifted windows refused; \(differences) cells differ between overlapping windows"
            )

            // Over time: two students add an item due in a released cell; the next answer withholds the
            // cell rather than show a count two higher.
            let services = campus.server.services
            let (cellKey, _) = try #require(whole.first)
            let parts = cellKey.split(separator: "|").map(String.init)
            let weekStart = try #require(Self.monday(ofISOWeek: parts[1]))
            var added: [TaskItem] = []
            var adders = 0
            for student in campus.students where adders < 2 {
                let owned = try await services.tasks.tasks.tasks(ownedBy: student.id)
                // Students not yet counted in that cell.
                let zone = TimeZone(identifier: student.timeZone) ?? .gmt
                let inCell = owned.contains {
                    $0.course == parts[0] && $0.due.map { DateGranularity.week.release($0, viewerTimeZone: zone, stripTimeZones: true) } == parts[1]
                }
                guard !inCell else { continue }
                let noon = LocalDateTime(instant: weekStart.addingTimeInterval(2 * 86_400 + 12 * 3600), in: zone)
                let task = TaskItem(
                    id: .generate(), ownerID: student.id, title: "Extra credit", course: parts[0], due: .zoned(noon, timeZone: student.timeZone),
                    priority: .low, createdAt: Date(), updatedAt: Date())
                added.append(task)
                adders += 1
            }
            try await services.tasks.tasks.insert(contentsOf: added)
            let after = try await workload("diff-after", "2026-08-31T00:00:00Z", "2027-01-04T00:00:00Z")
            #expect(cells(after)[cellKey] == nil)
            #expect((after["withheldAsChanged"] as? Int ?? 0) >= 1)
            for task in added { try await services.tasks.tasks.delete(id: task.id, expectedVersion: task.version) }
            await campus.forget("diff-after")
        }

        /// A code released beside a student's name never marks their de-identified records: not
        /// while they consent, not after they withdraw (codes rotate with each consent change).
        @Test func aWithdrawnStudentIsNotReidentifiedByTheCodeReleasedBesideTheirName() async throws {
            let campus = try await CohortCampus.panel.value
            let services = campus.server.services
            let panel = Array(campus.students[200..<230])
            func subjects(_ key: String, identity: Bool) async throws -> (named: [String: String], anonymous: Set<String>) {
                let categories = identity ? #"["identity", "tasks", "grades"]"# : #"["tasks", "grades"]"#
                let body = #"{"recipientId": "research-panel", "purpose": "Panel", "categories": \#(categories), "recordCodes": true}"#
                let records = try FERPADeidentificationTests.records(try await campus.release(key, body: body))
                var named: [String: String] = [:]
                var anonymous = Set<String>()
                for record in records {
                    let subject = record["subject"] as? String ?? ""
                    if let person = record["person"] as? [String: Any], let username = person["username"] as? String {
                        named[username] = subject
                    } else {
                        anonymous.insert(subject)
                    }
                }
                return (named, anonymous)
            }
            let before = try await subjects("panel-before", identity: false)
            for student in panel { _ = try await services.consents.agree(student, to: "research-panel", version: 1) }
            let during = try await subjects("panel-during", identity: true)
            let duringAnonymous = try await subjects("panel-during-anonymous", identity: false)
            #expect(during.named.count == panel.count)
            let namedCodes = Set(during.named.values)
            for student in panel.prefix(15) { _ = try await services.consents.withdrawAll(to: "research-panel", for: student) }
            let after = try await subjects("panel-after", identity: false)
            let afterNamed = try await subjects("panel-after-named", identity: true)
            #expect(afterNamed.named.count == 15)
            // Codes beside names appear in no de-identified release, before, during or after.
            for anonymous in [before.anonymous, duringAnonymous.anonymous, after.anonymous, afterNamed.anonymous] {
                #expect(namedCodes.isDisjoint(with: anonymous))
            }
            // And the withdrawn have codes they never had before either (a new period).
            #expect(after.anonymous.subtracting(before.anonymous).count >= 15)
            print(
                "FERPA withdrawal: 30 consented, 15 withdrew; \(namedCodes.count) codes released beside names, found in later de-identified releases: 0"
            )
        }

        /// Identifiers in the spellings the independent check used, and more: every one is scrubbed.
        @Test func identifiersInTenSpellingsAndFormatsAreScrubbed() throws {
            let scrubber = try TextScrubber(names: ["Ada Lovelace", "alovelace"], now: Date(timeIntervalSince1970: 1_790_000_000))
            let cases: [(String, String)] = [
                ("ID 123-45-6789 for the form", "123-45-6789"), ("ID 123 45 6789", "123 45 6789"), ("number 123.45.6789", "123.45.6789"),
                ("ref 123/45/6789", "123/45/6789"), ("student no. 1O2345678", "1O2345678"), ("card 1O2-34-5678", "1O2-34-5678"),
                ("id 12 34 56 789", "12 34 56 789"), ("Party at 12 Elm Cir", "12 Elm Cir"),
                ("Study at 48 Quail Ridge Pkwy #12", "48 Quail Ridge Pkwy #12"),
                ("mail to 7 Oak Ter, Apt 4B please", "Apt 4B"), ("Dinner at 301 W Lakeview Trl", "Lakeview Trl"),
                ("Lunch with my roommate Jessica", "Jessica"), ("Call Mr. Hernandez about rent", "Hernandez"),
                ("Ride from Maria Gonzalez", "Gonzalez"),
                ("Meet Ada after class", "Ada"), ("notes from ALOVELACE", "ALOVELACE"), ("text 208 555 0134", "208 555 0134"),
            ]
            var missed: [String] = []
            for (text, identifier) in cases where scrubber.scrub(text).contains(identifier) { missed.append("\(text) → \(scrubber.scrub(text))") }
            print("FERPA spellings: \(cases.count) identifiers in as many spellings and formats: \(missed.count) missed")
            #expect(missed.isEmpty, "\(missed)")
            // Dates, times, rooms and page ranges are not numbers of people.
            for plain in ["Due 2026-12-03 at 10:30", "Room 101, pages 12-48", "Chapter 3.4.1", "ISBN 978-0-13-468599-1"] {
                #expect(scrubber.scrub(plain) == plain, "\(plain) → \(scrubber.scrub(plain))")
            }
        }

        /// The Monday that starts an ISO week (`2026-W37`), 00:00 UTC.
        static func monday(ofISOWeek week: String) -> Date? {
            let parts = week.split(separator: "-W")
            guard parts.count == 2, let year = Int(parts[0]), let number = Int(parts[1]) else { return nil }
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = .gmt
            return calendar.date(from: DateComponents(weekday: 2, weekOfYear: number, yearForWeekOfYear: year))
        }
    }
}
