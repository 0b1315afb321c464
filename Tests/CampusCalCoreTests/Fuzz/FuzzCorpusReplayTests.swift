import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

/// Every committed fuzz input (Tests/Fuzz/corpus) through the same code as the libFuzzer targets,
/// so an input that once crashed or hung the parsers stays fixed without the fuzz build. The two
/// `*FuzzInput.swift` files next to this one are links to the targets' own files.
@Suite("Fuzz corpus replay")
struct FuzzCorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    static func inputs(_ name: String) -> [String] {
        let folder = corpus.appendingPathComponent(name)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.sorted().map { "\(name)/\($0)" }
    }

    static func bytes(_ input: String) throws -> [UInt8] {
        Array(try Data(contentsOf: corpus.appendingPathComponent(input)))
    }

    @Test func bothCorporaAreThere() {
        #expect(Self.inputs("icalendar").count >= 10)
        #expect(Self.inputs("rrule").count >= 10)
        #expect(Self.inputs("window").count >= 10)
    }

    @Test(arguments: inputs("icalendar"))
    func iCalendarInputRunsToTheEnd(_ input: String) throws {
        ICalendarFuzzInput.run(try Self.bytes(input))
    }

    @Test(arguments: inputs("window"))
    func windowInputRunsToTheEnd(_ input: String) throws {
        WindowFuzzInput.run(try Self.bytes(input))
    }

    @Test(arguments: inputs("rrule"))
    func rruleInputRunsToTheEnd(_ input: String) throws {
        RecurrenceFuzzInput.run(try Self.bytes(input))
    }
}

/// What the fuzzers found in the recurrence code (issue #11), pinned down beyond "does not crash".
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func countAboveTheMaximumIsRefusedByName() throws {
        _ = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=\(RecurrenceRule.maximumCount)")
        #expect(throws: RecurrenceRuleError.self) { try RecurrenceRule(parsing: "FREQ=SECONDLY;COUNT=2147483647") }
        do {
            _ = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=\(RecurrenceRule.maximumCount + 1)")
        } catch {
            #expect(error.part == "COUNT")
        }
    }

    @Test(arguments: ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
    func anIntervalBeyondYear9999LeavesOnlyDTSTART(_ frequency: String) throws {
        let rule = try RecurrenceRule(parsing: "FREQ=\(frequency);INTERVAL=9223372036854775807")
        let start = EventTime.utc(LocalDateTime(year: 2026, month: 1, day: 1, hour: 9))
        #expect(Array(RecurrenceSet(start: start, rules: [rule]).occurrences(viewerTimeZone: utc).prefix(3)) == [start])
    }

    /// An all-day series of a sub-daily rule now skips the rest of each day instead of walking it;
    /// it must still give the days the rule touches, as the same rule on a floating midnight does.
    @Test(arguments: [
        "FREQ=SECONDLY", "FREQ=SECONDLY;INTERVAL=86401", "FREQ=MINUTELY;INTERVAL=7;BYHOUR=23;BYMINUTE=59", "FREQ=HOURLY;INTERVAL=25",
        "FREQ=HOURLY;BYDAY=MO,FR;BYHOUR=0,12", "FREQ=MINUTELY;BYMONTHDAY=1,-1;UNTIL=20270101", "FREQ=HOURLY;INTERVAL=5;COUNT=40",
        "FREQ=DAILY;BYHOUR=1,2,3", "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=1,2", "FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=4,5;BYSETPOS=1,2,-1",
    ])
    func allDaySubDailyRulesGiveTheDaysTheyTouch(_ text: String) throws {
        let rule = try RecurrenceRule(parsing: text)
        let day = LocalDate(year: 2026, month: 1, day: 30)
        let allDay = RecurrenceSet(start: .date(day), rules: [rule]).occurrences(viewerTimeZone: utc).prefix(10).map(\.localDateTime.date)
        var walked: [LocalDate] = []
        for time in RecurrenceSet(start: .floating(LocalDateTime(date: day)), rules: [rule]).occurrences(viewerTimeZone: utc) {
            if walked.last != time.localDateTime.date { walked.append(time.localDateTime.date) }
            if walked.count == 11 { break }
        }
        #expect(allDay == Array(walked.prefix(10)))
    }
}
