import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// Decoding an input as it arrives, line by line, gives exactly what decoding it read
/// whole gives, wherever the reads happen to split it.
@Suite struct StreamingDecodeTests {
    static let handMade: [String] = [
        "",
        "\n\n \r\n",
        "{\"text\":\"one\"}",
        "{\"text\":\"one\"}\n\n  \n",
        "\n\n{\"caption\":5}\n",
        "\u{FEFF}{\"text\":\"a\"}\n{\"text\":\"b\"}\n",
        "{\"text\":\"a\"}\r\n{\"text\":\"b\"}\r\n",
        "{\"text\":\"a\"}\n\n{\"text\":\"b\",\"entities\":[{\"type\":\"bold\",\"offset\":0,\"length\":9}]}\n\n",
        "{\"text\":\"a\"}\n{\"text\":\n{\"text\":\"c\"}\n42\n[{\"text\":\"d\"},{\"text\":\"e\"}]\n",
        "{\"text\":\n{\"text\":\"b\"}\n{\"text\":\"c\"}",
        "{\n  \"text\": \"pretty\",\n  \"entities\": []\n}\n",
        "[\n{\"text\":\"a\"},\n{\"text\":\"b\"}\n]",
        "[{\"text\":\"a\"}]\n[{\"text\":\"b\"}]",
        "{\"ok\":true,\"result\":[{\"update_id\":1,\"message\":{\"message_id\":3,\"text\":\"hi\"}}]}\n{\"ok\":false,\"description\":\"no\"}",
        "{\"name\":\"Chat\",\"type\":\"personal_chat\",\"id\":1,\"messages\":[]}",
        "{\"text\":\"a\",\"messages\":[1]}\n{\"text\":\"b\"}",
        "hello *world*\nsecond line",
        "[link](https://example.com) and more",
        "{\"text\":\"no newline at the end\"}\n{\"text\":\"last\"}",
        "{\"text\":\"" + String(repeating: "long ", count: 30_000) + "\"}\n{\"text\":\"after\"}\n",
        "{\"text\":\"a\u{0}b\"}\n\u{1}\n",
        "{\"text\":\"\\ud800\"}\n{\"text\":\"\u{1F600}\"}",
    ]

    static let formats: [InputFormat] = [.auto, .botAPI, .text, .markdownV2, .html, .tdesktop]

    @Test(arguments: formats)
    func handMadeInputsDecodeAlike(format: InputFormat) {
        for input in Self.handMade {
            expectSame(Array(input.utf8), format: format)
        }
    }

    /// The shipped examples and decode fixtures, whole and cut at random places, with
    /// blank lines and carriage returns thrown in.
    @Test func fixturesDecodeAlikeWholeAndCut() throws {
        let root = PackagePaths.root
        var inputs: [[UInt8]] = []
        for path in [
            "examples/welcome.jsonl", "fixtures/decode/corpus.jsonl", "fixtures/decode/botapi-messy/input",
            "fixtures/decode/jsonl-errors/input", "fixtures/decode/getupdates/input", "fixtures/hostile/botapi-jsonl-mixed.json",
            "fixtures/hostile/botapi-invalid-utf8.json", "fixtures/hostile/botapi-huge-numbers.json",
        ] {
            let url = root.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            inputs.append(Array(data))
        }
        #expect(inputs.count >= 6)
        var rng = SeededGenerator(seed: 0x57AE)
        for bytes in inputs {
            expectSame(bytes, format: .auto)
            expectSame(bytes, format: .botAPI)
            for _ in 0..<12 {
                var cut = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
                for _ in 0..<3 where !cut.isEmpty {
                    let at = Int.random(in: 0...cut.count, using: &rng)
                    cut.insert(contentsOf: [[0x0A], [0x0D, 0x0A], [0x20, 0x0A, 0x0A]].randomElement(using: &rng)!, at: at)
                }
                expectSame(cut, format: Bool.random(using: &rng) ? .auto : .botAPI)
            }
        }
    }

    /// JSON Lines reach the decoder one line at a time: each message is handed out before
    /// the next line has been read.
    @Test func jsonLinesAreHandedOutAsTheyArrive() throws {
        let lines = (1...5).map { "{\"message_id\":\($0),\"text\":\"m\($0)\"}\n" }
        let reader = InputReader(name: "t", bytes: Array(lines.joined().utf8), chunkSize: 1)
        var readsBeforeItem: [Int] = []
        var reads = 0
        reader.willRead = {
            reads += 1
            return true
        }
        try MessageDecoder.decode(reader, options: DecodeOptions(format: .auto)) { _ in readsBeforeItem.append(reads) }
        // With one byte per read, message k is out once its line is in, and no later.
        let lineEnds = lines.indices.map { lines[0...$0].joined().utf8.count }
        #expect(readsBeforeItem == lineEnds)
    }

    /// A reader told to stop (the output is gone) ends the input there, without decoding
    /// what it holds as a cut document.
    @Test func stoppedReadingEndsQuietly() throws {
        let text = "{\"text\":\"a\"}\n{\"text\":\"b\"}\n{\"text\":\"c\"}\n"
        let reader = InputReader(name: "t", bytes: Array(text.utf8), chunkSize: 4)
        var reads = 0
        reader.willRead = {
            reads += 1
            return reads <= 5
        }
        var items: [DecodedItem] = []
        try MessageDecoder.decode(reader, options: DecodeOptions(format: .botAPI)) { items.append($0) }
        #expect(reader.stopped)
        #expect(items.count == 1)
        let cut = InputReader(name: "t", bytes: Array("{\n\"text\": \"a document\"\n}".utf8), chunkSize: 4)
        cut.willRead = { false }
        var none: [DecodedItem] = []
        try MessageDecoder.decode(cut, options: DecodeOptions(format: .botAPI)) { none.append($0) }
        #expect(none.isEmpty)
    }

    func expectSame(_ bytes: [UInt8], format: InputFormat, sourceLocation: SourceLocation = #_sourceLocation) {
        let options = DecodeOptions(format: format)
        let whole = MessageDecoder.decode(InputFile(name: "t", bytes: bytes), options: options)
        for chunk in [1, 2, 3, 7, 64, 1 << 16] {
            var streamed: [DecodedItem] = []
            let reader = InputReader(name: "t", bytes: bytes, chunkSize: chunk)
            do {
                try MessageDecoder.decode(reader, options: options) { streamed.append($0) }
            } catch {
                Issue.record("reading failed: \(error)", sourceLocation: sourceLocation)
            }
            #expect(
                streamed == whole, "\(format), chunks of \(chunk): \(String(decoding: bytes.prefix(120), as: UTF8.self).debugDescription)",
                sourceLocation: sourceLocation)
        }
    }
}
