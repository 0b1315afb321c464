import CampusCalCore
import CampusCalICalendar
import Foundation

/// A minimal ZIP writer (PKWARE APPNOTE 6.3.x, §4.3) for a student's data export: every file is stored
/// uncompressed, so the writer needs no zlib and stays pure Swift; the exported calendars and JSON are
/// small, and any unzip tool (and the OS's built-in archive viewers) reads stored entries.
///
/// Layout: for each file a local file header followed by its bytes, then the central directory (one
/// record per file) and the end-of-central-directory record. Names are UTF-8 with general-purpose
/// bit 11 set, so "calendars/Zoë.ics" is not read as CP437 mojibake. No ZIP64: an export that would
/// need it (a file or the archive of 4 GiB or more, 65,535 files or more) is refused with
/// `ZipArchiveError.needsZIP64` — an error the person is told about, never a crash of the server
/// (the review of issue #32: these were preconditions, so a large enough export stopped it).
public struct ZipArchive: Sendable {
    /// Local headers and file data, in order; what `bytes()` emits first.
    private var body: [UInt8] = []
    /// One central-directory record per file, appended alongside `body` so `bytes()` only concatenates.
    private var centralDirectory: [UInt8] = []
    /// Names already added: a duplicate name is ambiguous for readers (Python warns, unzip asks).
    private var paths: Set<String> = []

    /// Without ZIP64, sizes and offsets are 32-bit and counts 16-bit; the all-ones values themselves
    /// mean "see the ZIP64 record", so they are excluded too.
    private let maximumSize: Int
    private let maximumFiles: Int

    public init() { self.init(maximumSize: 0xFFFF_FFFF, maximumFiles: 0xFFFF) }

    /// Smaller limits, for tests: nobody builds a 4 GiB archive to prove it is refused.
    init(maximumSize: Int, maximumFiles: Int) {
        self.maximumSize = maximumSize
        self.maximumFiles = maximumFiles
    }

    /// Adds a file (stored, no compression). `path` uses "/" separators, relative, UTF-8 (set general-purpose bit 11).
    ///
    /// The path must be relative, without "." or ".." components, backslashes or empty components, and not
    /// yet in the archive: the export builds its paths itself, so a bad one is a programming error, and
    /// writing it would hand the student an archive that unpacks outside its folder or ambiguously.
    /// - Throws: `ZipArchiveError.needsZIP64` when the file, or the archive with it, is past what a
    ///   ZIP without ZIP64 can say; the archive is then as it was.
    public mutating func add(path: String, contents: [UInt8], modified: Date) throws(ZipArchiveError) {
        precondition(Self.isSafeRelativePath(path), "ZipArchive: unsafe or empty path \(path.debugDescription)")
        precondition(!paths.contains(path), "ZipArchive: duplicate path \(path.debugDescription)")
        let name = Array(path.utf8)
        // Without ZIP64 every size and offset is a 32-bit field and every count a 16-bit one; 0xFFFF and
        // 0xFFFFFFFF themselves mean "see the ZIP64 record", so they are excluded too.
        precondition(name.count < 0xFFFF, "ZipArchive: path longer than 65,534 bytes")
        guard contents.count < maximumSize else { throw .needsZIP64("\(path) alone is 4 GiB or more") }
        guard paths.count + 1 < maximumFiles else { throw .needsZIP64("it would hold 65,535 files or more") }
        let offset = body.count
        let projected = offset + 30 + name.count + contents.count + centralDirectory.count + 46 + name.count
        guard projected < maximumSize else { throw .needsZIP64("it would be 4 GiB or more") }

        let crc = Self.crc32(contents)
        let (time, date) = Self.dosDateTime(modified)
        let size = UInt32(contents.count)

        // Local file header (APPNOTE §4.3.7).
        body.reserveCapacity(body.count + 30 + name.count + contents.count)
        Self.append32(0x0403_4B50, to: &body)
        Self.append16(Self.versionNeeded, to: &body)
        Self.append16(Self.utf8NamesFlag, to: &body)
        Self.append16(0, to: &body)  // method 0: stored
        Self.append16(time, to: &body)
        Self.append16(date, to: &body)
        Self.append32(crc, to: &body)
        Self.append32(size, to: &body)  // compressed size = size: stored
        Self.append32(size, to: &body)
        Self.append16(UInt16(name.count), to: &body)
        Self.append16(0, to: &body)  // extra field length
        body += name
        body += contents

        // Central directory file header (APPNOTE §4.3.12).
        Self.append32(0x0201_4B50, to: &centralDirectory)
        // Made by Unix (3) so that the external attributes below are read as a Unix mode.
        Self.append16(0x0300 | Self.versionNeeded, to: &centralDirectory)
        Self.append16(Self.versionNeeded, to: &centralDirectory)
        Self.append16(Self.utf8NamesFlag, to: &centralDirectory)
        Self.append16(0, to: &centralDirectory)
        Self.append16(time, to: &centralDirectory)
        Self.append16(date, to: &centralDirectory)
        Self.append32(crc, to: &centralDirectory)
        Self.append32(size, to: &centralDirectory)
        Self.append32(size, to: &centralDirectory)
        Self.append16(UInt16(name.count), to: &centralDirectory)
        Self.append16(0, to: &centralDirectory)  // extra field length
        Self.append16(0, to: &centralDirectory)  // file comment length
        Self.append16(0, to: &centralDirectory)  // disk number start
        Self.append16(0, to: &centralDirectory)  // internal attributes: binary
        // A regular file, rw-r--r--: unzip would otherwise create it with mode 0 or the umask's guess.
        Self.append32(0o100644 << 16, to: &centralDirectory)
        Self.append32(UInt32(offset), to: &centralDirectory)
        centralDirectory += name

        paths.insert(path)
    }

    /// Adds a text file, encoded as UTF-8 (no byte-order mark, which some readers show as a stray character).
    public mutating func add(path: String, text: String, modified: Date) throws(ZipArchiveError) {
        try add(path: path, contents: Array(text.utf8), modified: modified)
    }

    /// The whole archive: local headers + data, central directory, end-of-central-directory record.
    public func bytes() -> [UInt8] {
        var result = body
        result.reserveCapacity(body.count + centralDirectory.count + 22)
        result += centralDirectory
        // End of central directory record (APPNOTE §4.3.16); single disk, no archive comment.
        Self.append32(0x0605_4B50, to: &result)
        Self.append16(0, to: &result)  // number of this disk
        Self.append16(0, to: &result)  // disk where the central directory starts
        Self.append16(UInt16(paths.count), to: &result)  // entries on this disk
        Self.append16(UInt16(paths.count), to: &result)  // entries in total
        Self.append32(UInt32(centralDirectory.count), to: &result)
        Self.append32(UInt32(body.count), to: &result)  // offset of the central directory
        Self.append16(0, to: &result)  // comment length
        return result
    }

    // MARK: - Encoding details

    /// 2.0: the lowest version that knows directories in names and is what stored entries need (APPNOTE §4.4.3.2).
    private static let versionNeeded: UInt16 = 20
    /// General-purpose bit 11: name (and comment) are UTF-8 (APPNOTE appendix D).
    private static let utf8NamesFlag: UInt16 = 1 << 11

    /// Relative, "/"-separated, no empty, "." or ".." components and no backslash (which Windows tools treat as a
    /// separator): the names a reader can unpack without leaving the target folder.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0") else { return false }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The CRC-32 of IEEE 802.3 that ZIP uses (reflected, polynomial 0xEDB88320, initial and final XOR 0xFFFFFFFF).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        let table = crcTable
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The byte-at-a-time table: one lookup per byte instead of eight shift-and-xor steps.
    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    /// MS-DOS time and date fields of `date` in UTC (APPNOTE §4.4.6): two-second resolution, years 1980...2107.
    ///
    /// UTC, not the server's zone, so the same export is byte-identical wherever it is built; earlier dates
    /// clamp to 1980-01-01 00:00:00 and later ones to 2107-12-31 23:59:58, the range the fields can hold.
    static func dosDateTime(_ date: Date) -> (time: UInt16, date: UInt16) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let earliest: Int64 = 315_532_800  // 1980-01-01T00:00:00Z
        let latest: Int64 = 4_354_819_198  // 2107-12-31T23:59:58Z
        let clamped = min(max(seconds, earliest), latest)
        let date = LocalDate(dayNumber: Int(clamped / 86_400))
        let secondOfDay = clamped % 86_400
        let (year, month, day) = (date.year, date.month, date.day)
        let time = UInt16(secondOfDay / 3600) << 11 | UInt16(secondOfDay % 3600 / 60) << 5 | UInt16(secondOfDay % 60 / 2)
        let dosDate = UInt16(year - 1980) << 9 | UInt16(month) << 5 | UInt16(day)
        return (time, dosDate)
    }

    private static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }
}

/// Why an archive cannot take one more file.
public enum ZipArchiveError: Error, Sendable, Equatable {
    /// The file or the archive is past a plain ZIP's 32-bit sizes or 16-bit file count; says which.
    case needsZIP64(String)
}
