import ArgumentParser
import CampusCalApp
import CampusCalStorage
import Foundation

/// `campuscal backup FILE`: a consistent copy of the database while the server runs.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to a new file while the server runs (SQLite's online backup: every write acknowledged before it began).")

    @OptionGroup var options: ConfigurationOptions

    @Argument(help: "The backup file to create (it must not exist).")
    var file: String

    func run() throws {
        let configuration = try options.load()
        guard FileManager.default.fileExists(atPath: configuration.databasePath) else {
            throw ValidationError("There is no database at \(configuration.databasePath) to back up.")
        }
        do {
            let database = try SQLiteDatabase(path: configuration.databasePath, migrate: false)
            let report = try SQLiteBackup.backup(database, to: file)
            print("Backed up \(configuration.databasePath) to \(file) (\(report.bytes) bytes, \(report.migrations.count) migrations, integrity ok).")
        } catch let failure as SQLiteBackup.Failure {
            throw ValidationError(failure.description)
        }
    }
}

/// `campuscal restore FILE`: the database replaced by a backup (server stopped).
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database with a backup (stop the server first); the current database is kept beside it.")

    @OptionGroup var options: ConfigurationOptions

    @Argument(help: "A file made by `campuscal backup`.")
    var file: String

    func run() throws {
        let configuration = try options.load()
        do {
            let (report, kept) = try SQLiteBackup.restore(from: file, to: configuration.databasePath)
            print("Restored \(configuration.databasePath) from \(file) (\(report.bytes) bytes, integrity ok).")
            if let kept { print("The database as it was is kept in \(kept).") }
            print("Start the server: it applies any migrations this version adds.")
        } catch let failure as SQLiteBackup.Failure {
            throw ValidationError(failure.description)
        }
    }
}
