import CampusCalPlugins
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a script that makes, starts and seeds a throw-away server in a directory and prints one
/// `ready …` line (Tests/Support/ldap/start-slapd.sh, Tests/Support/ad/start-samba-ad.sh).
///
/// Output goes to files, not pipes: Foundation's pipe reads fail with EINTR when other tests'
/// children signal. The wait is a bounded poll, not `waitUntilExit()`: Foundation learns of the
/// exit through a socket the child inherits, and should the server the script starts ever inherit
/// it too, that wait would last as long as the server. A bounded poll fails instead.
enum StartScript {
    struct Run {
        /// False when the script had not finished (or its exit went unnoticed) by the deadline.
        var finished: Bool
        var status: Int32
        /// Its standard output: the `ready …` line.
        var output: String

        /// The `name=value` fields of the ready line.
        var fields: [String: String] {
            var result: [String: String] = [:]
            for field in output.split(whereSeparator: \.isWhitespace) {
                let parts = field.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
            }
            return result
        }

        /// Why the script failed, for the error a test shows.
        func failure(_ name: String, log: String) -> String {
            let status =
                finished
                ? "failed (status \(status), stdout \(output.debugDescription))"
                : "did not finish in time (a descriptor leaked into the server?)"
            return "\(name) \(status):\n\(log)"
        }
    }

    /// Runs `bash script directory`, waiting at most `timeout` seconds; stderr goes to `start.err` in `directory`.
    static func run(_ script: String, in directory: TemporaryDirectory, timeout: TimeInterval) throws -> Run {
        let (outputFile, errorFile) = (directory.file("start.out"), directory.file("start.err"))
        for file in [outputFile, errorFile] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
        // Supervised: a script still running at the deadline is stopped when this returns, not left behind.
        let script = SupervisedChild(try ChildProcess("/bin/bash", [script, directory.path], output: outputFile, error: errorFile))
        let deadline = Date().addingTimeInterval(TestTime.budget(timeout))
        while isRunning(script.processIdentifier) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        while script.isRunning && Date() < deadline.addingTimeInterval(5) { Thread.sleep(forTimeInterval: 0.01) }
        let finished = !script.isRunning
        return Run(
            finished: finished, status: finished ? script.process.terminationStatus : -1,
            output: (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "")
    }

    /// SIGKILLs `pid` and waits (at most 5 s) until it is gone. Not SIGTERM: servers started from a
    /// test inherit its signal mask, in which the server's lifecycle code blocks SIGTERM and SIGINT.
    static func kill(_ pid: pid_t) {
        guard pid > 0, isRunning(pid) else { return }
        _ = Glibc.kill(pid, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while isRunning(pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    }
}

/// /proc/PID/stat: "PID (comm) STATE PPID PGRP …"; nil when the process is gone.
func processStatus(_ pid: pid_t) -> (state: Substring, group: pid_t)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
        return nil
    }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 2, let group = pid_t(fields[2]) else { return nil }
    return (fields[0], group)
}

/// Whether `pid` is alive: it exists and is not a zombie (exited, waiting for its parent or init to
/// reap it — the servers these scripts start are not our children).
func isRunning(_ pid: pid_t) -> Bool {
    guard Glibc.kill(pid, 0) == 0 else { return false }
    return processStatus(pid).map { !$0.state.hasPrefix("Z") } ?? true
}
