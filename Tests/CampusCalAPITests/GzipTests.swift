import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalAPI

@Suite("gzip for cached views")
struct GzipTests {
    @Test func acceptEncodingIsRead() {
        #expect(Gzip.isAccepted(by: "gzip, deflate, br"))
        #expect(Gzip.isAccepted(by: "br;q=1.0, gzip;q=0.8, *;q=0.1"))
        #expect(Gzip.isAccepted(by: "*"))
        #expect(!Gzip.isAccepted(by: "gzip;q=0"))
        #expect(!Gzip.isAccepted(by: "gzip; q=0.000, identity"))
        #expect(!Gzip.isAccepted(by: "identity"))
        #expect(!Gzip.isAccepted(by: nil))
    }

    @Test func roundTripsAndRefusesGarbage() throws {
        let text = Array(String(repeating: "{\"title\":\"CS 101 — Zoë\"},", count: 2000).utf8)
        let compressed = try #require(Gzip.compress(text))
        #expect(compressed.count < text.count / 10)
        #expect(compressed.prefix(2) == [0x1f, 0x8b])
        #expect(Gzip.decompress(compressed) == text)
        #expect(Gzip.decompress(Array("not gzip".utf8)) == nil)
        #expect(Gzip.decompress(compressed, limit: 1000) == nil)
    }

    @Test func aViewIsSentGzippedToClientsThatAcceptIt() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("gus")
            let token = try await api.token("gus")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "C"]).string("id"))
            _ = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: ["title": "Lab", "start": ["dateTime": "2026-11-02T13:00:00Z"], "recurrenceRule": "FREQ=DAILY"])
            let path = "/api/v1/calendars/\(calendar)/events?from=2026-11-01&to=2026-12-01"
            let plain = try await api.request(.get, path, token: token)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[.vary] == "Accept-Encoding")
            for _ in 0..<2 {
                let zipped = try await api.request(.get, path, token: token, headers: [.acceptEncoding: "gzip, deflate"])
                #expect(zipped.headers[.contentEncoding] == "gzip")
                #expect(zipped.headers[.eTag] == plain.headers[.eTag])
                #expect(zipped.body.count < plain.body.count / 4)
                #expect(Gzip.decompress(Array(zipped.body)) == Array(plain.body))
            }
            let refused = try await api.request(.get, path, token: token, headers: [.acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)
            #expect(refused.body == plain.body)
        }
    }
}
