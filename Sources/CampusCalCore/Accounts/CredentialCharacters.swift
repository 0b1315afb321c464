/// Which characters a login name or a password may never hold (security review L4).
///
/// A password reaches bcrypt as a C string (HummingbirdBcrypt's `c_hb_bcrypt_hashpass`), so a NUL
/// ends it early: `"\u{0}Abcdefg1"` hashes as the empty password, and so does every password that
/// starts with a NUL. Other control characters cannot be typed on a login page and only ever come
/// from scripts probing how each layer (bcrypt, LDAP, logs) cuts them. Names are stricter still:
/// C1 controls and invisible format characters (U+200B, U+202E, soft hyphen…) make two names that
/// look the same on screen and in the log.
public enum CredentialCharacters {
    /// C0 (U+0000–U+001F) and DEL (U+007F): never in a password.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// Control (C0, DEL, C1) and format (Cf) characters: never in a login name.
    public static func isForbiddenInName(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || (0x80...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format
    }

    /// Whether a password holds a character it may never hold.
    public static func passwordHasControl(_ password: String) -> Bool {
        password.unicodeScalars.contains(where: isControl)
    }

    /// Whether a login name holds a character it may never hold.
    public static func nameHasForbidden(_ name: String) -> Bool {
        name.unicodeScalars.contains(where: isForbiddenInName)
    }

    /// `U+0000, U+200B`: the forbidden characters of `text`, each once, as a person can read them.
    static func describeForbidden(in text: String, where forbidden: (Unicode.Scalar) -> Bool) -> String {
        var seen: [UInt32] = []
        for scalar in text.unicodeScalars where forbidden(scalar) && !seen.contains(scalar.value) { seen.append(scalar.value) }
        return seen.prefix(5).map { value in
            let hex = String(value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: ", ")
    }
}
