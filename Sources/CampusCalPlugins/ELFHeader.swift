import Foundation

/// The first bytes of a plugin library, read before `dlopen`: glibc refuses a library for another
/// machine with "No such file or directory", which sends an administrator looking for a missing
/// file (issue #26, finding 7). Here the refusal says what the library is built for.
enum ELFHeader {
    /// The bytes of an ELF header this check reads (e_ident, e_type, e_machine).
    static let size = 20

    /// This server's machine, as ELF names it.
    static let hostMachine: UInt16 = {
        #if arch(x86_64)
            62
        #elseif arch(arm64)
            183
        #elseif arch(riscv64)
            243
        #else
            0
        #endif
    }()

    /// What a plugin library can be built for, in words.
    static func name(ofMachine machine: UInt16) -> String {
        switch machine {
        case 3: "x86 (32-bit)"
        case 8: "MIPS"
        case 20: "PowerPC"
        case 21: "PowerPC 64-bit"
        case 22: "IBM Z (s390x)"
        case 40: "ARM (32-bit)"
        case 62: "x86_64"
        case 183: "aarch64 (ARM 64-bit)"
        case 243: "RISC-V"
        default: "ELF machine \(machine)"
        }
    }

    /// Why the library whose first bytes are `bytes` cannot be loaded by this server; nil when
    /// nothing in its header says so (dlopen then has the last word).
    static func problem(with bytes: Data) -> String? {
        let header = Array(bytes)
        guard header.count >= size, header[0] == 0x7F, header[1] == UInt8(ascii: "E"), header[2] == UInt8(ascii: "L"), header[3] == UInt8(ascii: "F")
        else { return "it is not an ELF shared library (a Linux .so)" }
        let host = name(ofMachine: hostMachine)
        guard header[5] == 1 else { return "it is big-endian, and this server runs on little-endian \(host); build it for \(host)" }
        let machine = UInt16(header[18]) | UInt16(header[19]) << 8
        if hostMachine != 0, machine != hostMachine {
            return "it is built for \(name(ofMachine: machine)), and this server runs on \(host); build it for \(host)"
        }
        guard header[4] == 2 else { return "it is a 32-bit library, and this server runs on 64-bit \(host); build it for 64-bit \(host)" }
        let type = UInt16(header[16]) | UInt16(header[17]) << 8
        guard type == 3 else { return "it is an ELF file but not a shared library (build it with -shared)" }
        return nil
    }
}
