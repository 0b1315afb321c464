import CampusCalTestSupport
import Foundation
import Testing

/// Issue #24's abuse suite: each finding and each limit as an attack on the real `campuscal` binary
/// (debug build), measured — the process's peak RSS, the attack's time — while another student
/// (the ``Bystander``) keeps using the server. Every attack must be answered with a problem+json 4xx
/// (or 503 under load) within a bounded time, RSS must stay under a stated ceiling, and the
/// bystander must keep getting answers throughout.
///
/// Ceilings are stated against the debug server's idle RSS: 63–64 MiB after start on the 2-core CI
/// machine (1 to 127 seeded users alike; the probe prints it); ``idle`` is that, rounded up. What
/// each attack measured is in its comment, and printed by each run. Time bounds are for an idle
/// machine and grow with ``TestTime/scale`` (load per core, `CAMPUSCAL_TEST_TIME_SCALE`). The
/// suite takes about 25 s.
///
/// To add an attack: start an ``AbuseProbe`` with the settings it needs, and call
/// ``assertBoundedAbuse(_:probe:bystanderToken:rssCeilingMiB:within:accept:attack:)`` with the
/// attack; see the parser bomb below for the shape.
@Suite("Abuse: the real server under attack keeps its bounds", .serialized)
struct AbuseTests {
    /// The debug server's resident memory after start, with a margin (see the suite's comment).
    static let idle = 70.0

    // MARK: - Extension point

    /// Runs `attack` against `probe`'s server while a bystander (`bystanderToken`'s owner) keeps
    /// calling `/healthz` and `/api/v1/me`, and checks what issue #24 asks of every attack:
    /// - every response `attack` returns passes `accept` (by default: a 4xx or 503 with an
    ///   `application/problem+json` body);
    /// - the attack took at most `within` seconds × ``TestTime/scale``;
    /// - the server's peak RSS (VmHWM) stayed under `rssCeilingMiB`, and the server still runs;
    /// - the bystander saw no failure and waited at most `bystanderWorst` seconds × scale for any answer.
    /// Returns the attack's responses for checks of the attack's own.
    @discardableResult
    static func assertBoundedAbuse(
        _ name: String, probe: AbuseProbe, bystanderToken: String, rssCeilingMiB: Double, within seconds: Double,
        bystanderWorst: Double = 5, accept: (RawHTTP.Response) -> Bool = Self.refused,
        sourceLocation: SourceLocation = #_sourceLocation, attack: () async throws -> [RawHTTP.Response]
    ) async throws -> [RawHTTP.Response] {
        let bystander = probe.bystander(token: bystanderToken)
        let (responses, took) = try await AbuseProbe.timed(attack)
        let seen = await bystander.stop()
        let memory = probe.memory
        let answers = Dictionary(grouping: responses) { "\($0.status) \($0.mediaType)" }.map { "\($0.value.count) × \($0.key)" }.sorted()
        let report =
            "\(name): \(answers.joined(separator: ", ")) in \(String(format: "%.2f", took)) s, \(memory.map(String.init(describing:)) ?? "server gone"); "
            + "bystander \(seen)"
        // One answer: what it said, too (the problem's title and detail).
        print(responses.count == 1 ? "\(report)\n  → \(responses[0].text.prefix(300))" : report)
        for response in responses where !accept(response) {
            Issue.record(
                "\(name): unexpected answer HTTP \(response.status) \(response.mediaType): \(response.text.prefix(300))",
                sourceLocation: sourceLocation)
        }
        #expect(took <= TestTime.budget(seconds), "\(report): over \(seconds) s", sourceLocation: sourceLocation)
        #expect(probe.server.isRunning, "\(name): the server died\n\(probe.server.log.suffix(2000))", sourceLocation: sourceLocation)
        #expect((memory?.peakMiB ?? .infinity) < rssCeilingMiB, "\(report): over the ceiling of \(rssCeilingMiB) MiB", sourceLocation: sourceLocation)
        #expect(seen.failures.isEmpty && seen.rounds > 0, "\(report)", sourceLocation: sourceLocation)
        #expect(max(seen.worstHealth, seen.worstMe) <= TestTime.budget(bystanderWorst), "\(report)", sourceLocation: sourceLocation)
        return responses
    }

    // What an attack may be answered with.

    /// A 4xx or 503 with an `application/problem+json` body: the API's refusal.
    static func refused(_ response: RawHTTP.Response) -> Bool { response.isProblemRefusal }
    /// Served (200), or refused.
    static func answered(_ response: RawHTTP.Response) -> Bool { response.status == 200 || response.isProblemRefusal }
    /// Refused, or an import report whose list of problems is bounded (under 256 KiB in all).
    static func refusedOrBoundedReport(_ response: RawHTTP.Response) -> Bool {
        response.isProblemRefusal || (response.status == 200 && response.body.count < 256 << 10)
    }
    /// A window's occurrences (JSON), or refused.
    static func occurrencesOrRefused(_ response: RawHTTP.Response) -> Bool {
        (response.status == 200 && response.mediaType == "application/json") || response.isProblemRefusal
    }
    /// Refused as too large: 413 or 422 with a problem.
    static func tooManyEvents(_ response: RawHTTP.Response) -> Bool {
        (response.status == 413 || response.status == 422) && response.isProblemRefusal
    }

    // MARK: - Connections

    /// Slowloris: 10,000 connections that each send half a request head and then nothing. The
    /// server must close them after `server.header_timeout_seconds` and keep answering others
    /// meanwhile. Ceiling: idle + 400 MiB (≈ 40 KiB per connection at most). Measured: 10,000
    /// opened in 9.8 s, all closed 2.0 s later, peak 112 MiB; the bystander waited 1.5 s at worst.
    @Test func tenThousandSlowConnectionsDoNotStopTheServer() async throws {
        // 10,000 sockets on our side (the hard limit here is 20,000); the server, started after,
        // inherits the raised limit (checked below).
        let limit = AbuseProbe.raiseOpenFileLimit(to: 20_000)
        try #require(limit >= 10_500, "RLIMIT_NOFILE is \(limit): too few descriptors for 10,000 connections")
        try await AbuseProbe.with(
            settings: ["server.header_timeout_seconds": "2", "server.idle_timeout_seconds": "5"], seededUsers: 1
        ) { probe in
            let serverLimit = probe.openFileLimit ?? 0
            print("slow connections: the server's RLIMIT_NOFILE is \(serverLimit)")

            let bystander = probe.bystander(token: probe.tokens[0])
            let (held, opening) = try await AbuseProbe.timed { try await probe.openSlowConnections(10_000) }
            defer { held.close() }
            let during = probe.memory
            // Every one of them closed by the server: 2 s of header timeout, plus the time to close
            // 10,000 and a margin; the wait ends as soon as all are closed.
            let (closed, closing) = try await AbuseProbe.timed { try await held.closedByServer(waiting: TestTime.budget(15)) }
            let seen = await bystander.stop()
            let after = probe.memory
            let report =
                "opened \(held.count) of 10,000 in \(String(format: "%.1f", opening)) s\(held.stoppedEarly.map { " (stopped: \($0))" } ?? ""); "
                + "\(closed) closed by the server within \(String(format: "%.1f", closing)) s more; while held \(during.map(String.init(describing:)) ?? "?"), "
                + "after \(after.map(String.init(describing:)) ?? "server gone"); bystander \(seen)"
            print("slow connections: \(report)")

            #expect(held.count == 10_000, "\(report)")
            #expect(closed == held.count, "the server left slow connections open: \(report)")
            #expect(probe.server.isRunning, "the server died: \(report)")
            #expect((after?.peakMiB ?? .infinity) < Self.idle + 400, "\(report)")
            #expect(seen.failures.isEmpty && seen.rounds > 0, "\(report)")
            #expect(max(seen.worstHealth, seen.worstMe) <= TestTime.budget(5), "\(report)")
        }
    }

    /// One person may hold `limits.max_streams_per_user` (8 by default) notification streams: the
    /// ninth is refused with a problem. A thousand streams over 125 people (8 each) are all
    /// answered — opened, or refused with a problem (503 when the server sheds) — and keep memory
    /// under idle + 250 MiB while the bystander is served. Measured: the 9th refused with 429, the
    /// thousand opened in 2.1 s, peak 97 MiB.
    @Test func aThousandNotificationStreamsAreCappedPerPerson() async throws {
        // abuser0 for the cap, abuser1…125 for the thousand, abuser126 the bystander.
        try await AbuseProbe.with(seededUsers: 127) { probe in

            var own: [StreamAttempt] = []
            defer { for stream in own { stream.release() } }
            for _ in 0..<9 { own.append(try await probe.openStream(token: probe.tokens[0])) }
            let opened = own.prefix(8)
            #expect(
                opened.allSatisfy { $0.status == 200 && $0.mediaType == "text/event-stream" },
                "the first 8 streams: \(opened.map { "\($0.status) \($0.mediaType)" })")
            let ninth = own[8]
            #expect(ninth.isProblemRefusal, "the 9th stream of one person: \(ninth.status) \(ninth.mediaType)\n\(ninth.received.prefix(500))")
            for stream in own { stream.release() }

            var thousand: [StreamAttempt] = []
            defer { for stream in thousand { stream.release() } }
            try await Self.assertBoundedAbuse(
                "1,000 streams", probe: probe, bystanderToken: probe.tokens[126], rssCeilingMiB: Self.idle + 250, within: 60,
                accept: Self.answered
            ) {
                for user in 1...125 {
                    for _ in 0..<8 { thousand.append(try await probe.openStream(token: probe.tokens[user])) }
                }
                // As responses, for the check: a live stream counts as its status and media type.
                return thousand.map { RawHTTP.Response(status: $0.status, headers: ["content-type": $0.mediaType], body: Data()) }
            }
            let open = thousand.filter { $0.status == 200 }.count
            print("1,000 streams: \(open) open, \(thousand.count - open) refused; one person's 9th: \(ninth.status) \(ninth.mediaType)")
            #expect(thousand.allSatisfy { $0.status != 200 || $0.mediaType == "text/event-stream" })
        }
    }

    // MARK: - Files

    /// A parser bomb: one property name of 1 MiB, then 200,000 END lines with nothing open. The
    /// import answers a problem (or a report with a bounded list of problems) within 10 s, and RSS
    /// stays under 400 MiB. Measured: a 200 report ("line longer than 262144 bytes", capped
    /// problems) in 0.6 s, peak 71 MiB.
    @Test func aParserBombIsAnsweredQuicklyInBoundedMemory() async throws {
        try await AbuseProbe.with(seededUsers: 2) { probe in
            let calendar = try await probe.createCalendar(token: probe.tokens[0])
            var bomb = Data("BEGIN:VCALENDAR\r\nBEGIN:".utf8)
            bomb.append(Data(repeating: UInt8(ascii: "A"), count: 1 << 20))
            bomb.append(Data("\r\n".utf8))
            bomb.append(Data(String(repeating: "END:B\r\n", count: 200_000).utf8))
            try await Self.assertBoundedAbuse(
                "parser bomb", probe: probe, bystanderToken: probe.tokens[1], rssCeilingMiB: 400, within: 10,
                accept: Self.refusedOrBoundedReport
            ) {
                [
                    try await probe.server.send(
                        "POST", "/api/v1/calendars/\(calendar)/import", body: bomb, contentType: "text/calendar", token: probe.tokens[0])
                ]
            }
        }
    }

    /// 2,000 events recurring every second, forever. Either the import refuses them with a clear
    /// problem, or every window over them — an hour, a day, a month, a year — is answered within
    /// 10 s with the occurrences or a problem (`limits.max_occurrences_per_request`), in under 600 MiB.
    /// Measured: the import reports each event refused ("may repeat at most hourly"), 0.13 s, peak
    /// 75 MiB; the windows are then empty.
    @Test func secondlyRecurrenceCannotExhaustTheServer() async throws {
        try await AbuseProbe.with(seededUsers: 2) { probe in
            let calendar = try await probe.createCalendar(token: probe.tokens[0])
            let file = AbuseProbe.calendarFile(events: 2_000, uidPrefix: "secondly", rule: "FREQ=SECONDLY")
            let imported = try await Self.assertBoundedAbuse(
                "SECONDLY import", probe: probe, bystanderToken: probe.tokens[1], rssCeilingMiB: 600, within: 30,
                accept: Self.answered
            ) {
                [
                    try await probe.server.send(
                        "POST", "/api/v1/calendars/\(calendar)/import", body: file, contentType: "text/calendar", token: probe.tokens[0])
                ]
            }
            guard imported.first?.status == 200 else { return }  // refused at import: nothing to expand

            let windows = [
                ("an hour", "2027-01-01T01:00:00Z"), ("a day", "2027-01-02T00:00:00Z"), ("a month", "2027-02-01T00:00:00Z"),
                ("a year", "2028-01-01T00:00:00Z"),
            ]
            for (name, end) in windows {
                try await Self.assertBoundedAbuse(
                    "SECONDLY window of \(name)", probe: probe, bystanderToken: probe.tokens[1], rssCeilingMiB: 600, within: 10,
                    accept: Self.occurrencesOrRefused
                ) {
                    [
                        try await probe.server.send(
                            "GET", "/api/v1/calendars/\(calendar)/events?from=2027-01-01T00:00:00Z&to=\(end)", token: probe.tokens[0])
                    ]
                }
            }
        }
    }

    /// 500,000 tiny events in one file (under the byte limit, raised here to 64 MiB so that the
    /// event count is what answers): refused with 413 or 422 (`limits.max_events_per_import`,
    /// 50,000 by default, or the cap on components per file) within 20 s, the bystander served
    /// throughout. Measured: 413 in 1.1 s, peak 194 MiB (the 31 MB body is collected whole before
    /// it is read); the ceiling, idle + 250 MiB, holds that and catches growth. (Before the import
    /// caps of 9b4c9d4: 413 after 5–7.5 s, peak 402 MiB.)
    @Test func anImportOfHalfAMillionEventsIsRefused() async throws {
        try await AbuseProbe.with(settings: ["server.max_import_bytes": String(64 << 20)], seededUsers: 2) { probe in
            let calendar = try await probe.createCalendar(token: probe.tokens[0])
            // Seconds of CPU in a debug build: on a thread of its own, not one of the cooperative pool's
            // two, which the tests running beside this one need.
            let file = try await onThread {
                var file = Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//CampusCal//abuse test//EN\r\n".utf8)
                file.reserveCapacity(34 << 20)
                for n in 0..<500_000 { file.append(contentsOf: "BEGIN:VEVENT\r\nUID:\(n)\r\nDTSTART:20270101T000000Z\r\nEND:VEVENT\r\n".utf8) }
                file.append(contentsOf: "END:VCALENDAR\r\n".utf8)
                return file
            }
            try await Self.assertBoundedAbuse(
                "500,000 events", probe: probe, bystanderToken: probe.tokens[1], rssCeilingMiB: Self.idle + 250, within: 20,
                accept: Self.tooManyEvents
            ) {
                [
                    try await probe.server.send(
                        "POST", "/api/v1/calendars/\(calendar)/import", body: file, contentType: "text/calendar", token: probe.tokens[0])
                ]
            }
        }
    }
}
