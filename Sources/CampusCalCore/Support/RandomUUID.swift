/// A random (version 4) UUID as lowercase text: the form every CampusCal id takes.
///
/// Why not `UUID().uuidString.lowercased()`: on Linux, Foundation's `UUID()` opens, reads and
/// closes `/dev/urandom` for each UUID and formats it with `snprintf`, and lowercasing copies the
/// text once more — a sixtieth of a CalDAV PUT's CPU, for its one new id (issue #29). Here the 128
/// bits come from the standard library's system generator (the `getrandom` call, no file) and
/// the hex is written straight into the string.
package enum RandomUUID {
    /// 36 characters, `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`, 122 of its bits random.
    package static func text() -> String {
        var generator = SystemRandomNumberGenerator()
        // RFC 9562: the version (4) in the high nibble of byte 6, the variant (binary 10) in the
        // top bits of byte 8; bytes are written most significant first.
        let high = (generator.next() as UInt64) & ~0xF000 | 0x4000
        let low = (generator.next() as UInt64) & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        return String(unsafeUninitializedCapacity: 36) { buffer in
            let digits: StaticString = "0123456789abcdef"
            var position = 0
            func write(_ value: UInt64, nibbles: Int) {
                for index in stride(from: nibbles - 1, through: 0, by: -1) {
                    buffer[position] = digits.utf8Start[Int((value >> UInt64(index * 4)) & 0xF)]
                    position += 1
                }
            }
            func dash() {
                buffer[position] = UInt8(ascii: "-")
                position += 1
            }
            write(high >> 32, nibbles: 8)
            dash()
            write(high >> 16, nibbles: 4)
            dash()
            write(high, nibbles: 4)
            dash()
            write(low >> 48, nibbles: 4)
            dash()
            write(low, nibbles: 12)
            return position
        }
    }
}
