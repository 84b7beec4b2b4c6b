import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// Messages whose `--to markdown-v2` or `--to telegram-html` output tdlib once refused or
/// read differently (`fixtures/telegram-roundtrip/tdlib-regressions.jsonl`, recorded by
/// `scripts/check_with_tdlib.py record`): re-encoded and read back by msgfmt's own
/// parser, each must give what tdlib answered to the fixed output, without tdlib.
@Suite struct TdlibRegressionTests {
    /// One recorded case.
    struct Case {
        var line: Int
        var format: String
        var problem: String
        var input: Message
        var tdlib: Message
    }

    static let cases: [Case] = {
        let url = PackagePaths.fixture("telegram-roundtrip/tdlib-regressions.jsonl")
        guard let data = try? Data(contentsOf: url) else { return [] }
        var cases: [Case] = []
        for (n, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let value = try? JSONParser.parse(Array(line)), let format = value["to"]?.stringValue,
                let input = value["input"].flatMap(message), let tdlib = value["tdlib"].flatMap(message)
            else {
                Issue.record("fixture line \(n + 1) is unreadable")
                continue
            }
            cases.append(Case(line: n + 1, format: format, problem: value["problem"]?.stringValue ?? "", input: input, tdlib: tdlib))
        }
        return cases
    }()

    static func message(_ object: JSONValue) -> Message? {
        if case .message(let m, _) = BotAPIDecoder.message(object, index: 0, line: nil) { return m }
        return nil
    }

    /// `message` as Telegram's server stores it: every `\r` deleted, entities shifted and
    /// shortened to match, then normalized (without the date format, which tdlib's
    /// answer, as recorded, does not carry).
    static func asSent(_ message: Message) -> Message {
        var kept = [0]
        for u in message.text.utf16 { kept.append(kept[kept.count - 1] + (u == 0x0D ? 0 : 1)) }
        var sent = Message(text: message.text.replacingOccurrences(of: "\r", with: ""), entities: [])
        for var e in message.entities {
            let start = kept[e.offset]
            let end = kept[e.end]
            e.offset = start
            e.length = end - start
            e.dateTimeFormat = nil
            sent.entities.append(e)
        }
        return Normalizer.normalize(sent, detect: false).0
    }

    @Test func fixturesArePresent() {
        #expect(Self.cases.count >= 50)
        #expect(Set(Self.cases.map(\.format)) == ["markdown-v2", "telegram-html"])
        #expect(Self.cases.contains { $0.problem.contains("Can't find end of") })
    }

    @Test func msgfmtReadsItsOutputAsTdlibDid() {
        for c in Self.cases {
            let normalized = Normalizer.normalize(c.input, detect: false).0
            let parsed: Message
            do throws(ParseModeError) {
                if c.format == "markdown-v2" {
                    parsed = try MarkdownV2Parser.parse(Array(MarkdownV2Encoder.encode(normalized).utf8))
                } else {
                    parsed = try TelegramHTMLParser.parse(Array(TelegramHTMLEncoder.encode(normalized).utf8))
                }
            } catch {
                Issue.record("line \(c.line) (\(c.format), was: \(c.problem)): \(error.message)")
                continue
            }
            #expect(Self.asSent(parsed) == Self.asSent(c.tdlib), "line \(c.line) (\(c.format), was: \(c.problem))")
        }
    }
}
