import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Bad input gets a 4xx problem+json, never a 500, and changes nothing")
struct MalformedRequestTests {
    struct BadBody: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var contentType: String = "application/json"
        var status: Int
        var code: String
        var testDescription: String { name }
    }

    static let registrationBodies: [BadBody] = [
        BadBody(name: "not JSON", body: "{username: alice", status: 400, code: "malformed-body"),
        BadBody(name: "truncated JSON", body: #"{"username":"alice","password":"Passw0#,"#, status: 400, code: "malformed-body"),
        BadBody(name: "empty body", body: "", status: 400, code: "malformed-body"),
        BadBody(name: "array instead of object", body: #"["alice","Passw0rd!"]"#, status: 400, code: "malformed-body"),
        BadBody(name: "string instead of object", body: #""alice""#, status: 400, code: "malformed-body"),
        BadBody(name: "null", body: "null", status: 400, code: "malformed-body"),
        BadBody(name: "number for username", body: #"{"username":42,"password":"Passw0rd!"}"#, status: 400, code: "malformed-body"),
        BadBody(name: "null password", body: #"{"username":"alice","password":null}"#, status: 400, code: "malformed-body"),
        BadBody(name: "missing password", body: #"{"username":"alice"}"#, status: 400, code: "malformed-body"),
        BadBody(name: "object for email", body: #"{"username":"alice","password":"Passw0rd!","email":{}}"#, status: 400, code: "malformed-body"),
        BadBody(name: "unknown field", body: #"{"username":"alice","password":"Passw0rd!","role":"admin"}"#, status: 400, code: "unknown-field"),
        BadBody(name: "invalid UTF-8", body: "{\"username\":\"\u{FFFD}\u{0}\",\"password\":1}", status: 400, code: "malformed-body"),
        BadBody(
            name: "form-encoded", body: "username=alice&password=Passw0rd!", contentType: "application/x-www-form-urlencoded", status: 415,
            code: "unsupported-media-type"),
        BadBody(
            name: "deeply nested", body: String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000), status: 400,
            code: "malformed-body"),
    ]

    @Test(arguments: registrationBodies)
    func badRegistrationBodyIsAProblemAndCreatesNothing(_ bad: BadBody) async throws {
        let server = try TestServer()
        try await server.run { api in
            let reply = try await api.request(.post, "/api/v1/auth/register", rawBody: bad.body, headers: [.contentType: bad.contentType])
            #expect(Int(reply.status.code) == bad.status)
            #expect(reply.headers[.contentType] == "application/problem+json")
            #expect(reply.problemCode == bad.code)
            #expect(!(reply.string("detail") ?? "").isEmpty)
            #expect(reply.json["status"] as? Int == bad.status)
            #expect(reply.string("type") == "urn:campuscal:problem:\(bad.code)")
        }
        #expect(try await server.services.accounts.listUsers(after: nil, limit: 10).items.isEmpty)
    }

    @Test func wrongTypeNamesTheField() async throws {
        let server = try TestServer()
        try await server.run { api in
            let reply = try await api.request(.post, "/api/v1/auth/login", rawBody: #"{"username":["a"],"password":"x"}"#)
            #expect(reply.string("detail") == "Field 'username' has the wrong type: expected a string.")
            let missing = try await api.request(.post, "/api/v1/auth/login", rawBody: #"{"username":"a"}"#)
            #expect(missing.string("detail") == "Field 'password' is required.")
            let unknown = try await api.request(.post, "/api/v1/auth/login", rawBody: #"{"username":"a","password":"b","remember":true}"#)
            #expect(unknown.string("detail")?.hasPrefix("Unknown field 'remember'.") == true)
        }
    }

    @Test func oversizedBodyIsRefusedWith413() async throws {
        let server = try TestServer { $0.maxBodyBytes = 4096 }
        try await server.run { api in
            let huge = #"{"username":"alice","password":"Passw0rd!","displayName":""# + String(repeating: "x", count: 10_000) + #""}"#
            let reply = try await api.request(.post, "/api/v1/auth/register", rawBody: huge)
            #expect(reply.status == .contentTooLarge)
            #expect(reply.problemCode == "body-too-large")
        }
        #expect(try await server.services.accounts.listUsers(after: nil, limit: 10).items.isEmpty)
    }

    @Test func unknownPathIs404AndWrongMethodIs405() async throws {
        let server = try TestServer()
        try await server.run { api in
            let missing = try await api.request(.get, "/api/v1/nothing-here")
            #expect(missing.status == .notFound)
            #expect(missing.problemCode == "not-found")

            let wrongMethod = try await api.request(.put, "/api/v1/me")
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(wrongMethod.headers[.allow] == "GET, PATCH, DELETE")
            #expect(wrongMethod.problemCode == "method-not-allowed")

            let wrongOnParameterised = try await api.request(.put, "/api/v1/admin/users/abc")
            #expect(wrongOnParameterised.status == .methodNotAllowed)
            // A literal path beside a parameterised one (`/tasks/export.ics`, `/tasks/{id}`) lists its own
            // methods only, each once, as the router serves it.
            let literal = try await api.request(.delete, "/api/v1/tasks/export.ics")
            #expect(literal.status == .methodNotAllowed && literal.headers[.allow] == "GET")
        }
    }

    @Test func badQueryParametersAreProblems() async throws {
        let server = try TestServer()
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let admin = try await api.token("root")
            for limit in ["0", "201", "ten", "-1", "1e3", ""] {
                let reply = try await api.request(.get, "/api/v1/admin/users?limit=\(limit)", token: admin)
                #expect(reply.status == .badRequest, "limit=\(limit)")
                #expect(reply.problemCode == "invalid-parameter")
            }
        }
    }

    @Test func hostileHeadersAreHandled() async throws {
        let server = try TestServer()
        try await server.createUser("vera")
        try await server.run { api in
            let token = try await api.token("vera")
            let odd: [HTTPFields] = [
                [.authorization: "Bearer"],
                [.authorization: "Bearer " + String(repeating: "x", count: 4000)],
                [.authorization: "bearer    "],
            ]
            for headers in odd {
                let reply = try await api.request(.get, "/api/v1/me", headers: headers)
                #expect(reply.status == .unauthorized)
            }
            for ifMatch in ["garbage", "\"v\"", "W/\"vx\"", "\"v99999999999999999999\""] {
                let reply = try await api.request(.patch, "/api/v1/me", token: token, json: ["displayName": "V"], headers: [.ifMatch: ifMatch])
                #expect(reply.status == .preconditionFailed, "If-Match: \(ifMatch)")
            }
            #expect(try await api.request(.get, "/api/v1/me", token: token).string("displayName") == "vera")
        }
    }
}
