import Foundation
import Testing

/// Every committed DAV fuzz input (Tests/Fuzz/corpus/davxml) through the same code as the
/// libFuzzer target, so an input that once crashed or hung the readers stays fixed without the
/// fuzz build. `DAVXMLFuzzInput.swift` next to this one is a link to the target's own file.
@Suite("DAV fuzz corpus replay")
struct DAVXMLCorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus/davxml")

    static var inputs: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted() }

    @Test func theCorpusIsThere() { #expect(Self.inputs.count >= 10) }

    @Test(arguments: inputs)
    func davInputRunsToTheEnd(_ input: String) throws {
        DAVXMLFuzzInput.run(Array(try Data(contentsOf: Self.corpus.appendingPathComponent(input))))
    }
}
