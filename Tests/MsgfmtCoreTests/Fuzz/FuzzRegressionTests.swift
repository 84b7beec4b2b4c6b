import Foundation
import FuzzSupport
import TestSupport
import Testing

/// Replays every input saved under `fixtures/fuzz-regressions/<target>/` (crashes the
/// fuzzers once found, now fixed) through the same checks the fuzz target runs, and a
/// quick pass of every target over the hostile corpus.
@Suite struct FuzzRegressionTests {
    static let root = PackagePaths.fixtures

    /// The regular files directly under `directory`, sorted.
    static func files(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func savedCrashesStayFixed(_ target: FuzzTarget) throws {
        let directory = Self.root.appendingPathComponent("fuzz-regressions/\(target.rawValue)")
        for file in Self.files(in: directory) {
            let bytes = try [UInt8](Data(contentsOf: file))
            let problems = target.thoroughCheck(bytes)
            #expect(problems.isEmpty, "\(target.rawValue)/\(file.lastPathComponent): \(problems)")
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func hostileCorpusKeepsInvariants(_ target: FuzzTarget) throws {
        let files = Self.files(in: Self.root.appendingPathComponent("hostile")).filter {
            $0.pathExtension != "md" && $0.pathExtension != "args"
        }
        #expect(files.count >= 10)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            let problems = target.thoroughCheck(bytes)
            #expect(problems.isEmpty, "\(target.rawValue) on hostile/\(file.lastPathComponent): \(problems)")
        }
    }
}
