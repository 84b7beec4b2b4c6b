import Testing

@testable import MsgfmtCore

/// `--to markdown-v2` skips normalizing a normalized message again when it only drops the
/// kinds Telegram detects by itself; that shortcut must give exactly what normalizing gives.
@Suite struct RepresentableFastPathTests {
    @Test(arguments: [false, true])
    func shortcutMatchesNormalizingAgain(detect: Bool) {
        var generator = MessageGenerator(seed: 20_261_122)
        var shortcuts = 0
        for n in 0..<6000 {
            let normalized = Normalizer.normalize(generator.message(), detect: detect).0
            let text = UTF16Text(normalized.text)
            let fast = MarkdownV2Encoder.representable(normalized, text: text, normalized: true)
            let full = MarkdownV2Encoder.representable(normalized, text: text, normalized: false)
            #expect(fast == full, "message \(n): \(normalized)")
            if fast != full { return }
            if fast.entities.count < normalized.entities.count { shortcuts += 1 }
        }
        // The generator drops detectable kinds often enough for the shortcut to be exercised.
        #expect(shortcuts > 500)
    }

    @Test func stylePiecesAroundADroppedURLAreJoined() {
        // Bold split around a URL it partly overlaps: once the URL goes, the pieces touch.
        let message = Message(
            text: "see https://example.com now",
            entities: [
                MessageEntity(kind: .bold, offset: 0, length: 10),
                MessageEntity(kind: .url, offset: 4, length: 19),
            ])
        let normalized = Normalizer.normalize(message, detect: false).0
        let reduced = MarkdownV2Encoder.representable(normalized, text: UTF16Text(normalized.text), normalized: true)
        #expect(reduced.entities.filter { $0.kind == .url }.isEmpty)
        #expect(reduced == MarkdownV2Encoder.representable(normalized))
    }

    @Test func entitiesCrossingAGrownQuoteAreSplit() {
        // The quote takes its newline; bold starting at that newline now crosses its end.
        let message = Message(
            text: "quote\nnext line",
            entities: [
                MessageEntity(kind: .blockquote, offset: 0, length: 5),
                MessageEntity(kind: .bold, offset: 5, length: 5),
                MessageEntity(kind: .italic, offset: 2, length: 3),
            ])
        let normalized = Normalizer.normalize(message, detect: false).0
        let reduced = MarkdownV2Encoder.representable(normalized, text: UTF16Text(normalized.text), normalized: true)
        #expect(reduced.entities.first == MessageEntity(kind: .blockquote, offset: 0, length: 6))
        #expect(reduced == MarkdownV2Encoder.representable(normalized))
    }

    @Test func joinableNeighboursAreFound() {
        let bold = { (o: Int, l: Int) in MessageEntity(kind: .bold, offset: o, length: l) }
        #expect(EntityOrder.hasJoinableNeighbours([bold(0, 2), bold(2, 3)]))
        #expect(EntityOrder.hasJoinableNeighbours([bold(0, 4), MessageEntity(kind: .italic, offset: 1, length: 1), bold(3, 3)]))
        #expect(!EntityOrder.hasJoinableNeighbours([bold(0, 2), bold(3, 3)]))
        #expect(!EntityOrder.hasJoinableNeighbours([bold(0, 2), MessageEntity(kind: .italic, offset: 2, length: 3)]))
        let link = { (o: Int, url: String) in MessageEntity(kind: .textLink, offset: o, length: 2, url: url) }
        #expect(!EntityOrder.hasJoinableNeighbours([link(0, "a"), link(2, "b")]))
        #expect(EntityOrder.hasJoinableNeighbours([link(0, "a"), link(2, "a")]))
    }
}
