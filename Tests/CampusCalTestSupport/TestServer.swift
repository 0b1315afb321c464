import CampusCalAPI
import CampusCalApp
import CampusCalCore
import CampusCalSecurity
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

/// A real CampusCal server on a real SQLite file, reached over real HTTP on a loopback port.
///
/// bcrypt runs at cost 4 so that suites with hundreds of logins stay fast; the production cost
/// floor is tested separately (`ConfigurationTests`, `BcryptPasswordHasherTests`).
public struct TestServer: Sendable {
    public let directory: TemporaryDirectory
    public let clock: ManualClock
    public let services: CampusCalServices

    public init(
        directory: TemporaryDirectory = TemporaryDirectory(), clock: ManualClock = ManualClock(),
        configure: (inout CampusCalConfiguration) -> Void = { _ in }
    ) throws {
        var configuration = CampusCalConfiguration()
        configuration.databasePath = directory.file("campuscal.sqlite")
        configuration.host = "127.0.0.1"
        configuration.port = 0
        // The agreements the project ships, wherever the tests run from.
        configuration.agreementsDirectory = Self.repositoryRoot.appendingPathComponent("config/agreements").path
        // Plugins only where a test puts them (never a developer's ./data/plugins).
        configuration.pluginsDirectory = directory.file("plugins")
        // No web app unless a test asks for one (WebAppTests): `/` is then the plain home page.
        configuration.webDirectory = directory.file("web")
        configure(&configuration)
        self.directory = directory
        self.clock = clock
        self.services = try CampusCalServices(configuration: configuration, passwordHasher: BcryptPasswordHasher(cost: 4), clock: clock)
    }

    /// The checkout this test support was compiled from.
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Starts the server, runs `body` with a client, then shuts the server down gracefully.
    public func run<Value: Sendable>(_ body: @Sendable (APIClient) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "campuscal-test")
        logger.logLevel = .warning
        let application = CampusCalServer(services: services, logger: logger).makeApplication()
        return try await application.test(.live) { client in try await body(APIClient(client: client)) }
    }

    /// Marks the person's current email and text addresses confirmed, as typing back the codes
    /// sent there would (review L2: notices go only to confirmed addresses). For tests about
    /// what notices do; `AccountRecoveryTests` proves the codes themselves.
    public func confirmAddresses(of username: String) async throws {
        let user = try await services.accounts.user(username: username)
        for status in try await services.recovery.addresses(of: user.id) {
            guard let address = status.address else { continue }
            try await services.recovery.store.confirm(address, channel: status.channel, of: user.id, at: clock.now())
        }
    }

    /// Creates an account straight through the domain service (no HTTP), e.g. an admin.
    @discardableResult
    public func createUser(_ username: String, password: String = "Passw0rd!", role: Role = .student) async throws -> User {
        try await services.accounts.register(Registration(username: username, password: password, role: role))
    }
}

/// A thin JSON client over Hummingbird's live test client.
public struct APIClient: Sendable {
    let client: any TestClientProtocol

    /// The loopback port the live server listens on (for raw-socket clients such as event streams).
    public var port: Int? { client.port }

    /// The response of one request, with its body decoded as JSON when it is JSON.
    public struct Reply: Sendable {
        public let status: HTTPResponse.Status
        public let headers: HTTPFields
        public let body: Data

        /// The body as a JSON object (empty when it is not one).
        public var json: [String: Any] {
            ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:]
        }

        public func string(_ key: String) -> String? { json[key] as? String }

        /// The problem `code` of an error response (nil unless the response is problem+json).
        public var problemCode: String? {
            headers[.contentType] == "application/problem+json" ? string("code") : nil
        }

        /// `errors[].code` of a validation problem.
        public var issueCodes: [String] {
            ((json["errors"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
        }
    }

    public func request(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: Any? = nil, rawBody: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> Reply {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
        } else if let rawBody {
            body = ByteBuffer(string: rawBody)
        }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: body)
        return Reply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
    }

    /// Registers an account over HTTP; returns the reply.
    @discardableResult
    public func register(_ username: String, password: String = "Passw0rd!", extra: [String: Any] = [:]) async throws -> Reply {
        var body: [String: Any] = ["username": username, "password": password]
        body.merge(extra) { $1 }
        return try await request(.post, "/api/v1/auth/register", json: body)
    }

    public func login(_ username: String, password: String = "Passw0rd!") async throws -> Reply {
        try await request(.post, "/api/v1/auth/login", json: ["username": username, "password": password])
    }

    /// Logs in and returns the bearer token, failing the test when login fails.
    public func token(_ username: String, password: String = "Passw0rd!") async throws -> String {
        let reply = try await login(username, password: password)
        guard reply.status == .ok, let token = reply.string("token") else {
            throw TestFailure("login of \(username) failed: \(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
        }
        return token
    }
}

/// A failure in a test helper, with a description of what went wrong.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
