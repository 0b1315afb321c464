import CampusCalApp
import CampusCalTestSupport
import Foundation

/// A configuration file's text loaded as the server loads it, with an environment of the test's choosing.
enum ConfigurationFile {
    static func load(_ text: String, environment: [String: String] = [:]) throws -> CampusCalConfiguration {
        let directory = TemporaryDirectory()
        let path = directory.file("campuscal.toml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try ConfigurationLoader.load(file: path, environment: environment)
    }
}
