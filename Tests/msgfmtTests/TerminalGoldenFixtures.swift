import Foundation
import TestSupport
import Testing

/// Black-box golden fixtures: `fixtures/<area>/<case>/` with `args` (one argument a
/// line), `message.json` (standard input) and `expected.<ext>` (standard output).
/// `MSGFMT_RECORD=1` rewrites the expected files; review them by eye before committing.
enum TerminalGoldenFixtures {
    static let root = PackagePaths.fixtures

    /// The cases of `area` that are black-box cases (they have an `args` file).
    static func cases(_ area: String) -> [String] {
        let dir = root.appendingPathComponent(area)
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted().filter {
            FileManager.default.fileExists(atPath: dir.appendingPathComponent($0).appendingPathComponent("args").path)
        }
    }

    /// Runs one case and compares (or records) its output.
    static func check(area: String, name: String, ext: String) throws {
        let dir = root.appendingPathComponent(area).appendingPathComponent(name)
        let args = try String(contentsOf: dir.appendingPathComponent("args"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let input = try Data(contentsOf: dir.appendingPathComponent("message.json"))
        let result = try Binary.run(args, stdinData: input, environment: TerminalTestSupport.env())
        try GoldenFile.check(result.stdout, against: dir.appendingPathComponent("expected.\(ext)"))
    }
}

/// `--to ansi` golden fixtures through the whole pipeline.
@Suite struct ANSIGoldenTests {
    @Test(arguments: TerminalGoldenFixtures.cases("ansi"))
    func ansi(_ name: String) throws {
        try TerminalGoldenFixtures.check(area: "ansi", name: name, ext: "ansi")
    }
}

/// `--to html` golden fixtures through the whole pipeline.
@Suite struct HTMLGoldenTests {
    @Test(arguments: TerminalGoldenFixtures.cases("html"))
    func html(_ name: String) throws {
        try TerminalGoldenFixtures.check(area: "html", name: name, ext: "html")
    }

    @Test func blackBoxFixturesExist() {
        #expect(TerminalGoldenFixtures.cases("ansi").count >= 6)
        #expect(TerminalGoldenFixtures.cases("html").count >= 6)
    }
}
