import Testing

@testable import CampusCalImporters

/// Next-page links travel with the student's bearer token: they are followed on the connection's
/// own origin only.
@Suite("Next-page links are followed on the LMS's own origin only")
struct SameOriginTests {
    @Test func theSameSchemeHostAndPortAreTheSameOrigin() {
        #expect(LMSHTTPClient.sameOrigin("https://byui.instructure.com/api/v1/x?page=2", "https://BYUI.instructure.com"))
        #expect(LMSHTTPClient.sameOrigin("https://byui.instructure.com:443/api/v1/x", "https://byui.instructure.com"))
        #expect(LMSHTTPClient.sameOrigin("http://127.0.0.1:8123/d2l/api", "http://127.0.0.1:8123"))
    }

    @Test func anotherHostPortOrSchemeIsNot() {
        #expect(!LMSHTTPClient.sameOrigin("https://collector.example/api/v1/x?page=2", "https://byui.instructure.com"))
        #expect(!LMSHTTPClient.sameOrigin("http://byui.instructure.com/api/v1/x", "https://byui.instructure.com"))
        #expect(!LMSHTTPClient.sameOrigin("https://byui.instructure.com:8443/api/v1/x", "https://byui.instructure.com"))
        #expect(!LMSHTTPClient.sameOrigin("https://byui.instructure.com.evil.example/x", "https://byui.instructure.com"))
        #expect(!LMSHTTPClient.sameOrigin("not a url at all", "https://byui.instructure.com"))
    }
}
