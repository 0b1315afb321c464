import COpenLDAP
import CampusCalCore
import Foundation
import NIOPosix

/// A campus directory reached over LDAP — OpenLDAP or Active Directory — that checks passwords.
///
/// A login is: connect (the first server of `uris` that answers), bind as the service account,
/// search the user by the configured filter with the name escaped (RFC 4515), bind as the found DN
/// with the user's password, then — as the service account again — refuse a disabled entry and
/// read the groups (nested ones as configured). libldap blocks, so every login runs on a thread of a pool of `maxConnections`
/// threads: that bounds the operations in flight against the directory, and nothing blocks an
/// event loop or the cooperative pool.
public final class LDAPDirectory: DirectoryAuthenticator, Sendable {
    public let settings: LDAPDirectorySettings
    private let pool: NIOThreadPool

    public var name: String { settings.name }

    public init(settings: LDAPDirectorySettings) {
        self.settings = settings
        pool = NIOThreadPool(numberOfThreads: max(1, settings.maxConnections))
        pool.start()
    }

    deinit { pool.shutdownGracefully { _ in } }

    public func authenticate(accountName: String, password: String) async throws -> DirectoryIdentity? {
        // Never bind without a password: LDAP calls that an anonymous bind, and it succeeds.
        guard !password.isEmpty else { throw DirectoryError.invalidCredentials }
        let settings = self.settings
        return try await pool.runIfActive { try Self.login(accountName, password, settings) }
    }

    /// The whole lookup, on a pool thread: the service account's search, as a login does, without
    /// a user bind. Any failure is `unreachable`: a name that cannot be checked is not free.
    static func holds(_ accountName: String, _ settings: LDAPDirectorySettings) throws -> Bool {
        do {
            let connection = try connect(settings)
            if !settings.bindDN.isEmpty { try connection.bind(dn: settings.bindDN, password: settings.bindPassword) }
            return try !connection.search(
                base: settings.userBase, scope: .subtree, filter: LDAPFilter.fill(settings.userFilter, username: accountName), attributes: ["1.1"],
                timeoutSeconds: settings.operationTimeoutSeconds, limit: 1
            ).isEmpty
        } catch let failure as LDAPFailure {
            throw DirectoryError.unreachable("\(failure.message) (\(failure.code))")
        }
    }

    /// The whole login, on a pool thread.
    static func login(_ accountName: String, _ password: String, _ settings: LDAPDirectorySettings) throws -> DirectoryIdentity? {
        let connection = try connect(settings)
        do {
            if !settings.bindDN.isEmpty {
                do {
                    try connection.bind(dn: settings.bindDN, password: settings.bindPassword)
                } catch let failure as LDAPFailure where !failure.isUnreachable {
                    // Not the user's fault: say so rather than "wrong password".
                    throw DirectoryError.unreachable("the directory refused CampusCal's service account (\(failure.message))")
                }
            }
            // entryUUID is operational: only returned when asked for by name.
            let attributes = [
                settings.displayNameAttribute, "cn", settings.emailAttribute, settings.phoneAttribute, settings.groupAttribute, "entryUUID",
                "objectGUID",
            ]
            let found = try connection.search(
                base: settings.userBase, scope: .subtree, filter: LDAPFilter.fill(settings.userFilter, username: accountName), attributes: attributes,
                timeoutSeconds: settings.operationTimeoutSeconds, limit: 2)
            // None, or more than one (a filter that is not unique): nobody to log in as.
            guard found.count == 1, let entry = found.first else { return nil }
            // The password first (review L3): whatever is said about the account — disabled, opted
            // out — is said only to someone who has just proved they know its password. Before it,
            // a disabled account and a wrong password are the same answer, so an anonymous caller
            // cannot tell which campus accounts are disabled, and every guess counts.
            try connection.bind(dn: entry.dn, password: password)
            // Back to the service account (or anonymous, when none is configured), whose rights
            // the disabled, opt-out and group filters are written for.
            try connection.bind(dn: settings.bindDN, password: settings.bindPassword)
            if try matches(entry.dn, settings.disabledFilter, connection, settings) { throw DirectoryError.accountDisabled }
            let optedOut = try matches(entry.dn, settings.optOutFilter, connection, settings)
            let groups = try self.groups(of: entry, connection, settings)
            return DirectoryIdentity(
                username: accountName, distinguishedName: entry.dn,
                displayName: entry.first(settings.displayNameAttribute) ?? entry.first("cn"), email: entry.first(settings.emailAttribute),
                phone: entry.first(settings.phoneAttribute), groups: groups, role: role(for: groups, settings), optedOut: optedOut,
                directory: settings.name, entryID: entry.immutableID)
        } catch let failure as LDAPFailure {
            throw refusal(failure)
        }
    }

    /// The first server that answers; `unreachable` naming the last failure when none does.
    static func connect(_ settings: LDAPDirectorySettings) throws -> LDAPConnection {
        var last = "no server is configured"
        for uri in settings.uris {
            do {
                let connection = try LDAPConnection(uri: uri, settings: settings)
                // libldap connects lazily: a base search of the root DSE proves the server answers.
                _ = try connection.search(
                    base: "", scope: .base, filter: "(objectClass=*)", attributes: ["1.1"], timeoutSeconds: settings.connectTimeoutSeconds)
                return connection
            } catch let failure as LDAPFailure where failure.isUnreachable || failure.code == LDAP_CONNECT_ERROR {
                last = "\(uri): \(failure.message)"
            } catch let failure as LDAPFailure where failure.code == LDAP_INSUFFICIENT_ACCESS || failure.code == LDAP_OPERATIONS_ERROR {
                // Some servers (Active Directory) refuse anonymous root-DSE reads: they do answer.
                return try LDAPConnection(uri: uri, settings: settings)
            }
        }
        throw DirectoryError.unreachable(last)
    }

    /// Whether the entry at `dn` also matches `filter` (empty: never).
    static func matches(_ dn: String, _ filter: String, _ connection: LDAPConnection, _ settings: LDAPDirectorySettings) throws -> Bool {
        if filter.isEmpty { return false }
        return try !connection.search(base: dn, scope: .base, filter: filter, attributes: ["1.1"], timeoutSeconds: settings.operationTimeoutSeconds)
            .isEmpty
    }

    /// The entry's groups, and the groups those are in when configured to follow them.
    static func groups(of entry: LDAPEntry, _ connection: LDAPConnection, _ settings: LDAPDirectorySettings) throws -> [String] {
        var groups = entry.all(settings.groupAttribute)
        switch settings.nestedGroups {
        case .none:
            break
        case .matchingRule:
            let filter = "(member:1.2.840.113556.1.4.1941:=\(LDAPFilter.escape(entry.dn)))"
            let found = try connection.search(
                base: settings.groupBase.isEmpty ? settings.userBase : settings.groupBase, scope: .subtree, filter: filter, attributes: ["1.1"],
                timeoutSeconds: settings.operationTimeoutSeconds, limit: 1000)
            groups += found.map(\.dn)
        case .walk:
            var seen = Set(groups.map { $0.lowercased() })
            var frontier = groups
            // Eight levels and a thousand groups are more than any campus nests; a cycle ends at `seen`.
            for _ in 0..<8 where !frontier.isEmpty && seen.count < 1000 {
                var next: [String] = []
                for group in frontier {
                    for parent in try connection.search(
                        base: group, scope: .base, filter: "(objectClass=*)", attributes: [settings.groupAttribute],
                        timeoutSeconds: settings.operationTimeoutSeconds
                    ).flatMap({ $0.all(settings.groupAttribute) }) where seen.insert(parent.lowercased()).inserted {
                        next.append(parent)
                    }
                }
                groups += next
                frontier = next
            }
        }
        var unique = Set<String>()
        return groups.filter { unique.insert($0.lowercased()).inserted }
    }

    /// Administrators first, then faculty, by group DN (compared without regard to case).
    static func role(for groups: [String], _ settings: LDAPDirectorySettings) -> Role {
        let member = Set(groups.map { $0.lowercased() })
        if settings.adminGroups.contains(where: { member.contains($0.lowercased()) }) { return .admin }
        if settings.facultyGroups.contains(where: { member.contains($0.lowercased()) }) { return .faculty }
        return .student
    }

    /// An LDAP failure in the domain's words. Active Directory says why a bind failed in the
    /// diagnostic message's `data` sub-code (`80090308: LdapErr: DSID-…, data 52e, v4563`).
    static func refusal(_ failure: LDAPFailure) -> DirectoryError {
        if failure.isUnreachable { return .unreachable(failure.message) }
        guard failure.isInvalidCredentials else { return .unreachable("\(failure.message) (\(failure.code))") }
        let diagnostic = failure.diagnostic.lowercased()
        for (code, error) in [
            ("data 533", DirectoryError.accountDisabled), ("data 701", .accountDisabled), ("data 532", .passwordExpired),
            ("data 773", .mustChangePassword), ("data 775", .lockedOut),
        ] where diagnostic.contains(code) {
            return error
        }
        return .invalidCredentials
    }
}

extension LDAPDirectory: DirectoryNameLookup {
    public func holds(accountName: String) async throws -> Bool {
        let settings = self.settings
        return try await pool.runIfActive { try Self.holds(accountName, settings) }
    }
}
