import ArgumentParser
import CampusCalApp
import CampusCalStorage

/// `campuscal migrate`: apply pending schema migrations (serve also does this on start).
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Apply pending database migrations.")

    @OptionGroup var options: ConfigurationOptions

    @Flag(name: .long, help: "Only list pending migrations; change nothing.")
    var dryRun = false

    func run() throws {
        let configuration = try options.load()
        let services = try CampusCalServices(configuration: configuration, migrate: false)
        let pending = try services.database.pendingMigrations()
        if dryRun {
            print(pending.isEmpty ? "No pending migrations." : "Pending migrations:\n" + pending.map { "  \($0)" }.joined(separator: "\n"))
            return
        }
        let applied = try services.database.migrate()
        print(applied.isEmpty ? "Database \(configuration.databasePath) is up to date." : "Applied: \(applied.joined(separator: ", "))")
    }
}
