import CampusCalCore
import Testing

@Suite("Username rules")
struct UsernameTests {
    @Test(arguments: ["abc", "Alice", "a.b_c-d", "x" + String(repeating: "1", count: 31)])
    func acceptable(_ name: String) {
        #expect(Username.issues(for: name).isEmpty)
    }

    @Test func invalidCharactersAreEachNamedOnce() {
        let issues = Username.issues(for: "a b!!c")
        #expect(issues.map(\.code) == ["username.characters"])
        #expect(issues[0].message.contains("space, '!'"))
    }

    @Test func normalisationTrimsAndLowercases() {
        #expect(Username.normalize("  MiXeD.Case ") == "mixed.case")
    }

    @Test func everyBrokenRuleIsReported() {
        #expect(Username.issues(for: "9!").map(\.code) == ["username.length", "username.characters", "username.start"])
    }
}

@Suite("Password policy")
struct PasswordPolicyTests {
    @Test func goodPasswordPasses() {
        #expect(PasswordPolicy.issues(for: "Correct1Horse").isEmpty)
    }

    @Test func uppercaseAndDigitMayBeNonASCII() {
        #expect(PasswordPolicy.issues(for: "ÉCOLE2026x").isEmpty)
    }

    @Test func exactlyEightCharactersIsEnough() {
        #expect(PasswordPolicy.issues(for: "Abcdef12").isEmpty)
        #expect(PasswordPolicy.issues(for: "Abcde12").map(\.code) == ["password.length"])
    }

    @Test func seventyTwoBytesIsTheLimit() {
        #expect(PasswordPolicy.issues(for: "A1" + String(repeating: "z", count: 70)).isEmpty)
        #expect(PasswordPolicy.issues(for: "A1" + String(repeating: "é", count: 36)).map(\.code) == ["password.too-long"])
    }

    @Test func fieldNameIsCarried() {
        #expect(PasswordPolicy.issues(for: "x", field: "newPassword").allSatisfy { $0.field == "newPassword" })
    }
}

@Suite("Profile rules")
struct ProfileRulesTests {
    @Test(arguments: ["2085550101", "+1 (208) 555-0101", "208.555.0101", "+44 20 7946 0958"])
    func acceptablePhones(_ phone: String) { #expect(ProfileRules.phoneIssues(phone).isEmpty) }

    @Test(arguments: ["555-0101", "phone", "208-555-0101 ext 5", "1234567890123456"])
    func refusedPhones(_ phone: String) { #expect(!ProfileRules.phoneIssues(phone).isEmpty) }

    @Test(arguments: ["a@b.edu", "first.last+tag@mail.example.edu"])
    func acceptableEmails(_ email: String) { #expect(ProfileRules.emailIssues(email).isEmpty) }

    @Test(arguments: ["plain", "a@b", "@b.edu", "a b@c.edu", "a@b.", "a@@b.edu"])
    func refusedEmails(_ email: String) { #expect(!ProfileRules.emailIssues(email).isEmpty) }

    @Test func timeZonesAreIANANames() {
        #expect(ProfileRules.timeZoneIssues("America/Denver").isEmpty)
        #expect(ProfileRules.timeZoneIssues("UTC").isEmpty)
        #expect(!ProfileRules.timeZoneIssues("Mountain Time").isEmpty)
    }
}

@Suite("Username rules: characters are checked as typed")
struct UsernameAsTypedTests {
    @Test func caseFoldingCannotSmuggleInANonASCIILetter() {
        // U+212A KELVIN SIGN lower-cases to ASCII "k".
        #expect(Username.issues(for: "\u{212A}ab4").map(\.code).contains("username.characters"))
    }

    @Test func surroundingSpacesAreNamed() {
        #expect(Username.issues(for: " abc3 ").first?.message.contains("space") == true)
    }
}
