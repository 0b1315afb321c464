import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalPrivacy

/// The data-export ZIP writer, checked by an independent reader: Python's `zipfile` (CRC, headers, central
/// directory, UTF-8 names), so a mistake shared by our writer and a reader we wrote ourselves cannot hide.
@Suite("ZIP archive for the data export")
struct ZipArchiveTests {
    /// The system interpreter: a pyenv shim on PATH is slow to start, and `zipfile` is in the standard library.
    static let python = "/usr/bin/python3"
    static let hasPython = FileManager.default.isExecutableFile(atPath: python)

    @Test func anEmptyArchiveIsOnlyTheEndRecord() {
        let bytes = ZipArchive().bytes()
        #expect(bytes == [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
    }

    /// The check value of CRC-32/ISO-HDLC ("123456789" → 0xCBF43926), read from the local header (offset 14).
    /// Past a plain ZIP's limits the archive refuses the file with a reason, and is as it was: an
    /// export too large is an error the person reads, not a crash of the server (issue #32's review).
    @Test func aFilePastThePlainZIPLimitsIsRefusedAndTheArchiveKeepsItsFiles() throws {
        let modified = Date(timeIntervalSince1970: 1_788_739_200)
        var archive = ZipArchive(maximumSize: 200, maximumFiles: 3)
        try archive.add(path: "a.txt", text: "small", modified: modified)
        let before = archive.bytes()
        #expect(throws: ZipArchiveError.needsZIP64("big.txt alone is 4 GiB or more")) {
            try archive.add(path: "big.txt", contents: [UInt8](repeating: 1, count: 200), modified: modified)
        }
        #expect(throws: ZipArchiveError.needsZIP64("it would be 4 GiB or more")) {
            try archive.add(path: "b.txt", contents: [UInt8](repeating: 1, count: 120), modified: modified)
        }
        #expect(archive.bytes() == before)
        try archive.add(path: "c.txt", text: "fits", modified: modified)
        #expect(throws: ZipArchiveError.needsZIP64("it would hold 65,535 files or more")) {
            try archive.add(path: "d.txt", text: "one too many", modified: modified)
        }
    }

    @Test func localHeaderCarriesTheStandardCRC32() throws {
        var archive = ZipArchive()
        try archive.add(path: "check.txt", text: "123456789", modified: Date(timeIntervalSince1970: 1_788_739_200))
        let bytes = archive.bytes()
        #expect(Array(bytes[0..<4]) == [0x50, 0x4B, 0x03, 0x04])
        #expect(Array(bytes[14..<18]) == [0x26, 0x39, 0xF4, 0xCB])
    }

    @Test(.enabled(if: hasPython, "needs /usr/bin/python3"))
    func pythonZipfileReadsEmptyUnicodeNamedAndBinaryFiles() throws {
        let modified = Date(timeIntervalSince1970: 1_788_784_496)  // 2026-09-07T12:34:56Z
        let calendar = Array("BEGIN:VCALENDAR\r\nSUMMARY:Zoë's café\r\nEND:VCALENDAR\r\n".utf8)
        let files: [(path: String, contents: [UInt8], modified: Date, dateTime: [Int])] = [
            ("empty.txt", [], modified, [2026, 9, 7, 12, 34, 56]),
            ("calendars/Zoë.ics", calendar, modified, [2026, 9, 7, 12, 34, 56]),
            // Before 1980, which the MS-DOS date cannot hold: clamped to its first instant.
            ("blobs/random.bin", Self.pseudoRandomBytes(count: 100 * 1024), Date(timeIntervalSince1970: 0), [1980, 1, 1, 0, 0, 0]),
        ]
        var archive = ZipArchive()
        for file in files {
            try archive.add(path: file.path, contents: file.contents, modified: file.modified)
        }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("campuscal-zip-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let archiveFile = directory.appendingPathComponent("export.zip")
        try Data(archive.bytes()).write(to: archiveFile)
        // The expected contents go to plain files, written by Foundation rather than by the code under test.
        var manifest: [[String: Any]] = []
        for (index, file) in files.enumerated() {
            let expected = directory.appendingPathComponent("expected-\(index)")
            try Data(file.contents).write(to: expected)
            manifest.append(["name": file.path, "file": expected.path, "date_time": file.dateTime])
        }
        let manifestFile = directory.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestFile)

        let result = try Self.runPython(Self.checkScript, arguments: [archiveFile.path, manifestFile.path], in: directory)
        #expect(result.status == 0, "python zipfile check failed:\n\(result.output)")
        #expect(result.output.contains("zip ok: 3 files"), "\(result.output)")
    }

    /// Asserts what a reader relies on: intact CRCs, the names in order (UTF-8 flag set), stored contents, DOS dates.
    static let checkScript = """
        import json, sys, zipfile
        archive, manifest = sys.argv[1], json.load(open(sys.argv[2]))
        with zipfile.ZipFile(archive) as z:
            assert z.testzip() is None, "bad CRC"
            assert z.namelist() == [m["name"] for m in manifest], z.namelist()
            for m in manifest:
                info = z.getinfo(m["name"])
                assert info.flag_bits & 0x800, ("UTF-8 flag missing", m["name"])
                assert info.compress_type == zipfile.ZIP_STORED, info.compress_type
                assert info.date_time == tuple(m["date_time"]), (m["name"], info.date_time)
                expected = open(m["file"], "rb").read()
                assert info.file_size == len(expected), (m["name"], info.file_size)
                assert z.read(m["name"]) == expected, ("contents differ", m["name"])
        print("zip ok: %d files" % len(manifest))
        """

    /// Runs `python -c script arguments…` (through files, not pipes: see `CommandRunner`).
    static func runPython(_ script: String, arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let result = try CommandRunner.run(program: URL(fileURLWithPath: python), ["-c", script] + arguments, in: directory.path)
        return (result.status, result.output)
    }

    /// Deterministic bytes covering all 256 values (a linear congruential generator's high byte).
    static func pseudoRandomBytes(count: Int) -> [UInt8] {
        var state: UInt32 = 0x2026_0907
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }
}
