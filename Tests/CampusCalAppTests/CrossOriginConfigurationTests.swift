import CampusCalApp
import Testing

/// `server.cors_allowed_origins`: a TOML list or an environment variable, each item one exact origin;
/// anything that would open the API to every site stops the server at start-up.
@Suite("Configuration of CORS origins")
struct CrossOriginConfigurationTests {
    func load(_ text: String, environment: [String: String] = [:]) throws -> CampusCalConfiguration {
        try ConfigurationFile.load(text, environment: environment)
    }

    @Test func noOriginsAreAllowedByDefault() throws {
        #expect(try load("").corsAllowedOrigins.isEmpty)
        #expect(try load("[server]\ncors_allowed_origins = []\n").corsAllowedOrigins.isEmpty)
    }

    @Test func originsComeFromTheFileOrTheEnvironmentAsBrowsersSendThem() throws {
        let file = try load("[server]\ncors_allowed_origins = [\"https://App.Campus.edu/\", \"http://localhost:3000\"]\n")
        #expect(file.corsAllowedOrigins == ["https://app.campus.edu", "http://localhost:3000"])
        let environment = try load("", environment: ["CAMPUSCAL_SERVER_CORS_ALLOWED_ORIGINS": "https://a.campus.edu, https://b.campus.edu"])
        #expect(environment.corsAllowedOrigins == ["https://a.campus.edu", "https://b.campus.edu"])
    }

    @Test func aWildcardOrAPathIsRefusedAtStartUp() {
        for bad in ["*", "https://*.campus.edu", "null", "https://app.campus.edu/calendar", "app.campus.edu", "ftp://app.campus.edu"] {
            #expect(throws: (any Error).self, "\(bad)") {
                try load("", environment: ["CAMPUSCAL_SERVER_CORS_ALLOWED_ORIGINS": bad])
            }
        }
    }
}
