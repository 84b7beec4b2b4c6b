import Testing

@testable import MsgfmtCore

/// An entity may start a block inside a grapheme cluster (offsets are UTF-16 units); the
/// block is drawn from a line start, so its text is segmented on its own there — regional
/// indicators after the cut pair up anew (found by FuzzLayout).
@Suite struct BlockSplitClusterTests {
    @Test(arguments: [2, 4])
    func blocksStartingInsideAClusterAreSegmentedAfresh(_ quoteStart: Int) {
        // 🇺🇦 then a lone 🇯: a quote from unit 2 holds 🇦🇯, which draws as one flag.
        let text = "\u{1F1FA}\u{1F1E6}\u{1F1EF} ab"
        let message = Message(text: text, entities: [MessageEntity(kind: .blockquote, offset: quoteStart, length: 8 - quoteStart)])
        let utf16 = UTF16Text(text)
        let styled = StyledTextBuilder.build(Normalizer.normalize(message, text: utf16, detect: false).0, text: utf16)
        #expect(styled.blocks.contains { $0.range.lowerBound == quoteStart })
        LayoutTestSupport.expectDrawnAsMeasured(styled, width: 20)
    }

    @Test func piecesAreSegmentedSeparately() {
        let text = UTF16Text("\u{1F1FA}\u{1F1E6}\u{1F1EF}")
        let whole = GraphemeSegmenter.boundaries(in: text)
        #expect(whole == [4, 6])
        #expect(ClusterTable.splitting(whole, at: [0, 2], text: text) == [2, 6])
        #expect(ClusterTable.splitting(whole, at: [0, 4], text: text) == whole)
    }
}
