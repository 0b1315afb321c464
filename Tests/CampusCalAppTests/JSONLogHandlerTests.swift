import Foundation
import Logging
import Testing

@testable import CampusCalApp

#if canImport(Glibc)
    import Glibc
#endif

/// The JSON log lines a campus's collector reads (issue #32's review): whole lines under
/// concurrent logging, milliseconds, nested metadata as JSON, the record's fields not overridable.
@Suite("JSON logs: whole lines from many threads, milliseconds, nested metadata")
struct JSONLogHandlerTests {
    @Test func longLinesFromManyThreadsNeverInterleave() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        // The reader drains the pipe while the writers fill it (64 KiB of buffer, far less than is written).
        let collected = Task.detached { () -> Data in
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                if count <= 0 { break }
                data.append(contentsOf: buffer[0..<count])
            }
            return data
        }
        let filler = String(repeating: "x", count: 9_000)  // over the pipe's 4 KiB atomic write size
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    let handler = JSONLogHandler(label: "test", descriptor: writeEnd)
                    for index in 0..<25 {
                        handler.log(
                            event: LogEvent(
                                level: .info, message: "\(writer)-\(index) \(filler)", metadata: nil, source: "t", file: #file, function: #function,
                                line: #line))
                    }
                }
            }
        }
        close(writeEnd)
        let data = await collected.value
        close(readEnd)
        let lines = data.split(separator: 0x0A)
        #expect(lines.count == 200)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            #expect((object["message"] as? String)?.hasSuffix(filler) == true)
        }
    }

    @Test func recordsHaveMillisecondsNestedMetadataAndTheirOwnFields() throws {
        let event = LogEvent(
            level: .warning, message: "LMS sync failed",
            metadata: ["sync": .dictionary(["kind": "canvas", "courses": .array(["5173", "5120"])]), "message": "forged"], source: "t",
            file: #file, function: #function, line: #line)
        let data = try #require(
            JSONLogHandler.line(event, label: "campuscal.lms", metadata: ["user": "u1"], at: Date(timeIntervalSince1970: 1_800_000_000.25)))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["time"] as? String == "2027-01-15T08:00:00.250Z")
        #expect(object["message"] as? String == "LMS sync failed" && object["level"] as? String == "warning" && object["user"] as? String == "u1")
        let sync = try #require(object["sync"] as? [String: Any])
        #expect(sync["kind"] as? String == "canvas" && sync["courses"] as? [String] == ["5173", "5120"])
    }
}
