import ArgumentParser
import CampusCalApp

/// `campuscal config`: print the effective settings, secrets redacted.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Print the effective settings (secrets redacted).")

    @OptionGroup var options: ConfigurationOptions

    func run() throws {
        for line in try options.load().redactedDescription { print(line) }
    }
}
