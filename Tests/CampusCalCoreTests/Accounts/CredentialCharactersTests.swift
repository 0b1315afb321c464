import CampusCalCore
import Testing

/// Review L4: control characters never reach bcrypt (which reads a C string) nor a login name.
@Suite("Control characters in credentials")
struct CredentialCharactersTests {
    @Test(arguments: ["\u{0}Abcdefg1", "Abc\u{0}defg1", "Abcdefg1\u{7F}", "Abc\tdefg1", "Abc\ndefg1", "Abc\u{1B}defg1"])
    func passwordsWithControlCharactersAreRefused(_ password: String) {
        #expect(PasswordPolicy.issues(for: password).map(\.code).contains("password.control-characters"))
    }

    @Test func theIssueNamesTheCodePoint() {
        let issue = PasswordPolicy.issues(for: "\u{0}Abcdefg1").first { $0.code == "password.control-characters" }
        #expect(issue?.message.contains("U+0000") == true)
    }

    @Test(arguments: ["Correct Horse 1", "ÉCOLE2026x", "Pässwörd1€"])
    func ordinaryPasswordsStayAcceptable(_ password: String) {
        #expect(PasswordPolicy.issues(for: password).isEmpty)
    }

    @Test(arguments: ["ali\u{0}ce", "alice\u{7F}", "ali\u{85}ce", "ali\u{200B}ce", "ali\u{202E}ce", "ali\u{AD}ce"])
    func namesWithControlOrFormatCharactersAreRefused(_ name: String) {
        let codes = Username.issues(for: name).map(\.code)
        #expect(codes.contains("username.control-characters"))
        #expect(!codes.contains("username.characters"), "named once, by code point")
        #expect(DirectoryLoginName.accountName(name) == nil)
        #expect(DirectoryLoginName.accountName("CAMPUS\\" + name) == nil)
    }
}
