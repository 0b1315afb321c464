import ArgumentParser

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
        subcommands: [
            ServeCommand.self, MigrateCommand.self, BackupCommand.self, RestoreCommand.self, UserCommand.self, PluginCommand.self, ConfigCommand.self,
            PluginRunnerCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}
