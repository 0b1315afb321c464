import CampusCalCore
import CampusCalPrivacy
import CampusCalTestSupport
import Foundation
import Testing

/// The FERPA de-identification suite (34 CFR §99.31(b)): every third-party path that exists — the
/// de-identified view (at each date granularity), the workload aggregate, and identified releases
/// with consent — run over the whole synthetic cohort through the HTTP API, its output searched for
/// every identifier of every student. Zero hits is the pass mark.
@Suite("FERPA: third-party outputs of a 500-student cohort hold no identifier", .serialized)
struct FERPADeidentificationTests {
    static let categories = #""categories": ["events", "tasks", "grades", "courses"]"#
    static func body(_ recipient: String, _ extra: String = "") -> String {
        #"{"recipientId": "\#(recipient)", "purpose": "Workload study", \#(categories)\#(extra)}"#
    }
    /// research-a's release, with record codes: the only coded recipient of the shared campus.
    static let codedBody = body("research-a", #", "recordCodes": true"#)
    static let workloadBody =
        #"{"recipientId": "planning-office", "purpose": "Assessment calendar planning", "from": "2026-08-31T00:00:00Z", "to": "2027-01-04T00:00:00Z"}"#
    static let workloadPath = "/api/v1/admin/privacy/aggregates/workload"

    static func records(_ release: Data) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: release) as? [String: Any])
        return try #require(object["records"] as? [[String: Any]])
    }

    @Test func noThirdPartyOutputHoldsAnyIdentifierOfAnyStudent() async throws {
        let campus = try await CohortCampus.shared.value
        let cohort = campus.cohort
        var outputs: [Data] = []
        outputs.append(try await campus.release("a", body: Self.codedBody))
        outputs.append(try await campus.release("b", body: Self.body("research-b")))
        outputs.append(try await campus.release("exact", body: Self.body("research-exact", #", "dates": "exact", "stripTimeZones": false"#)))
        outputs.append(try await campus.release("week", body: Self.body("research-week", #", "dates": "week""#)))
        outputs.append(try await campus.release("workload", body: Self.workloadBody, path: Self.workloadPath))

        let identifiers = cohort.allIdentifiers
        let hits = try IdentifierSearch(jsonOutputs: outputs).hits(among: identifiers)
        let recordCount = try outputs.prefix(4).reduce(0) { $0 + (try Self.records($1)).count }
        print(
            "FERPA de-identification: \(identifiers.count) identifiers of \(cohort.students.count) students checked "
                + "(exact, case-insensitive, digit-only) in \(outputs.count) outputs holding \(recordCount) records: \(hits.count) found")
        #expect(hits.isEmpty, "identifiers in third-party output: \(hits.prefix(20))")

        // The search had something to search: every student's records went out, all but the few
        // that no generalisation could hide among 10 students.
        let a = try Self.records(outputs[0])
        let release = try #require(try JSONSerialization.jsonObject(with: outputs[0]) as? [String: Any])
        let suppressed = try #require(release["suppressedRecords"] as? Int)
        #expect(release["k"] as? Int == 10)
        #expect(a.count + suppressed == cohort.items.count + cohort.enrolments.count)
        #expect(suppressed * 100 < a.count, "more than 1% of records left out: \(suppressed)")
        #expect(Set(a.compactMap { $0["subject"] as? String }).count == cohort.students.count)
        let titles = a.compactMap { $0["title"] as? String }
        let exact = titles.filter { $0 != "[withheld]" && !TitleClassNames.all.contains($0) }.count
        let classed = titles.filter { TitleClassNames.all.contains($0) }.count
        print(
            "FERPA release: \(a.count) records (\(suppressed) left out); titles as written \(exact), as their class \(classed), "
                + "withheld \(titles.count - exact - classed); generalised per field: \(release["generalised"] ?? [:])")
        #expect(exact + classed > titles.count / 2, "most titles should say something")
        // Nothing but the documented fields: no ids, no names, no emails in any key.
        let allowed: Set<String> = [
            "subject", "kind", "course", "title", "description", "location", "start", "end", "due", "allDay", "recurring", "timeZone",
            "priority", "status", "pointsPossible", "score", "percentage", "letter", "feedback", "role",
        ]
        for record in a { #expect(Set(record.keys).isSubset(of: allowed), "\(record.keys.sorted())") }
        #expect(a.allSatisfy { ($0["subject"] as? String)?.wholeMatch(of: /rc_[0-9a-f]{32}/) != nil })
    }

    /// The releases also withhold rare values, which would hide a scrubber that missed something;
    /// so the scrubber is checked alone too, over every text of the cohort.
    @Test func theScrubberAloneLeavesNoIdentifierInAnyText() throws {
        let cohort = SyntheticCohort()
        let scrubber = try TextScrubber(
            names: cohort.students.flatMap { [$0.displayName, $0.username] }, now: Date(timeIntervalSince1970: 1_790_000_000))
        let texts = cohort.items.flatMap(\.texts)
        let scrubbed = texts.map(scrubber.scrub)
        let hits = try IdentifierSearch(jsonOutputs: [try JSONSerialization.data(withJSONObject: scrubbed)]).hits(among: cohort.allIdentifiers)
        print("FERPA scrubber: \(texts.count) texts, \(cohort.allIdentifiers.count) identifiers checked: \(hits.count) found")
        #expect(hits.isEmpty, "\(hits.prefix(20))")
        // Text without identifiers comes through untouched (times, rooms, page ranges, plain links).
        let plain = cohort.items.filter(\.mentionedStudents.isEmpty).flatMap(\.texts)
        let changed = plain.filter { scrubber.scrub($0) != $0 }
        #expect(changed.count * 20 < plain.count, "over-scrubbed: \(changed.prefix(5))")
    }

    @Test func recordCodesAreStablePerRecipientAndNothingJoinsTwoRecipients() async throws {
        let campus = try await CohortCampus.shared.value
        let a = try Self.records(try await campus.release("a", body: Self.codedBody))
        let again = try Self.records(try await campus.release("a-again", body: Self.codedBody))
        func subjects(_ records: [[String: Any]]) -> [String] { records.compactMap { $0["subject"] as? String } }
        // Stable for one recipient: the same people get the same codes, record for record.
        #expect(subjects(a) == subjects(again))
        // A second recipient gets no codes for the same data (each student's set of records
        // would join the two), and its release without them carries none.
        let refused = try await campus.server.run { api in
            try await api.request(
                .post, "/api/v1/admin/privacy/releases", token: try await api.token("registrar"),
                rawBody: Self.body("research-b", #", "recordCodes": true"#), headers: [.contentType: "application/json"])
        }
        #expect(refused.status == .conflict)
        #expect(refused.problemCode == "coded-release-overlaps")
        #expect(refused.string("detail")?.contains("research-a") == true)
        let b = try Self.records(try await campus.release("b", body: Self.body("research-b")))
        #expect(subjects(b).isEmpty)
        #expect(b.count == a.count)

        // The join attack: for every other field, a value that only one person has in both outputs
        // would link that person's two codes. Count the links found.
        func holders(_ records: [[String: Any]]) -> [String: [String: Set<String>]] {
            var result: [String: [String: Set<String>]] = [:]
            for (index, record) in records.enumerated() {
                // Without codes, each record stands alone.
                let subject = record["subject"] as? String ?? "record \(index)"
                for (field, value) in record where field != "subject" {
                    result[field, default: [:]]["\(value)", default: []].insert(subject)
                }
            }
            return result
        }
        let inA = holders(a)
        let inB = holders(b)
        var links: [String] = []
        var tried = 0
        for (field, values) in inA {
            for (value, people) in values {
                tried += 1
                if people.count == 1, let other = inB[field]?[value], other.count == 1 {
                    links.append("\(field)=\(value.prefix(60))")
                }
            }
        }
        print("FERPA join attack: \(tried) field values of recipient A tried against recipient B: \(links.count) link people")
        #expect(links.isEmpty, "joinable on: \(links.prefix(10))")
        #expect(tried > 100)
    }

    @Test func aggregatesLeaveOutCellsSmallerThanTheMinimum() async throws {
        let campus = try await CohortCampus.shared.value
        let cohort = campus.cohort
        let output = try await campus.release("workload", body: Self.workloadBody, path: Self.workloadPath)
        let aggregate = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        #expect(aggregate["minimumCellSize"] as? Int == 10)
        let cells = (aggregate["cells"] as? [[String: Any]]) ?? []
        // Expected from the cohort itself: students with a course item due, per course and ISO week of their own calendar.
        var expected: [String: Set<Int>] = [:]
        var calendar = Calendar(identifier: .iso8601)
        for item in cohort.items {
            guard let course = item.courseIndex, item.kind != .event else { continue }
            calendar.timeZone = TimeZone(identifier: cohort.students[item.studentIndex].timeZone) ?? .gmt
            let week = String(
                format: "%04d-W%02d", calendar.component(.yearForWeekOfYear, from: item.start), calendar.component(.weekOfYear, from: item.start))
            expected["\(cohort.courses[course].code)|\(week)", default: []].insert(item.studentIndex)
        }
        let released = Dictionary(
            uniqueKeysWithValues: cells.map { ("\($0["course"] as? String ?? "")|\($0["week"] as? String ?? "")", $0["students"] as? Int ?? 0) })
        let large = expected.filter { $0.value.count >= 10 }
        #expect(released == large.mapValues(\.count))
        #expect(cells.allSatisfy { ($0["students"] as? Int ?? 0) >= 10 })
        let small = expected.count - large.count
        print("FERPA aggregates: \(expected.count) course-week cells, \(large.count) released, \(small) below 10 students withheld")
        #expect(small > 0 && !large.isEmpty)
        // A recipient may ask for larger cells, never smaller ones.
        let stricter = try await campus.release(
            "workload-50",
            body:
                #"{"recipientId": "planning-office", "purpose": "Planning", "from": "2026-08-31T00:00:00Z", "to": "2027-01-04T00:00:00Z", "minimumCellSize": 50}"#,
            path: Self.workloadPath)
        let strict = try #require(try JSONSerialization.jsonObject(with: stricter) as? [String: Any])
        #expect((strict["cells"] as? [[String: Any]])?.allSatisfy { ($0["students"] as? Int ?? 0) >= 50 } == true)
        let looser = try await campus.release(
            "workload-2",
            body:
                #"{"recipientId": "planning-office", "purpose": "Planning", "from": "2026-08-31T00:00:00Z", "to": "2027-01-04T00:00:00Z", "minimumCellSize": 2}"#,
            path: Self.workloadPath)
        let loose = try #require(try JSONSerialization.jsonObject(with: looser) as? [String: Any])
        #expect(loose["minimumCellSize"] as? Int == 10)
    }

    @Test func identitiesOnlyWithConsentAndEveryReleaseLoggedWithItsCounts() async throws {
        let campus = try await CohortCampus.shared.value
        let cohort = campus.cohort
        let services = campus.server.services
        let consenting = Array(campus.students.prefix(50))
        for student in consenting { _ = try await services.consents.agree(student, to: "research-study", version: 1) }
        let body = #"{"recipientId": "research-study", "purpose": "Study habits", "categories": ["identity", "tasks", "grades"]}"#
        let first = try await campus.release("study-1", body: body)
        let release = try #require(try JSONSerialization.jsonObject(with: first) as? [String: Any])
        #expect(release["identifiedSubjects"] as? Int == 50)
        let records = try Self.records(first)
        let named = Set(records.compactMap { ($0["person"] as? [String: Any])?["username"] as? String })
        #expect(named == Set(consenting.map(\.username)))
        // Nobody else's identifier appears anywhere in it.
        let others = cohort.students.filter { !named.contains($0.username) }.flatMap(\.identifiers)
        let deidentified = try JSONSerialization.data(withJSONObject: records.filter { $0["person"] == nil })
        #expect(try IdentifierSearch(jsonOutputs: [deidentified]).hits(among: cohort.allIdentifiers).isEmpty)
        #expect(try IdentifierSearch(jsonOutputs: [first]).hits(among: others).isEmpty)

        // The log: one entry per student in the release, with the basis and the number of that student's records.
        let log = try await services.disclosures.store.disclosures(of: nil, after: nil, limit: 100_000).items.filter {
            $0.recipientID == "research-study"
        }
        #expect(log.count == release["subjects"] as? Int)
        #expect(log.reduce(0) { $0 + $1.recordCount } == records.count)
        // Named records carry their person's code (one of its own), the others none (no recordCodes).
        var perNamed: [String: Int] = [:]
        for record in records where record["person"] != nil { perNamed[record["subject"] as? String ?? "", default: 0] += 1 }
        #expect(perNamed.count == 50)
        #expect(records.filter { $0["person"] == nil }.allSatisfy { $0["subject"] == nil })
        let loggedNamed = log.filter { if case .consent = $0.basis { return true } else { return false } }.map(\.recordCount).sorted()
        #expect(loggedNamed == perNamed.values.sorted())
        let byConsent = log.filter { if case .consent = $0.basis { return true } else { return false } }
        #expect(Set(byConsent.map(\.userID)) == Set(consenting.map(\.id)))
        #expect(log.allSatisfy { $0.requestedBy != nil && $0.categories == [.identity, .tasks, .grades] })

        // Withdrawal stops the next release for those people at once.
        let withdrawing = consenting.prefix(10)
        for student in withdrawing { _ = try await services.consents.withdrawAll(to: "research-study", for: student) }
        let second = try await campus.release("study-2", body: body)
        let after = try #require(try JSONSerialization.jsonObject(with: second) as? [String: Any])
        #expect(after["identifiedSubjects"] as? Int == 40)
        let withdrawn = Set(withdrawing.map(\.username))
        #expect(
            try IdentifierSearch(jsonOutputs: [second]).hits(among: cohort.students.filter { withdrawn.contains($0.username) }.flatMap(\.identifiers))
                .isEmpty)

        // The de-identified view logged every student too, with the right counts.
        let a = try Self.records(try await campus.release("a", body: Self.codedBody))
        let logA = try await services.disclosures.store.disclosures(of: nil, after: nil, limit: 100_000).items.filter {
            $0.recipientID == "research-a"
        }
        // One entry per student for each release to research-a (the stability test makes a second one).
        let releasesToA = logA.count / cohort.students.count
        #expect(releasesToA >= 1 && logA.count == releasesToA * cohort.students.count && logA.allSatisfy { $0.basis == .deidentified })
        #expect(logA.reduce(0) { $0 + $1.recordCount } == releasesToA * a.count)
    }
}
