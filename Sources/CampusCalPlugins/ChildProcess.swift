import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`: the server's plugin runners, and the test helpers
/// that run servers and commands.
///
/// Why not Foundation's `Process`: on this toolchain its `run()` reads `/proc/self/fd` with a
/// 256-byte over-read of each directory entry (swift-corelibs-foundation#5472, fixed upstream in
/// May 2026), which crashes the parent now and then once it has a thousand or so descriptors
/// open — as a busy server or a test run has. Here standard input and output are files or the
/// parent's own (never pipes: pipe reads have crashed on EINTR), one descriptor may be handed over
/// as the child's descriptor 3, every other one is closed in the child, and the child is reaped
/// with `waitpid` for its pid alone.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: `status` is only read and written under `lock`; the rest is immutable.
    public let processIdentifier: pid_t
    private let lock = NSLock()
    private var status: Int32?

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts `executable` with `arguments`; standard input from `input` (or /dev/null), output and
    /// error appended to `output` and `error` (or /dev/null; the same path for both shares one
    /// file), or the parent's own when `inheritOutput`. `descriptor`, when given, becomes the
    /// child's descriptor 3, and `secondDescriptor` its 4 (a runner's sandbox reads its seccomp program there). The child's environment is the parent's with `environment` added and
    /// the variables whose names start with one of `withoutEnvironment` left out.
    public init(
        _ executable: String, _ arguments: [String], directory: String? = nil, input: String? = nil, output: String? = nil,
        error: String? = nil, inheritOutput: Bool = false, descriptor: Int32? = nil, secondDescriptor: Int32? = nil,
        environment: [String: String] = [:],
        withoutEnvironment: [String] = []
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        if !inheritOutput {
            posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
            if let error, error == output {
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
            } else {
                posix_spawn_file_actions_addopen(&actions, 2, error ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
            }
        }
        // Handed over as 3 (and 4): dup2 leaves the copy without close-on-exec, so it survives into
        // the child. Each is first copied above 9, so that no dup2 is a no-op (dup2(3, 3) keeps
        // close-on-exec) or overwrites the other before it is copied.
        let handedOver = [descriptor, secondDescriptor].compactMap { $0 }.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
        defer { for copy in handedOver where copy >= 0 { _ = Glibc.close(copy) } }
        for (offset, copy) in handedOver.enumerated() { posix_spawn_file_actions_adddup2(&actions, copy, Int32(3 + offset)) }
        // glibc ≥ 2.34 / 2.29 extensions, which Swift's Glibc module does not declare: looked up by name.
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, Int32(3 + handedOver.count)) }
        if let directory {
            guard let changeDirectory = Self.changeDirectory else { throw Failure(description: "posix_spawn cannot change directory here") }
            _ = changeDirectory(&actions, directory)
        }

        // As Foundation does: the child starts with no signal blocked and every signal at its default
        // (a test thread's mask, and the server's lifecycle code blocking SIGTERM, must not leak in).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var inherited: [String] = []
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            if !environment.keys.contains(where: { text.hasPrefix("\($0)=") }) && !withoutEnvironment.contains(where: { text.hasPrefix($0) }) {
                inherited.append(text)
            }
            entry += 1
        }
        let envp = (inherited + environment.map { "\($0.key)=\($0.value)" }).map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))") }
        processIdentifier = pid
    }

    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }
    static let changeDirectory: ChangeDirectory? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: ChangeDirectory.self)
    }

    /// Whether the child has not exited yet (reaps it when it has).
    public var isRunning: Bool {
        lock.withLock {
            if status != nil { return false }
            var raw: Int32 = 0
            let reaped = waitpid(processIdentifier, &raw, WNOHANG)
            if reaped == processIdentifier {
                status = Self.exitStatus(raw)
                return false
            }
            // -1 (ECHILD): someone else reaped it; treat as gone.
            if reaped == -1 && errno != EINTR {
                status = -1
                return false
            }
            return true
        }
    }

    /// Blocks until the child exits.
    public func waitUntilExit() {
        while isRunning { usleep(5_000) }
    }

    /// The exit status, or the number of the signal that ended it (as Foundation's `Process` says);
    /// -1 while running or when unknown.
    public var terminationStatus: Int32 { lock.withLock { status ?? -1 } }

    /// Sends `signal` to the child.
    public func signal(_ signal: Int32) { _ = kill(processIdentifier, signal) }

    static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : signal
    }
}
