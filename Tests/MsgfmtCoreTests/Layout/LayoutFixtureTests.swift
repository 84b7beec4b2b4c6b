import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// Golden layouts under `fixtures/layout/`; `MSGFMT_RECORD=1` rewrites the expected files.
@Suite struct LayoutFixtureTests {
    @Test(arguments: try LayoutFixture.all().map(\.name))
    func fixture(_ name: String) throws {
        let fixture = try LayoutFixture(name: name)
        let (text, json, problems) = fixture.render()
        #expect(problems == [])
        try GoldenFile.check(text, against: fixture.directory.appendingPathComponent("expected.txt"))
        try GoldenFile.check(json, against: fixture.directory.appendingPathComponent("expected.json"))
    }

    @Test func everyFixtureHasExpectedOutput() throws {
        let cases = try LayoutFixture.all()
        #expect(cases.count >= 20)
        for fixture in cases where !GoldenFile.isRecording {
            #expect(
                FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("expected.txt").path), "\(fixture.name)")
        }
    }
}
