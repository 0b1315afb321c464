import CampusCalPlugins
import Foundation

/// Runs the real `campuscal` executable once, as an administrator would from a shell.
public enum CommandRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    /// Runs `campuscal arguments…` with `input` on standard input; returns the exit status and the
    /// combined standard output and error.
    ///
    /// Input and output go through files, not pipes: Foundation's pipe reads crash on EINTR, which
    /// the signals of other tests' child processes (servers, the SMTP sink) cause now and then.
    public static func run(_ arguments: [String], input: String = "", in directory: String) throws -> Result {
        try run(program: ServerProcess.executable, arguments, input: input, in: directory)
    }

    /// Runs any program (e.g. `/usr/bin/python3` as an oracle) the same way. A program still
    /// running after `timeout` seconds × ``TestTime/scale`` is stopped (SIGTERM, then SIGKILL) and
    /// the result says so, instead of the test hanging.
    public static func run(
        program: URL, _ arguments: [String], input: String = "", in directory: String, timeout: Double = 300
    ) throws -> Result {
        let files = TemporaryDirectory()
        defer { files.remove() }
        let inputFile = files.file("stdin")
        let outputFile = files.file("output")
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputFile))
        _ = FileManager.default.createFile(atPath: outputFile, contents: nil)
        let child = SupervisedChild(
            try ChildProcess(program.path, arguments, directory: directory, input: inputFile, output: outputFile, error: outputFile))
        let budget = TestTime.budget(timeout)
        let finished = child.waitForExit(seconds: budget)
        if !finished { child.terminate(grace: 2) }
        let data = (try? Data(contentsOf: URL(fileURLWithPath: outputFile))) ?? Data()
        let output = String(decoding: data, as: UTF8.self) + (finished ? "" : "\n[stopped: still running after \(Int(budget)) s]")
        return Result(status: finished ? child.process.terminationStatus : -1, output: output)
    }
}
