import ArgumentParser
import CampusCalApp
import CampusCalCore
import Foundation

/// `campuscal user …`: account administration from the server's shell (e.g. the first admin).
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage local accounts.",
        subcommands: [Add.self, List.self, SetRole.self, Unlock.self, ResetPassword.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an account (use --role admin for the first administrator).")
        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The login name.") var username: String
        @Option(help: "student, faculty or admin.") var role: String = "student"
        @Option(help: "The name shown to others (default: the username).") var displayName: String?
        @Option(help: "Email address.") var email: String?
        @Flag(help: "Read the password from the first line of standard input instead of prompting.") var passwordStdin = false

        func run() async throws {
            let services = try CampusCalServices(configuration: options.load())
            let password = try PasswordInput.read(fromStandardInput: passwordStdin)
            let user = try await report {
                try await services.accounts.register(
                    Registration(username: username, password: password, displayName: displayName, email: email, role: try parseRole(role)))
            }
            print("Created \(user.role.rawValue) '\(user.username)' (id \(user.id)).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts, ordered by username.")
        @OptionGroup var options: ConfigurationOptions

        func run() async throws {
            let services = try CampusCalServices(configuration: options.load())
            var cursor: String?
            print("USERNAME".padding(toLength: 33, withPad: " ", startingAt: 0) + "ROLE     ID")
            repeat {
                let page = try await services.accounts.listUsers(after: cursor, limit: PageSize.maximum)
                for user in page.items {
                    print(
                        user.username.padding(toLength: 33, withPad: " ", startingAt: 0)
                            + user.role.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + user.id.rawValue)
                }
                cursor = page.nextCursor
            } while cursor != nil
        }
    }

    struct SetRole: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-role", abstract: "Change an account's role; ends its sessions.")
        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The login name.") var username: String
        @Argument(help: "student, faculty or admin.") var role: String

        func run() async throws {
            let services = try CampusCalServices(configuration: options.load())
            let newRole = try parseRole(role)
            let user = try await report {
                try await services.accounts.setRole(of: try await services.accounts.user(username: username).id, to: newRole)
            }
            print("'\(user.username)' is now \(user.role.rawValue).")
        }
    }

    struct Unlock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Lift a login lock after too many failed logins.")
        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The login name.") var username: String

        func run() async throws {
            let services = try CampusCalServices(configuration: options.load())
            try await report { try await services.accounts.unlock(username: username) }
            print("Unlocked '\(Username.normalize(username))'.")
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password", abstract: "Set a new password; unlocks the account and ends its sessions.")
        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The login name.") var username: String
        @Flag(help: "Read the password from the first line of standard input instead of prompting.") var passwordStdin = false

        func run() async throws {
            let services = try CampusCalServices(configuration: options.load())
            let password = try PasswordInput.read(fromStandardInput: passwordStdin)
            try await report {
                try await services.accounts.resetPassword(of: try await services.accounts.user(username: username).id, to: password)
            }
            print("Password of '\(Username.normalize(username))' reset; the account is unlocked and its sessions ended.")
        }
    }
}

private func parseRole(_ text: String) throws -> Role {
    guard let role = Role(rawValue: text.lowercased()) else {
        throw ValidationError("Unknown role '\(text)'; use student, faculty or admin.")
    }
    return role
}

/// Runs an account operation and turns domain errors into command-line messages.
private func report<T>(_ operation: () async throws -> T) async throws -> T {
    do {
        return try await operation()
    } catch let error as CampusCalCore.ValidationError {
        throw ValidationError("Refused: " + error.summary)
    } catch AccountError.usernameTaken(let name) {
        throw ValidationError("The username '\(name)' is already taken.")
    } catch AccountError.userNotFound {
        throw ValidationError("No such user.")
    } catch AccountError.forbidden(let why) {
        throw ValidationError(why)
    }
}

/// Reads a new password without putting it on the command line (where `ps` would show it).
enum PasswordInput {
    static func read(fromStandardInput: Bool) throws -> String {
        if fromStandardInput {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw ValidationError("Expected the password on the first line of standard input.")
            }
            return line
        }
        guard let first = getpass("Password: ").map({ String(cString: $0) }), !first.isEmpty else {
            throw ValidationError("No password given.")
        }
        guard let second = getpass("Repeat password: ").map({ String(cString: $0) }), second == first else {
            throw ValidationError("The passwords do not match.")
        }
        return first
    }
}
