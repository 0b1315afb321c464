import CampusCalCore
import Testing

@testable import CampusCalDirectory

/// The parts of a directory login that need no server: filter escaping, login-name forms, and
/// Active Directory's refusal sub-codes.
@Suite("Directory logins without a server: escaping, name forms, refusal codes")
struct LDAPFilterTests {
    @Test(arguments: [
        ("alice", "alice"), ("*", "\\2a"), (")(uid=*", "\\29\\28uid=\\2a"), ("a\\b", "a\\5cb"), ("nul\0l", "nul\\00l"), ("josé", "josé"),
        ("*)(|(objectClass=*)", "\\2a\\29\\28|\\28objectClass=\\2a\\29"),
    ])
    func specialCharactersAreEscapedAsRFC4515Says(_ input: String, _ expected: String) {
        #expect(LDAPFilter.escape(input) == expected)
    }

    @Test func theTemplateGetsTheEscapedName() {
        #expect(LDAPFilter.fill("(&(objectClass=person)(uid={username}))", username: "*") == "(&(objectClass=person)(uid=\\2a))")
    }

    @Test func everyFormOfALoginNameMeansTheAccount() {
        #expect(DirectoryLoginName.accountName("alice") == "alice")
        #expect(DirectoryLoginName.accountName("Alice@CAMPUS.TEST") == "alice")
        #expect(DirectoryLoginName.accountName("CAMPUS\\Alice") == "alice")
        #expect(DirectoryLoginName.accountName(" bob ") == "bob")
        #expect(DirectoryLoginName.accountName("@CAMPUS.TEST") == nil)
        #expect(DirectoryLoginName.accountName("CAMPUS\\") == nil)
    }

    @Test func activeDirectorySubCodesBecomeClearRefusals() {
        func refusal(_ data: String) -> DirectoryError {
            LDAPDirectory.refusal(
                LDAPFailure(
                    code: 49, message: "Invalid credentials",
                    diagnostic: "80090308: LdapErr: DSID-0C09042A, comment: AcceptSecurityContext error, \(data), v3839"))
        }
        #expect(refusal("data 52e") == .invalidCredentials)
        #expect(refusal("data 533") == .accountDisabled)
        #expect(refusal("data 532") == .passwordExpired)
        #expect(refusal("data 773") == .mustChangePassword)
        #expect(refusal("data 775") == .lockedOut)
        #expect(
            LDAPDirectory.refusal(LDAPFailure(code: -1, message: "Can't contact LDAP server", diagnostic: ""))
                == .unreachable("Can't contact LDAP server"))
    }
}
