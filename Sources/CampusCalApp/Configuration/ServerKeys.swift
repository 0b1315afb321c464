import CampusCalSecurity
import CampusCalStorage
import Foundation
import Logging

/// The server's keys — the LMS credential sealing keys and the record-code key — read at start-up
/// from the key file (`security.key_file`), or from the environment, never from the database
/// (issue #25, review M8): a copy of the database or of a backup alone holds no key.
///
/// `CAMPUSCAL_SECURITY_SEALING_KEY` and `CAMPUSCAL_SECURITY_RECORD_CODE_KEY` (32 bytes, base64)
/// win over the file when set. They are read from the environment only, never from the settings
/// file or `--set` (where files and `ps` would show them); isolated plugins' runners do not inherit
/// `CAMPUSCAL_…` variables. A sealing key from the environment seals; the file's sealing keys, if
/// there is a file, still open what they sealed.
///
/// Installations from before the key file kept both keys in the table `serverSecret`. On the first
/// start without a key file they are written to a new key file (flushed to disk) and only then
/// deleted from the database, so that every sealed credential and every record code stays valid;
/// a crash in between leaves both, and the next start finishes the move. This is start-up code,
/// not a dated migration, because it writes a file beside the database.
public struct ServerKeys: Sendable {
    /// Seals with the current key, opens with any known one.
    public let sealing: SealingKeyring
    /// The key of de-identified record codes (HMAC).
    public let recordCodeKey: [UInt8]
    /// The key file in use (it may not exist when both keys come from the environment).
    public let keyFile: String

    public static let sealingKeyVariable = "CAMPUSCAL_SECURITY_SEALING_KEY"
    public static let recordCodeKeyVariable = "CAMPUSCAL_SECURITY_RECORD_CODE_KEY"
    /// The names the keys had in `serverSecret`.
    static let legacySealingName = "lms-credentials"
    static let legacyRecordCodeName = "record-codes"

    /// `security.key_file`, or `campuscal.keys` beside the database when that is empty (the default:
    /// `data/campuscal.keys`). Beside the database, but a file of its own: backups copy the
    /// database only.
    public static func keyFilePath(_ configuration: CampusCalConfiguration) -> String {
        guard configuration.keyFile.isEmpty else { return configuration.keyFile }
        return ((configuration.databasePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("campuscal.keys")
    }

    /// Reads (or on first start makes) the keys for `database`, moving any left in the database into the key file.
    public static func load(
        configuration: CampusCalConfiguration, database: SQLiteDatabase,
        environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger = Logger(label: "campuscal.keys")
    ) throws -> ServerKeys {
        let path = keyFilePath(configuration)
        let sealingFromEnvironment = try environmentKey(sealingKeyVariable, environment)
        let recordCodeFromEnvironment = try environmentKey(recordCodeKeyVariable, environment)
        let secrets = SQLiteServerSecrets(database: database)
        let legacy = try secrets.legacySecrets()
        var file = try readKeyFile(path)
        if file == nil && (!legacy.isEmpty || sealingFromEnvironment == nil || recordCodeFromEnvironment == nil) {
            let made = ServerKeyFile(
                recordCodeKey: legacy[legacyRecordCodeName] ?? ServerKeyFile.newKey(),
                sealingKey: legacy[legacySealingName] ?? ServerKeyFile.newKey())
            if try createKeyFile(made, path) {
                file = made
                if legacy.isEmpty {
                    logger.info("made the key file with fresh keys; back it up, apart from the database's backups", metadata: ["path": "\(path)"])
                }
            } else {
                // Another CampusCal process (a CLI command beside the server) made it a moment ago.
                file = try readKeyFile(path)
            }
        }
        if !legacy.isEmpty, var held = file {
            held = try adopt(legacy, into: held, path: path, logger: logger)
            file = held
            // The file holds them and is on disk: only now may the database forget them.
            try secrets.deleteLegacySecrets(legacy)
            logger.notice(
                "moved the server's keys out of the database (table serverSecret) into the key file; back it up, apart from the database's backups",
                metadata: ["path": "\(path)", "keys": "\(legacy.keys.sorted().joined(separator: ", "))"])
        }
        let fileSealingKeys = file.map { [$0.sealingKey] + $0.retiredSealingKeys } ?? []
        let sealing: SealingKeyring
        do {
            if let sealingFromEnvironment {
                sealing = try SealingKeyring(current: sealingFromEnvironment, retired: fileSealingKeys.filter { $0 != sealingFromEnvironment })
            } else {
                sealing = try SealingKeyring(current: fileSealingKeys[0], retired: Array(fileSealingKeys.dropFirst()))
            }
        } catch {
            throw ConfigurationError(description: "\(path): \(error)")
        }
        // Non-nil: without both variables, the file exists or was made above.
        guard let recordCodeKey = recordCodeFromEnvironment ?? file?.recordCodeKey else {
            throw ConfigurationError(description: "\(path): no record-code key")
        }
        return ServerKeys(sealing: sealing, recordCodeKey: recordCodeKey, keyFile: path)
    }

    /// What `campuscal keys rotate-sealing` did.
    public struct Rotation: Sendable {
        public var keyFile: String
        public var oldKeyID: String
        public var newKeyID: String
        /// Sealed values re-sealed under the new key, and how many there are.
        public var resealed: Int
        public var total: Int
        /// Earlier keys the file keeps for reading older backups.
        public var retiredKeyIDs: [String]
    }

    /// A new sealing key: written to the key file (the old one kept there, retired), then every
    /// sealed value in the database re-sealed under it in one transaction. The caller holds the
    /// server lock. A crash between the two steps leaves values sealed under the old key, which the
    /// file still holds: everything opens, and running it again finishes the job.
    public static func rotateSealingKey(
        configuration: CampusCalConfiguration, database: SQLiteDatabase,
        environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger = Logger(label: "campuscal.keys")
    ) throws -> Rotation {
        guard environment[sealingKeyVariable] == nil else {
            throw ConfigurationError(
                description:
                    "The sealing key comes from \(sealingKeyVariable), which CampusCal cannot change. Rotate it where it is kept: unset it, run `campuscal keys rotate-sealing` (it rotates the key file's key, with the old one kept for reading), or keep using the variable."
            )
        }
        _ = try load(configuration: configuration, database: database, environment: environment, logger: logger)
        let path = keyFilePath(configuration)
        guard let old = try readKeyFile(path) else { throw ConfigurationError(description: "\(path): the key file disappeared") }
        let retired = [old.sealingKey] + old.retiredSealingKeys
        let rotated = ServerKeyFile(recordCodeKey: old.recordCodeKey, sealingKey: ServerKeyFile.newKey(), retiredSealingKeys: retired)
        do {
            try rotated.replace(at: path)
        } catch let problem as ServerKeyFile.Problem {
            throw ConfigurationError(description: problem.description)
        }
        let keyring = try SealingKeyring(current: rotated.sealingKey, retired: retired)
        let counts = try SQLiteServerSecrets(database: database).resealAll { sealed in
            keyring.isSealedWithCurrentKey(sealed) ? nil : try keyring.seal(try keyring.open(sealed))
        }
        return Rotation(
            keyFile: path, oldKeyID: SealingKeyring.keyIDText(of: old.sealingKey), newKeyID: SealingKeyring.keyIDText(of: rotated.sealingKey),
            resealed: counts.changed, total: counts.total, retiredKeyIDs: retired.map(SealingKeyring.keyIDText(of:)))
    }

    /// The keys `legacy` (from `serverSecret`) added to the key file `held` when it lacks them: a
    /// sealing key as a retired one (credentials sealed under it keep opening). Two different
    /// record-code keys cannot both be kept (record codes would change), so that stops the server.
    private static func adopt(_ legacy: [String: [UInt8]], into held: ServerKeyFile, path: String, logger: Logger) throws -> ServerKeyFile {
        var held = held
        if let recordCode = legacy[legacyRecordCodeName], recordCode != held.recordCodeKey {
            throw ConfigurationError(
                description:
                    "The database holds a record-code key (table serverSecret, from before the key file) that differs from the one in \(path). Was a backup from another installation restored, or the key file replaced? Put back the key file that belongs to this database; nothing was changed."
            )
        }
        if let sealingKey = legacy[legacySealingName], sealingKey != held.sealingKey, !held.retiredSealingKeys.contains(sealingKey) {
            held.retiredSealingKeys.append(sealingKey)
            do {
                try held.replace(at: path)
            } catch let problem as ServerKeyFile.Problem {
                throw ConfigurationError(description: problem.description)
            }
            logger.notice("kept the database's older sealing key in the key file, retired", metadata: ["path": "\(path)"])
        }
        return held
    }

    private static func environmentKey(_ name: String, _ environment: [String: String]) throws -> [UInt8]? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), data.count == 32 else {
            throw ConfigurationError(description: "\(name) must be 32 bytes in base64 (make one with `openssl rand -base64 32`).")
        }
        return [UInt8](data)
    }

    private static func readKeyFile(_ path: String) throws -> ServerKeyFile? {
        do {
            return try ServerKeyFile.read(path)
        } catch let problem as ServerKeyFile.Problem {
            throw ConfigurationError(description: "security.key_file: \(problem.description)")
        }
    }

    private static func createKeyFile(_ keys: ServerKeyFile, _ path: String) throws -> Bool {
        do {
            return try keys.create(at: path)
        } catch let problem as ServerKeyFile.Problem {
            throw ConfigurationError(description: "security.key_file: \(problem.description)")
        }
    }
}
