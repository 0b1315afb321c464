import ArgumentParser
import CampusCalApp
import CampusCalStorage
import Foundation

/// `campuscal keys …`: the server's keys (the key file, `security.key_file`).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Manage the server's keys (the key file).", subcommands: [RotateSealing.self])

    /// `campuscal keys rotate-sealing`: a new key for LMS credentials, every credential re-sealed.
    struct RotateSealing: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate-sealing",
            abstract: "Make a new sealing key and re-seal every LMS credential with it (stop the server first).",
            discussion: """
                The old key stays in the key file, retired: it opens nothing in the database any more, \
                but backups made before the rotation still need it. Back up the key file again afterwards.
                """)

        @OptionGroup var options: ConfigurationOptions

        func run() throws {
            let configuration = try options.load()
            guard FileManager.default.fileExists(atPath: configuration.databasePath) else {
                throw ValidationError("There is no database at \(configuration.databasePath).")
            }
            // A running server keeps the old key in memory and would seal with it again: refuse under one.
            let lock: ServerLock
            do {
                lock = try ServerLock(databasePath: configuration.databasePath)
            } catch let held as ServerLock.Held {
                throw ValidationError(held.description + " Nothing was rotated.")
            }
            defer { withExtendedLifetime(lock) {} }
            do {
                let database = try SQLiteDatabase(path: configuration.databasePath)
                let rotation = try ServerKeys.rotateSealingKey(configuration: configuration, database: database)
                print("New sealing key \(rotation.newKeyID) in \(rotation.keyFile) (it replaces \(rotation.oldKeyID)).")
                print("Re-sealed \(rotation.resealed) of \(rotation.total) LMS credentials with it.")
                print(
                    "Kept for opening backups made before now, retired: \(rotation.retiredKeyIDs.joined(separator: ", ")). Back up \(rotation.keyFile) again, apart from the database's backups."
                )
            } catch let error as ConfigurationError {
                throw ValidationError(error.description)
            }
        }
    }
}
