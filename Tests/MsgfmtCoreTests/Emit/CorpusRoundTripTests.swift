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

    /// The renderer chooses the entities the Telegram encoders write, once, and hands them
    /// to the emitters (`RenderedMessage.telegramEntities`): the lines are those the
    /// encoders write choosing for themselves.
    @Test(arguments: [OutputFormat.markdownV2, .telegramHTML])
    func renderedLinesAreTheEncodersOwn(_ format: OutputFormat) throws {
        var options = RenderOptions()
        options.to = format
        let renderer = Renderer(options: options)
        for (n, message) in Self.messages.enumerated() {
            let rendered = renderer.process(message, index: n, diagnostics: [])
            #expect(rendered.telegramEntities != nil || message.entities.isEmpty, "message \(n)")
            var out: [UInt8] = []
            if format == .markdownV2 {
                var emitter = MarkdownV2Emitter()
                emitter.prepare(rendered, into: &out)
                #expect(String(decoding: out, as: UTF8.self) == MarkdownV2Encoder.encode(message) + "\n", "message \(n)")
            } else {
                TelegramHTMLEmitter().prepare(rendered, into: &out)
                #expect(String(decoding: out, as: UTF8.self) == TelegramHTMLEncoder.encode(message) + "\n", "message \(n)")
            }
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
