import ArgumentParser

/// `campus-simulator`: a campus for CampusCal's load, stress, capacity and soak runs (issue #11).
///
/// `seed` writes a campus straight into a new database; `renew-sessions` makes its sessions fresh
/// again before a run (they end after an hour idle, like real ones); `run` drives the server.
@main
struct CampusSimulator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "campus-simulator",
        abstract: "Seed a simulated campus into a CampusCal database and drive a realistic request mix at a server.",
        subcommands: [SeedCommand.self, RenewSessionsCommand.self, RunCommand.self])
}
