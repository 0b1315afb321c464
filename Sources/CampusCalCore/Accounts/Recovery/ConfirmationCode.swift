/// The short codes people type back to confirm an address: ten characters from an alphabet
/// without look-alikes (no 0/O, 1/I/L, U), about 49 bits — far beyond guessing within a code's
/// life, and short enough for a text message and a phone keyboard.
enum ConfirmationCode {
    static let alphabet = Array("ABCDEFGHJKMNPQRSTVWXYZ23456789")
    static let length = 10

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// `ABCDE-FGHJK`, as shown in messages.
    static func display(_ code: String) -> String { "\(code.prefix(5))-\(code.dropFirst(5))" }

    /// What a person typed, in the stored form: upper case, without spaces and dashes; nil when it
    /// cannot be a code (so nothing unbounded is hashed).
    static func normalize(_ typed: String) -> String? {
        let kept = typed.uppercased().filter { $0 != " " && $0 != "-" }
        guard kept.count == length, kept.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return kept
    }
}
