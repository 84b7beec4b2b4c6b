import Foundation
import TestSupport
import Testing

/// Golden cases under `fixtures/decode/<case>/`: `args` (one argument per line) and `input`
/// (standard input) beside `expected.stdout`, `expected.stderr` and `expected.status`.
/// `MSGFMT_RECORD=1 swift test` rewrites the expected files.
@Suite struct DecodeGoldenTests {
    static let root = PackagePaths.fixture("decode")

    static let cases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent("\($0)/args").path) }.sorted()
    }()

    @Test func casesArePresent() {
        #expect(Self.cases.count >= 10)
    }

    @Test(arguments: cases)
    func golden(_ name: String) throws {
        let dir = Self.root.appendingPathComponent(name)
        let args = try String(contentsOf: dir.appendingPathComponent("args"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let input = try String(contentsOf: dir.appendingPathComponent("input"), encoding: .utf8)
        let result = try Binary.run(args, stdin: input)
        let actual = ["expected.stdout": result.stdout, "expected.stderr": result.stderr, "expected.status": "\(result.status)\n"]
        for (file, text) in actual.sorted(by: { $0.key < $1.key }) {
            try GoldenFile.check(text, against: dir.appendingPathComponent(file))
        }
    }
}
