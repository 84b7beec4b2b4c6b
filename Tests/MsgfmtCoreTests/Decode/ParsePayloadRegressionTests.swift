import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// Telegram HTML, MarkdownV2 and legacy Markdown inputs with tricky links and payloads on which msgfmt's
/// parsers once disagreed with tdlib (`fixtures/telegram-parse/tdlib-payloads.jsonl`,
/// recorded by `scripts/check_payloads_with_tdlib.py record`): each must give tdlib's error,
/// or tdlib's text and entities (as msgfmt normalizes them), without tdlib.
@Suite struct ParsePayloadRegressionTests {
    /// One recorded case: the input and either tdlib's error or its answer.
    struct Case {
        var line: Int
        var mode: String
        var input: String
        var error: String?
        var tdlib: Message?
    }

    static let cases: [Case] = {
        let url = PackagePaths.fixture("telegram-parse/tdlib-payloads.jsonl")
        guard let data = try? Data(contentsOf: url) else { return [] }
        var cases: [Case] = []
        for (n, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let value = try? JSONParser.parse(Array(line)), let mode = value["mode"]?.stringValue,
                let input = value["input"]?.stringValue
            else {
                Issue.record("fixture line \(n + 1) is unreadable")
                continue
            }
            let tdlib = value["tdlib"].flatMap(TdlibRegressionTests.message)
            let error = value["error"]?.stringValue
            if (tdlib == nil) == (error == nil) { Issue.record("fixture line \(n + 1) needs either tdlib or error") }
            cases.append(Case(line: n + 1, mode: mode, input: input, error: error, tdlib: tdlib))
        }
        return cases
    }()

    @Test func fixturesArePresent() {
        #expect(Self.cases.count >= 200)
        #expect(Set(Self.cases.map(\.mode)) == ["html", "markdown-v2", "markdown"])
        #expect(Self.cases.contains { $0.error != nil } && Self.cases.contains { $0.tdlib != nil })
    }

    @Test func parsersAnswerAsTdlibDid() {
        for c in Self.cases {
            let bytes = Array(c.input.utf8)
            let parsed: Message
            do throws(ParseModeError) {
                switch c.mode {
                case "html": parsed = try TelegramHTMLParser.parse(bytes)
                case "markdown": parsed = try LegacyMarkdownParser.parse(bytes)
                default: parsed = try MarkdownV2Parser.parse(bytes)
                }
            } catch {
                #expect(error.message == c.error, "line \(c.line): \(c.input)")
                continue
            }
            #expect(c.error == nil, "line \(c.line): \(c.input) parsed, tdlib said: \(c.error ?? "")")
            guard let tdlib = c.tdlib else { continue }
            let ours = Normalizer.normalize(parsed, detect: false).0
            let theirs = Normalizer.normalize(tdlib, detect: false).0
            #expect(ours == theirs, "line \(c.line): \(c.input)")
        }
    }
}
