/// A directory that can say whether it holds an account name, without a password (review M3):
/// registration asks it so that nobody registers a campus login before its owner first logs in.
///
/// Kept beside `DirectoryAuthenticator` rather than in it so that authenticators that cannot
/// search (none today) still compile; `AccountService` treats one that does not conform as a
/// directory that could not be asked.
public protocol DirectoryNameLookup: Sendable {
    /// Whether an entry for `accountName` exists (disabled ones too: their name is taken all the
    /// same). Throws `DirectoryError.unreachable` when the directory cannot be asked.
    func holds(accountName: String) async throws -> Bool
}
