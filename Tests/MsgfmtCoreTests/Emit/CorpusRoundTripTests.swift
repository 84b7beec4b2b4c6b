import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// The generated Bot API corpus in `fixtures/decode/corpus.jsonl` survives re-encoding to
/// MarkdownV2 and Telegram HTML and parsing back.
@Suite struct CorpusRoundTripTests {
    static let messages: [Message] = {
        let url = PackagePaths.fixture("decode/corpus.jsonl")
        guard let data = try? Data(contentsOf: url) else { return [] }
        return MessageDecoder.decode(InputFile(name: "corpus", bytes: Array(data)), options: DecodeOptions(format: .botAPI)).compactMap {
            if case .message(let m, _) = $0 { Normalizer.normalize(m, detect: false).0 } else { nil }
        }
    }()

    @Test func corpusIsPresent() {
        #expect(Self.messages.count > 300)
    }

    @Test func markdownV2() throws {
        for (n, message) in Self.messages.enumerated() {
            let expected = MarkdownV2Encoder.representable(message)
            let source = MarkdownV2Encoder.encode(message)
            var back = Normalizer.normalize(try MarkdownV2Parser.parse(Array(source.utf8)), detect: false).0
            back.id = message.id
            #expect(back == expected, "message \(n)")
        }
    }

    @Test func telegramHTML() throws {
        for (n, message) in Self.messages.enumerated() {
            let source = TelegramHTMLEncoder.encode(message)
            var back = Normalizer.normalize(try TelegramHTMLParser.parse(Array(source.utf8)), detect: false).0
            back.id = message.id
            #expect(back == TelegramHTMLEncoder.representable(message), "message \(n)")
        }
    }
}
