import Foundation

/// Runs the real `campuscal` executable once, as an administrator would from a shell.
public enum CommandRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    /// Runs `campuscal arguments…` with `input` on standard input; returns the exit status and the
    /// combined standard output and error.
    public static func run(_ arguments: [String], input: String = "", in directory: String) throws -> Result {
        let process = Process()
        process.executableURL = ServerProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let stdin = Pipe()
        let output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
