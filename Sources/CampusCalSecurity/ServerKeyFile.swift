import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The file that holds the server's own keys — the LMS credential sealing keys and the record-code
/// key — apart from the database, so that a copy of the database (or a backup) alone holds no key
/// (review M8). It must be backed up too, but separately from the database's backups.
///
/// A text file, one `name = base64` line per key, `#` comments:
///
///     format = 1
///     record-code = <32 bytes, base64>
///     sealing = <32 bytes, base64>              (the current sealing key)
///     retired-sealing = <32 bytes, base64>      (earlier keys, kept so older values and backups open)
///
/// It is made with mode 0600 from the start (`open(O_CREAT | O_EXCL, 0600)` on a temporary name,
/// flushed, then linked into place, so a reader never sees half a file and two processes starting
/// at once cannot both make one), and a file others can read or write is refused.
public struct ServerKeyFile: Equatable, Sendable {
    public var recordCodeKey: [UInt8]
    /// The key that seals from now on.
    public var sealingKey: [UInt8]
    /// Earlier sealing keys, newest first: they only open.
    public var retiredSealingKeys: [[UInt8]]

    public init(recordCodeKey: [UInt8], sealingKey: [UInt8], retiredSealingKeys: [[UInt8]] = []) {
        self.recordCodeKey = recordCodeKey
        self.sealingKey = sealingKey
        self.retiredSealingKeys = retiredSealingKeys
    }

    /// Why the key file cannot be used; the message names the file and what to do.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// A fresh random 32-byte key (swift-crypto's `SymmetricKey`, from the system's random source).
    public static func newKey() -> [UInt8] {
        SymmetricKey(size: .bits256).withUnsafeBytes { [UInt8]($0) }
    }

    /// Fresh random keys throughout.
    public static func fresh() -> ServerKeyFile {
        ServerKeyFile(recordCodeKey: newKey(), sealingKey: newKey())
    }

    // MARK: Text

    /// The file's text.
    public var text: String {
        var lines = [
            "# CampusCal's keys: LMS credentials are sealed with `sealing`, record codes are keyed with `record-code`.",
            "# Keep this file mode 0600, back it up, and keep its backups apart from the database's:",
            "# the database and its backups are useless to a thief without it, and LMS sign-ins are lost without it.",
            "# Rotate the sealing key with `campuscal keys rotate-sealing` (server stopped).",
            "format = 1",
            "record-code = \(Data(recordCodeKey).base64EncodedString())",
            "# key id \(SealingKeyring.keyIDText(of: sealingKey))",
            "sealing = \(Data(sealingKey).base64EncodedString())",
        ]
        for key in retiredSealingKeys {
            lines.append("# key id \(SealingKeyring.keyIDText(of: key)), retired: opens values sealed before a rotation (and older backups)")
            lines.append("retired-sealing = \(Data(key).base64EncodedString())")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses the text of the file at `path` (named in errors).
    public static func parse(_ text: String, path: String) throws -> ServerKeyFile {
        var format: String?
        var recordCode: [UInt8]?
        var sealing: [UInt8]?
        var retired: [[UInt8]] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw Problem(description: "\(path):\(number + 1): expected `name = value`")
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            func key() throws -> [UInt8] {
                guard let data = Data(base64Encoded: value), data.count == 32 else {
                    throw Problem(description: "\(path):\(number + 1): \(name) must be 32 bytes in base64")
                }
                return [UInt8](data)
            }
            switch name {
            case "format": format = value
            case "record-code": recordCode = try key()
            case "sealing": sealing = try key()
            case "retired-sealing": retired.append(try key())
            default: throw Problem(description: "\(path):\(number + 1): unknown entry '\(name)'")
            }
        }
        guard format == "1" else { throw Problem(description: "\(path): expected `format = 1` (a key file of another CampusCal version?)") }
        guard let recordCode, let sealing else {
            throw Problem(description: "\(path): lacks \(recordCode == nil ? "record-code" : "sealing"); restore the file from its backup")
        }
        return ServerKeyFile(recordCodeKey: recordCode, sealingKey: sealing, retiredSealingKeys: retired)
    }

    // MARK: Files

    /// The keys in the file at `path`, or nil when there is none. Refuses a file that its group or
    /// others may read or write.
    public static func read(_ path: String) throws -> ServerKeyFile? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw Problem(description: "cannot read the key file \(path): \(String(cString: strerror(errno)))")
        }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw Problem(
                description:
                    "the key file \(path) is readable or writable by others (mode \(String(mode, radix: 8))): run `chmod 600 \(path)`, and ask who may have copied it (if anyone did, rotate: `campuscal keys rotate-sealing`)"
            )
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Problem(description: "cannot read the key file \(path): \(error.localizedDescription)")
        }
        return try parse(text, path: path)
    }

    /// Writes these keys to `path`, which must not exist; returns false (writing nothing) when it
    /// does — another process made it first, and its keys are the ones to use.
    public func create(at path: String) throws -> Bool {
        let temporary = try writeTemporary(beside: path)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw Problem(description: "cannot create the key file \(path): \(String(cString: strerror(errno)))")
        }
        try Self.flushDirectory(of: path)
        return true
    }

    /// Replaces the file at `path` with these keys, atomically (a crash leaves the old file or the new one).
    public func replace(at path: String) throws {
        let temporary = try writeTemporary(beside: path)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Problem(description: "cannot replace the key file \(path): \(reason)")
        }
        try Self.flushDirectory(of: path)
    }

    /// The text in a new file beside `path`, mode 0600 from its creation, flushed to disk.
    private func writeTemporary(beside path: String) throws -> String {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw Problem(description: "cannot create the directory of the key file \(path): \(error.localizedDescription)")
            }
        }
        let temporary = "\(path).new-\(getpid())"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Problem(description: "cannot create \(temporary) for the key file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else {
            unlink(temporary)
            throw Problem(description: "cannot write the key file \(temporary): \(String(cString: strerror(errno)))")
        }
        return temporary
    }

    /// The directory's entry for the file on disk too, so that the file survives a power cut.
    private static func flushDirectory(of path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw Problem(description: "cannot flush the directory of the key file \(path): \(String(cString: strerror(errno)))")
        }
    }
}
