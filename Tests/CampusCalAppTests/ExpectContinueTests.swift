import CampusCalTestSupport
import Foundation
import Testing

/// A client that asks `Expect: 100-continue` before a large upload (curl does above 1 MB) hears
/// `100 Continue` at once instead of waiting out its own timeout.
@Suite("Expect: 100-continue (the campuscal process)")
struct ExpectContinueTests {
    @Test func aClientThatAsksBeforeUploadingIsToldToContinueAtOnce() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(database: directory.file("campuscal.sqlite"), workingDirectory: directory.path)
        try await server.waitUntilReady()
        let body = #"{"username":"ezra","password":"Passw0rd!"}"#
        // On a thread of its own (the socket blocks), each wait bounded by 5 s × TestTime.scale.
        let (interim, final) = try await onThread { [port = server.port] in
            let connection = try LoopbackSocket(port: port, deadline: Date().addingTimeInterval(TestTime.budget(5)))
            func send(_ text: String) throws { try connection.send(Data(text.utf8), deadline: Date().addingTimeInterval(TestTime.budget(5))) }
            func receive() throws -> String {
                String(decoding: try connection.receive(deadline: Date().addingTimeInterval(TestTime.budget(5))) ?? Data(), as: UTF8.self)
            }
            try send(
                "POST /api/v1/auth/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n")
            // Nothing of the body is sent until the server answers: a server that says nothing fails here.
            let interim = try receive()
            guard interim.hasPrefix("HTTP/1.1 100 Continue\r\n") else { return (interim, "") }
            try send(body)
            var final = interim.replacingOccurrences(of: "HTTP/1.1 100 Continue\r\n\r\n", with: "")
            if final.isEmpty { final = try receive() }
            return (interim, final)
        }
        #expect(interim.hasPrefix("HTTP/1.1 100 Continue\r\n"), "\(interim)")
        #expect(final.hasPrefix("HTTP/1.1 201"), "\(final)")
        try await server.stop()
    }
}
