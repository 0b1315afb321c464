import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The sandbox every plugin runner starts in (issue #26, finding 8; review M2): bubblewrap
/// (`bwrap`, Debian's `bubblewrap`) under util-linux's `prlimit`.
///
/// - Its own mount namespace: the system (`/usr`) read-only; of the server's files, only the
///   runner's executable, the Swift runtime and the plugin's own folder (as `/plugin`), all read-only; a private
///   16 MiB `/tmp`, the only place it can write. No database, plugins directory, configuration,
///   keys or home directory exist in there.
/// - Its own PID namespace with `--die-with-parent`: ending the runner ends everything it started.
/// - Its own network (only a loopback interface), IPC, UTS and user namespaces; no capabilities;
///   no new privileges (bubblewrap sets it).
/// - Memory: `RLIMIT_AS` of `memoryLimitBytes`; processes: none (`SeccompFilter`), threads yes.
///
/// Where bubblewrap is missing or user namespaces are not allowed, runners start without it (the
/// server says so, loudly, per plugin): an isolated plugin is then a separate address space only.
enum RunnerSandbox {
    static let bubblewrap = "/usr/bin/bwrap"
    static let prlimit = "/usr/bin/prlimit"
    /// A runner's address space: the Swift runtime and a plugin need a few hundred MiB of it.
    static let memoryLimitBytes = 1 << 30
    static let temporaryBytes = 16 << 20
    /// Where the plugin's folder is inside the sandbox.
    static let pluginFolderInside = "/plugin"

    /// Whether runners can be sandboxed here: tried once, with every namespace and mount a runner's
    /// sandbox makes, then remembered. In a container bubblewrap may make the namespaces and still
    /// be refused a mount (podman: "Can't mount proc on /newroot/proc"); runners then start without
    /// the sandbox, saying why, rather than not at all.
    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: bubblewrap), FileManager.default.isExecutableFile(atPath: prlimit) else { return false }
        guard
            let probe = try? ChildProcess(
                bubblewrap, namespaceArguments + systemBinds + mountArguments + ["--", "/usr/bin/true"])
        else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// Why runners run without the sandbox here, in words for the log.
    static var unavailableReason: String {
        if !FileManager.default.isExecutableFile(atPath: bubblewrap) {
            return "bubblewrap (\(bubblewrap)) is not installed — install the Debian package bubblewrap (scripts/install-deps does)"
        }
        if !FileManager.default.isExecutableFile(atPath: prlimit) { return "\(prlimit) (util-linux) is missing" }
        return
            "bubblewrap cannot make its namespaces or mounts here (user namespaces not allowed, as in Docker's default seccomp profile, or /proc not mountable, as in an unprivileged container)"
    }

    /// `runner`, for the plugin whose files are in `pluginFolder`, started inside the sandbox.
    static func command(_ runner: PluginRunnerCommand, pluginFolder: String) -> PluginRunnerCommand {
        var binds: [String] = []
        func readOnly(_ path: String) {
            guard FileManager.default.fileExists(atPath: path) else { return }
            let real = (path as NSString).resolvingSymlinksInPath
            binds += ["--ro-bind", real, path]
        }
        readOnly(runner.executable)
        runner.readOnlyPaths.forEach(readOnly)
        if let runtime = swiftRuntimeDirectory, !runtime.hasPrefix("/usr/") { readOnly(runtime) }
        // The plugin's own folder at a path of its own: nothing of where the plugins directory is
        // (or of the folders above it) exists in there, not even as an empty directory.
        binds += ["--ro-bind", (pluginFolder as NSString).resolvingSymlinksInPath, pluginFolderInside]
        var sandboxed = PluginRunnerCommand(
            executable: prlimit,
            arguments: addressSpaceLimit + ["--", bubblewrap] + namespaceArguments + systemBinds + mountArguments + asanLimits + binds
                + (SeccompFilter.isAvailable ? ["--seccomp", "4"] : []) + ["--chdir", "/", "--", runner.executable] + runner.arguments)
        sandboxed.descriptorFourBytes = SeccompFilter.isAvailable ? SeccompFilter.program : nil
        sandboxed.pluginFolderInside = pluginFolderInside
        return sandboxed
    }

    /// `prlimit`'s limit on a runner's address space. A build under AddressSanitizer (the test
    /// suite's sanitizer step, never a release) reserves terabytes of shadow address space at
    /// start, which any such limit refuses; there the runtime's own allocation ceiling stands in
    /// for it (`asanLimits`), so that a plugin asking for 10 GB is still refused.
    private static var addressSpaceLimit: [String] {
        isUnderAddressSanitizer ? [] : ["--as=\(memoryLimitBytes)"]
    }

    /// Whether this process was built with AddressSanitizer (its runtime is linked in).
    static let isUnderAddressSanitizer: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    /// Under AddressSanitizer: allocations past the runner's limit fail (return NULL) as under `prlimit`.
    static var asanLimits: [String] {
        guard isUnderAddressSanitizer else { return [] }
        let inherited = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        return ["--setenv", "ASAN_OPTIONS", inherited + "allocator_may_return_null=1:max_allocation_size_mb=\(memoryLimitBytes >> 20)"]
    }

    /// The namespaces and privileges of every runner's sandbox (and of the probe that tries them).
    private static let namespaceArguments = ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    /// Its `/dev`, `/proc` and private `/tmp` (tried by the probe too: a container may refuse them).
    private static let mountArguments = ["--dev", "/dev", "--proc", "/proc", "--size", "\(temporaryBytes)", "--tmpfs", "/tmp"]

    /// The system, read-only: `/usr`, and the top-level links (or folders) into it that ELF
    /// interpreters and libraries are found by; `ld.so.cache`, so that finding them is quick.
    private static let systemBinds: [String] = {
        var arguments = ["--ro-bind", "/usr", "/usr"]
        for path in ["/lib", "/lib64", "/bin", "/sbin"] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                arguments += ["--symlink", target, path]
            } else if FileManager.default.fileExists(atPath: path) {
                arguments += ["--ro-bind", path, path]
            }
        }
        return arguments + ["--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache", "--ro-bind-try", "/etc/localtime", "/etc/localtime"]
    }()

    /// Where this process's Swift runtime is (a runner, the same executable, needs it too): the
    /// folder of the `libswiftCore.so` mapped into this process.
    private static let swiftRuntimeDirectory: String? = {
        // Read to its end: a /proc file says its size is 0.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(), let maps = String(data: data, encoding: .utf8)
        else { return nil }
        for line in maps.split(separator: "\n") where line.hasSuffix("/libswiftCore.so") {
            guard let start = line.firstIndex(of: "/") else { continue }
            return (String(line[start...]) as NSString).deletingLastPathComponent
        }
        return nil
    }()
}
