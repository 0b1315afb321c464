import ArgumentParser
import CampusCalApp
import Foundation

/// The options every command shares to find its configuration and database.
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .long, help: "A TOML configuration file (default: config/campuscal.toml when present).")
    var config: String?

    @Option(name: .long, help: "The SQLite database file (setting database.path).")
    var database: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set any setting, e.g. --set auth.bcrypt_cost=13. Repeatable.", valueName: "key=value"))
    var settings: [String] = []

    /// The configuration with `extra` flag overrides (such as --port) applied on top.
    func load(extra: [String: String] = [:]) throws -> CampusCalConfiguration {
        var overrides: [String: String] = [:]
        for setting in settings {
            let (key, value) = try ConfigurationLoader.parseOverride(setting)
            overrides[key] = value
        }
        if let database { overrides["database.path"] = database }
        overrides.merge(extra) { $1 }
        do {
            return try ConfigurationLoader.load(file: config, overrides: overrides)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }
}
