/// An email address with an optional display name, as in `"Ada Lovelace" <ada@campus.edu>`.
///
/// The initializer refuses what could break out of a header or an SMTP command (CR, LF, NUL and
/// other control characters, spaces, angle brackets, commas), so a `MailAddress` that exists is
/// safe to put in `From:`/`To:` and in `MAIL FROM:`/`RCPT TO:`.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address itself, `local@domain`, without angle brackets.
    public let address: String
    /// The display name, if any; free text, encoded by the renderer when it is not plain ASCII.
    public let name: String?

    /// Validates `address` (and `name`); `nil` when either cannot be used safely.
    ///
    /// - Parameters:
    ///   - address: `local@domain`, ASCII only (SMTPUTF8 is not used), no whitespace or `<>,;"()`.
    ///   - name: a display name; refused if it contains CR, LF or NUL. An empty name counts as none.
    public init?(_ address: String, name: String? = nil) {
        guard Self.isValidAddress(address) else { return nil }
        if let name, name.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) { return nil }
        self.address = address
        self.name = (name?.isEmpty ?? true) ? nil : name
    }

    /// The part after the last `@`.
    public var domain: Substring { address[address.index(after: address.lastIndex(of: "@")!)...] }

    public var description: String {
        if let name { return "\(name) <\(address)>" }
        return "<\(address)>"
    }

    private static func isValidAddress(_ address: String) -> Bool {
        let bytes = Array(address.utf8)
        guard bytes.count <= 254, let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
        // Local part (before the last @) up to 64 octets, domain non-empty: RFC 5321 section 4.5.3.1.
        guard at > 0, at <= 64, at < bytes.count - 1 else { return false }
        let forbidden = Set("<>,;\"()[]\\:".utf8)
        return bytes.allSatisfy { byte in
            // Printable ASCII only: no control characters (CR, LF, NUL…), no space, no DEL, no 8-bit.
            byte > 0x20 && byte < 0x7F && !forbidden.contains(byte)
        }
    }
}
