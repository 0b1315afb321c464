import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps isolated plugins off the network (they reach the hosts their manifest names through the
/// host API's `http_request`, which the server makes):
/// its runner starts in a network namespace of its own, with only a loopback interface that is
/// down, through util-linux's `unshare --user --map-current-user --net` (no privileges needed
/// where the kernel allows user namespaces, as Debian's does). The socket to the server is a
/// descriptor it inherits, which works across namespaces.
///
/// Where user namespaces are not allowed (some container runtimes' seccomp profiles), the runner
/// starts as before and the server says once, in its log, that the plugin can reach the network directly.
/// In-process plugins share the server's network, always: isolation is what makes this possible.
enum NetworkIsolation {
    static let unshare = "/usr/bin/unshare"
    static let arguments = ["--user", "--map-current-user", "--net", "--"]

    /// Whether this host lets us make the namespace: tried once (`unshare … true`), then remembered.
    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: unshare) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: unshare)
        process.arguments = arguments + ["/bin/true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// `command`, started in a network namespace of its own; nil where that cannot be done here.
    static func withoutNetwork(_ command: PluginRunnerCommand) -> PluginRunnerCommand? {
        guard isAvailable else { return nil }
        return PluginRunnerCommand(executable: unshare, arguments: arguments + [command.executable] + command.arguments)
    }
}
