import COpenLDAP
import Foundation

/// One entry of a search result: its DN and its attributes (names lower-cased, values as text).
struct LDAPEntry: Sendable, Equatable {
    var dn: String
    var attributes: [String: [String]]

    func first(_ name: String) -> String? { attributes[name.lowercased()]?.first }

    /// The entry's immutable identifier: OpenLDAP's `entryUUID` (RFC 4530), else Active
    /// Directory's `objectGUID`; nil when the directory gives neither.
    var immutableID: String? { first("entryUUID")?.lowercased() ?? first("objectGUID") }

    /// An objectGUID as Active Directory prints it (the first three groups little-endian):
    /// `{d3b07384-…}` without braces, lower case; the bytes in hex when they are not 16.
    static func guidText(_ bytes: UnsafeRawBufferPointer) -> String {
        let hex = bytes.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }
        guard hex.count == 16 else { return hex.joined() }
        let order = [[3, 2, 1, 0], [5, 4], [7, 6], [8, 9], [10, 11, 12, 13, 14, 15]]
        return order.map { group in group.map { hex[$0] }.joined() }.joined(separator: "-")
    }
    func all(_ name: String) -> [String] { attributes[name.lowercased()] ?? [] }
}

/// What went wrong in an LDAP operation: the library's result code, its text and the server's
/// diagnostic message (where Active Directory says `data 52e`).
struct LDAPFailure: Error, Sendable, Equatable {
    var code: Int32
    var message: String
    var diagnostic: String

    /// The server could not be reached, or TLS could not be set up (a certificate that does not verify).
    var isUnreachable: Bool { code == LDAP_SERVER_DOWN || code == LDAP_TIMEOUT || code == LDAP_CONNECT_ERROR || code == LDAP_UNAVAILABLE }
    var isInvalidCredentials: Bool { code == LDAP_INVALID_CREDENTIALS }
}

/// One connection to one directory server through libldap's synchronous calls.
///
/// Thread rule: every call blocks its thread until the server answers or the timeout passes, so a
/// connection lives and dies on one thread of `LDAPDirectory`'s pool — never an event loop, never
/// the cooperative pool. Not `Sendable`: it is never shared.
final class LDAPConnection {
    private let handle: OpaquePointer

    /// LDAP scopes (C macros with casts, which Swift does not import).
    enum Scope: Int32 {
        case base = 0
        case subtree = 2
    }

    /// Opens (lazily: libldap connects on the first operation) and applies the settings; with
    /// `startTLS`, upgrades at once and fails rather than continue in plain text.
    init(uri: String, settings: LDAPDirectorySettings) throws {
        var pointer: OpaquePointer?
        let status = ldap_initialize(&pointer, uri)
        guard status == LDAP_SUCCESS, let pointer else {
            throw LDAPFailure(code: status, message: String(cString: ldap_err2string(status)), diagnostic: "")
        }
        handle = pointer
        _ = campuscal_ldap_set_int(handle, LDAP_OPT_PROTOCOL_VERSION, LDAP_VERSION3)
        _ = ldap_set_option(handle, LDAP_OPT_REFERRALS, campuscal_ldap_opt_off())
        _ = campuscal_ldap_set_timeout(handle, LDAP_OPT_NETWORK_TIMEOUT, Int32(settings.connectTimeoutSeconds))
        _ = campuscal_ldap_set_timeout(handle, LDAP_OPT_TIMEOUT, Int32(settings.operationTimeoutSeconds))
        // TLS options on this handle only, then a new TLS context so they take effect.
        if !settings.caFile.isEmpty { _ = campuscal_ldap_set_string(handle, LDAP_OPT_X_TLS_CACERTFILE, settings.caFile) }
        _ = campuscal_ldap_set_int(handle, LDAP_OPT_X_TLS_REQUIRE_CERT, settings.verifyPeer ? LDAP_OPT_X_TLS_DEMAND : LDAP_OPT_X_TLS_NEVER)
        _ = campuscal_ldap_set_int(handle, LDAP_OPT_X_TLS_NEWCTX, 0)
        if settings.startTLS && uri.lowercased().hasPrefix("ldap://") {
            try check(ldap_start_tls_s(handle, nil, nil))
        }
    }

    deinit { ldap_unbind_ext_s(handle, nil, nil) }

    /// A simple bind. Callers refuse empty passwords first: with none, this is an anonymous bind.
    func bind(dn: String, password: String) throws {
        let bytes = Array(password.utf8)
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) { characters in
                campuscal_ldap_simple_bind(handle, dn, characters, Int32(buffer.count))
            }
        }
        try check(status)
    }

    /// Entries under `base` matching `filter`, with the named attributes; at most `limit`.
    func search(base: String, scope: Scope, filter: String, attributes: [String], timeoutSeconds: Int, limit: Int = 50) throws
        -> [LDAPEntry]
    {
        var names = attributes.map { strdup($0) }
        names.append(nil)
        defer { for name in names { free(name) } }
        var result: OpaquePointer?
        let status = names.withUnsafeMutableBufferPointer { buffer in
            campuscal_ldap_search(handle, base, scope.rawValue, filter, buffer.baseAddress, Int32(timeoutSeconds), Int32(limit), &result)
        }
        defer { if let result { ldap_msgfree(result) } }
        // A search that hit the size limit still returns what it found; a missing base finds nothing.
        if status == LDAP_NO_SUCH_OBJECT { return [] }
        if status != LDAP_SIZELIMIT_EXCEEDED { try check(status) }
        var entries: [LDAPEntry] = []
        var entry = ldap_first_entry(handle, result)
        while let current = entry {
            entries.append(read(current))
            entry = ldap_next_entry(handle, current)
        }
        return entries
    }

    private func read(_ entry: OpaquePointer) -> LDAPEntry {
        var dn = ""
        if let raw = ldap_get_dn(handle, entry) {
            dn = String(cString: raw)
            ldap_memfree(raw)
        }
        var attributes: [String: [String]] = [:]
        var ber: OpaquePointer?
        var name = ldap_first_attribute(handle, entry, &ber)
        while let current = name {
            let key = String(cString: current).lowercased()
            if let values = ldap_get_values_len(handle, entry, current) {
                let count = Int(ldap_count_values_len(values))
                for index in 0..<count {
                    guard let value = values[index] else { continue }
                    let bytes = UnsafeRawBufferPointer(start: value.pointee.bv_val, count: Int(value.pointee.bv_len))
                    // objectGUID is 16 raw bytes, not text: kept as AD writes GUIDs.
                    attributes[key, default: []].append(
                        key == "objectguid" ? LDAPEntry.guidText(bytes) : String(decoding: bytes, as: UTF8.self))
                }
                ldap_value_free_len(values)
            }
            ldap_memfree(current)
            name = ldap_next_attribute(handle, entry, ber)
        }
        if let ber { ber_free(ber, 0) }
        return LDAPEntry(dn: dn, attributes: attributes)
    }

    private func check(_ status: Int32) throws {
        guard status != LDAP_SUCCESS else { return }
        var diagnostic = ""
        if let raw = campuscal_ldap_diagnostic(handle) {
            diagnostic = String(cString: raw)
            ldap_memfree(raw)
        }
        throw LDAPFailure(code: status, message: String(cString: ldap_err2string(status)), diagnostic: diagnostic)
    }
}
