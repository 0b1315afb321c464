import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalPlugins

/// Issue #26, findings 3 and 5: what a plugin hands back — through a runner or directly — is
/// checked on the server's side, and what the host reads of a plugin's text is bounded.
extension BadPluginTests {
    /// Finding 3: a runner that lies (`Fixtures/forged_runner.py`: 128 KiB texts, dates outside the
    /// range or impossible, too many fields, features its manifest does not promise, a job every
    /// second) has every answer checked by the server as if the plugin had given it.
    @Test func forgedRunnerAnswerIsValidatedOnHost() async throws {
        let directory = TemporaryDirectory()
        let library = try Self.compile("CASE_NONE", in: directory)
        let manifest =
            Self.manifest.replacingOccurrences(of: "abi = \"1.0\"", with: "abi = \"1.1\"")
            .replacingOccurrences(
                of: "provides = [\"campuscal.day-labels/1\"]",
                with: "provides = [\"campuscal.day-labels/1\", \"campuscal.user-panel/1\", \"campuscal.scheduled-job/1\"]")
            + "\nisolation = \"process\"\n\n[permissions]\ndata = [\"tasks\"]\n"
        try PluginFixture.install(library: library, manifest: manifest, as: "bad", into: directory.file("plugins"))
        let script = TestServer.repositoryRoot.appendingPathComponent("Tests/CampusCalPluginsTests/Fixtures/forged_runner.py").path
        let manager = Self.manager(
            in: directory, runner: PluginRunnerCommand(executable: "/usr/bin/python3", arguments: [script], readOnlyPaths: [script]))
        await manager.loadAll()
        #expect(await manager.plugins().first?.status == .active)
        let entry = try #require(await manager.entries["org.example.bad"])
        // Only what the server's own copy of the manifest promises; no job every second; no importer.
        #expect(entry.features == ["campuscal.day-labels/1", "campuscal.user-panel/1"])
        #expect(entry.jobIntervalSeconds == 0 && entry.importFormat == nil)
        #expect(entry.labelsStableSeconds <= 7 * 86_400)

        let first = LocalDate(year: 2026, month: 3, day: 1)
        let labels = await manager.dayLabels(from: first, to: LocalDate(year: 2026, month: 3, day: 2))
        #expect(labels.map(\.label) == ["Forged but fine"], "\(labels.map { $0.label.prefix(40) })")

        let instance = try #require(entry.instance)
        let fields = try await instance.panel(subject: "rc_0123456789abcdef0123456789abcdef")
        #expect(fields.count == 32 && fields.allSatisfy { $0.value.utf8.count <= 256 && $0.name.hasPrefix("f") }, "\(fields.count) fields")

        // A failure's words are bounded before they are logged or shown.
        do {
            try await instance.deliver(
                PluginNotification(subject: "rc_0", username: "u", kind: "k", title: "t", body: "b", link: nil, createdAt: Date()))
            Issue.record("a forged failure was taken for a delivery")
        } catch {
            #expect("\(error)".utf8.count <= PluginOutputRules.messageBytes + 8, "\("\(error)".utf8.count) bytes")
        }
        await manager.stopAll()
    }

    /// Finding 3, the rules themselves: an importer's events that came through a runner are checked
    /// again — impossible dates, an end before the start, a 1 MiB title — each a problem on its line.
    @Test func forgedImportedEventsAreCheckedAgain() {
        let good = PluginCalendarEvent(
            uid: "e1", title: "Fine", allDay: false, timeZone: "UTC", start: LocalDateTime(year: 2026, month: 12, day: 1, hour: 9),
            end: LocalDateTime(year: 2026, month: 12, day: 1, hour: 10), line: 1)
        var impossible = good
        impossible.start = LocalDateTime(year: 2026, month: 2, day: 30, hour: 9)
        impossible.line = 2
        var backwards = good
        backwards.start = LocalDateTime(year: 2026, month: 12, day: 1, hour: 11)
        backwards.line = 3
        var huge = good
        huge.title = String(repeating: "x", count: 1 << 20)
        huge.line = 4
        let file = PluginOutputRules.importedFile(
            PluginImportedFile(
                events: [good, impossible, backwards, huge], problems: [PluginFileProblem(line: -5, message: String(repeating: "y", count: 1 << 20))])
        )
        #expect(file.events.map(\.uid) == ["e1"])
        #expect(file.problems.map(\.line) == [nil, 2, 3, 4])
        #expect(file.problems.allSatisfy { $0.message.utf8.count <= 2000 })
    }

    /// Finding 5: a log line with no NUL before an unreadable page is read to its 4,096-byte bound
    /// and no further — the server (or runner) lives on, and the call answers.
    @Test(arguments: [false, true])
    func unterminatedLogLineIsBoundedNotStrlen(isolated: Bool) async throws {
        let (manager, status) = try await Self.load("CASE_UNTERMINATED_LOG", manifest: Self.manifest(isolated: isolated))
        #expect(status == .active, "\(Self.reason(status))")
        let runner = await manager.runnerProcessIdentifier(of: "org.example.bad")
        for _ in 0..<3 {
            let labels = await manager.dayLabels(from: LocalDate(year: 2026, month: 3, day: 1), to: LocalDate(year: 2026, month: 3, day: 2))
            #expect(labels.map(\.label) == ["Bad plugin day"])
        }
        // The same runner answered every time: it never crashed.
        #expect(await manager.runnerProcessIdentifier(of: "org.example.bad") == runner)
        #expect(await manager.plugins().first?.status == .active)
        await manager.stopAll()
    }
}
