import Foundation

/// The seccomp program a sandboxed runner starts under (bubblewrap's `--seccomp`): threads yes,
/// processes no. A plugin may not `fork`, `vfork` or `clone` a new process (EPERM) — the process
/// limit, which `RLIMIT_NPROC` cannot give a server running as root (the kernel does not apply it
/// to root) — and `clone3` answers ENOSYS, so that the C library creates threads with `clone`,
/// which the filter can inspect. A system call of another architecture (the 32-bit entry on
/// x86_64) ends the process: the filter could be walked around otherwise.
enum SeccompFilter {
    /// One classic-BPF instruction (`struct sock_filter`).
    struct Instruction {
        var code: UInt16
        var jumpIfTrue: UInt8
        var jumpIfFalse: UInt8
        var value: UInt32
    }

    private static let load: UInt16 = 0x20  // BPF_LD | BPF_W | BPF_ABS
    private static let jumpIfEqual: UInt16 = 0x15  // BPF_JMP | BPF_JEQ | BPF_K
    private static let jumpIfAtLeast: UInt16 = 0x35  // BPF_JMP | BPF_JGE | BPF_K
    private static let jumpIfAnyBit: UInt16 = 0x45  // BPF_JMP | BPF_JSET | BPF_K
    private static let `return`: UInt16 = 0x06  // BPF_RET | BPF_K
    private static let allow: UInt32 = 0x7FFF_0000
    private static let killProcess: UInt32 = 0x8000_0000
    private static let errorNumber: UInt32 = 0x0005_0000
    private static let cloneThread: UInt32 = 0x0001_0000

    #if arch(x86_64)
        static let architecture: UInt32 = 0xC000_003E  // AUDIT_ARCH_X86_64
        static let clone: UInt32 = 56
        static let clone3: UInt32 = 435
        static let processCalls: [UInt32] = [57, 58]  // fork, vfork
        /// x32 system calls (this bit set) go through the same entry: refused with the rest.
        static let foreignBit: UInt32 = 0x4000_0000
    #elseif arch(arm64)
        static let architecture: UInt32 = 0xC000_00B7  // AUDIT_ARCH_AARCH64
        static let clone: UInt32 = 220
        static let clone3: UInt32 = 435
        static let processCalls: [UInt32] = []  // no fork or vfork on arm64: clone does it
        static let foreignBit: UInt32 = 0xFFFF_FFFF
    #else
        static let architecture: UInt32 = 0
        static let clone: UInt32 = 0
        static let clone3: UInt32 = 0
        static let processCalls: [UInt32] = []
        static let foreignBit: UInt32 = 0
    #endif

    /// Whether this machine has a filter (x86_64 and arm64).
    static var isAvailable: Bool { architecture != 0 }

    /// The program, as bytes for bubblewrap to read.
    static var program: [UInt8] {
        var instructions: [Instruction] = []
        func add(_ code: UInt16, _ value: UInt32, _ jumpIfTrue: UInt8 = 0, _ jumpIfFalse: UInt8 = 0) {
            instructions.append(Instruction(code: code, jumpIfTrue: jumpIfTrue, jumpIfFalse: jumpIfFalse, value: value))
        }
        // seccomp_data: nr at 0, arch at 4, args[0] (low half, little-endian) at 16.
        add(load, 4)
        add(jumpIfEqual, architecture, 1, 0)
        add(`return`, killProcess)
        add(load, 0)
        add(jumpIfAtLeast, foreignBit, 0, 1)
        add(`return`, killProcess)
        for call in processCalls {
            add(jumpIfEqual, call, 0, 1)
            add(`return`, errorNumber | UInt32(EPERM))
        }
        add(jumpIfEqual, clone3, 0, 1)
        add(`return`, errorNumber | UInt32(ENOSYS))
        add(jumpIfEqual, clone, 0, 2)  // not clone: allowed
        add(load, 16)
        // A thread (CLONE_THREAD) may be made; a process may not.
        add(jumpIfAnyBit, cloneThread, 0, 1)
        add(`return`, allow)
        add(`return`, errorNumber | UInt32(EPERM))
        return instructions.flatMap { instruction in
            withUnsafeBytes(of: instruction.code.littleEndian, Array.init) + [instruction.jumpIfTrue, instruction.jumpIfFalse]
                + withUnsafeBytes(of: instruction.value.littleEndian, Array.init)
        }
    }
}
