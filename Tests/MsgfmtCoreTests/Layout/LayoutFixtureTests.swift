import Foundation
import Testing
@testable import MsgfmtCore

/// Golden layouts under `fixtures/layout/`; `MSGFMT_RECORD=1` rewrites the expected files.
@Suite struct LayoutFixtureTests {
    static let record = ProcessInfo.processInfo.environment["MSGFMT_RECORD"] == "1"

    @Test(arguments: try LayoutFixture.all().map(\.name))
    func fixture(_ name: String) throws {
        let fixture = try LayoutFixture(name: name)
        let (text, json, problems) = fixture.render()
        #expect(problems == [])
        let textURL = fixture.directory.appendingPathComponent("expected.txt")
        let jsonURL = fixture.directory.appendingPathComponent("expected.json")
        if Self.record {
            try text.write(to: textURL, atomically: true, encoding: .utf8)
            try json.write(to: jsonURL, atomically: true, encoding: .utf8)
            return
        }
        #expect(text == (try String(contentsOf: textURL, encoding: .utf8)), "\(name)/expected.txt differs; rerun with MSGFMT_RECORD=1 and review the diff")
        #expect(json == (try String(contentsOf: jsonURL, encoding: .utf8)), "\(name)/expected.json differs; rerun with MSGFMT_RECORD=1 and review the diff")
    }

    @Test func everyFixtureHasExpectedOutput() throws {
        let cases = try LayoutFixture.all()
        #expect(cases.count >= 20)
        for fixture in cases where !Self.record {
            #expect(FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("expected.txt").path), "\(fixture.name)")
        }
    }
}
