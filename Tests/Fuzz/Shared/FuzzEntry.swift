// The entry point of both fuzz targets (linked into Tests/Fuzz/*Fuzz as FuzzEntry.swift).
//
// Built by Tests/Fuzz/run_fuzzers.sh with -sanitize=fuzzer and -DCAMPUSCAL_LIBFUZZER, libFuzzer supplies
// `main` and calls `LLVMFuzzerTestOneInput` once per input. In an ordinary build there is no libFuzzer
// runtime, so the target gets a `main` of its own that replays files instead: pass corpus files or
// folders (e.g. a crash reproducer) to run them through the same code without the fuzz build.

import Foundation

#if CAMPUSCAL_LIBFUZZER
    /// Called by libFuzzer with one input; 0 means "keep going" (-1 would drop it from the corpus).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
#else
    @main
    enum FuzzReplay {
        static func main() {
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE-OR-FOLDER...\n".utf8))
                exit(2)
            }
            var count = 0
            for path in paths {
                for file in files(at: URL(fileURLWithPath: path)) {
                    guard let data = FileManager.default.contents(atPath: file.path) else {
                        FileHandle.standardError.write(Data("cannot read \(file.path)\n".utf8))
                        exit(1)
                    }
                    FileHandle.standardError.write(Data("running \(file.path)\n".utf8))
                    FuzzTarget.run(Array(data))
                    count += 1
                }
            }
            print("\(count) inputs ran without a crash")
        }

        /// `url` itself, or the files of a folder (not recursively), sorted so runs are repeatable.
        static func files(at url: URL) -> [URL] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { return [url] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.sorted().map { url.appendingPathComponent($0) }
        }
    }
#endif
