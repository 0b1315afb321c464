import ArgumentParser
import CampusCalCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `campuscal`: the server and its administration commands.
@main
struct CampusCalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "campuscal",
        abstract: "CampusCal — a calendar server for university students.",
        discussion: """
            Settings come from config/campuscal.toml (or --config FILE), then CAMPUSCAL_… environment \
            variables, then flags; later sources win. Run `campuscal config` to see the effective settings.
            """,
        version: CampusCalVersion.current,
        subcommands: [
            ServeCommand.self, MigrateCommand.self, BackupCommand.self, RestoreCommand.self, KeysCommand.self, UserCommand.self, PluginCommand.self,
            ConfigCommand.self,
            PluginRunnerCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )

    /// Everything this process creates — the database, its WAL, backups, the key file, logs — is
    /// its user's alone (issue #25, review M8): the umask is set before any command runs. The
    /// files that hold data are also created 0600 explicitly, so that holds when CampusCal is
    /// embedded in another program too.
    static func main() async {
        umask(0o077)
        await main(nil)
    }
}
