import CampusCalCore
import Testing

/// The pure rules behind reviews M3 and M4.
@Suite("Identity rules: registration and realms")
struct IdentityRulesTests {
    @Test func autoRegistrationIsOpenOnlyWithoutDirectories() {
        #expect(RegistrationPolicy.auto.isOpen(withDirectories: false))
        #expect(!RegistrationPolicy.auto.isOpen(withDirectories: true))
        #expect(RegistrationPolicy.open.isOpen(withDirectories: true))
        #expect(!RegistrationPolicy.closed.isOpen(withDirectories: false))
    }

    @Test func anAccountNamesTheDirectoryThatMadeIt() {
        #expect(DirectoryAccount.directory(of: DirectoryAccount.marker("campus")) == "campus")
        #expect(DirectoryAccount.directory(of: DirectoryAccount.marker(DirectoryAccount.singleSignOn)) == "sso")
        #expect(DirectoryAccount.directory(of: "$2b$12$abcdefghijklmnopqrstuv") == nil)
        let marker = DirectoryAccount.marker("campus", entryID: "1b4e28ba-2fa1-11d2-883f-0016d3cca427")
        #expect(DirectoryAccount.directory(of: marker) == "campus")
        #expect(DirectoryAccount.entryID(of: marker) == "1b4e28ba-2fa1-11d2-883f-0016d3cca427")
        #expect(DirectoryAccount.entryID(of: DirectoryAccount.marker("campus")) == nil)
    }
}
