import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// Strings on which msgfmt's auto-detection once differed from tdlib's, with tdlib's
/// answers (`fixtures/telegram/detection-regressions.json`, made with
/// `scripts/compare_detection_with_tdlib.py`): detection must now give exactly those.
@Suite struct DetectionRegressionTests {
    /// The cases: each a `text` and the `entities` tdlib finds in it.
    static let cases: [JSONValue] = {
        let url = PackagePaths.fixture("telegram/detection-regressions.json")
        guard let data = try? Data(contentsOf: url), let value = try? JSONParser.parse(Array(data)) else { return [] }
        return value.arrayValue ?? []
    }()

    @Test func casesArePresent() {
        #expect(Self.cases.count >= 300)
    }

    @Test func detectionMatchesTdlib() {
        var mismatches = 0
        for testCase in Self.cases {
            let text = testCase["text"]?.stringValue ?? ""
            let found = EntityDetector.detect(in: UTF16Text(text))
            let expected = TelegramVectors.expected(testCase, key: "entities")
            if found != expected { mismatches += 1 }
            #expect(found == expected, "\(text.debugDescription)")
        }
        #expect(mismatches == 0, "\(mismatches) of \(Self.cases.count) cases differ")
    }
}
