import Testing

@testable import MsgfmtCore

/// Blocks and runs built from normalized entities.
@Suite struct StyledTextBuilderTests {
    @Test func blocksAndRunsTileTheText() {
        let text = "quote\nlink code\nlet x = 1\nend"
        let message = Message(
            id: 3, text: text,
            entities: [
                MessageEntity(kind: .expandableBlockquote, offset: 0, length: 6),
                MessageEntity(kind: .bold, offset: 0, length: 5),
                MessageEntity(kind: .textLink, offset: 6, length: 4, url: "https://example.com/"),
                MessageEntity(kind: .code, offset: 11, length: 4),
                MessageEntity(kind: .pre, offset: 16, length: 10, language: "swift"),
            ])
        let styled = StyledTextBuilder.build(message)
        #expect(styled.messageID == 3)
        #expect(styled.blocks.map(\.range) == [0..<6, 6..<16, 16..<26, 26..<29])
        #expect(styled.blocks.map(\.kind) == [.paragraph, .paragraph, .pre(language: "swift"), .paragraph])
        #expect(styled.blocks.map { $0.quote != nil } == [true, false, false, false])
        #expect(styled.blocks[0].quote == BlockQuote(index: 0, expandable: true))
        #expect(styled.blocks[2].kind == .pre(language: "swift"))
        #expect(styled.blocks[0].runs.map(\.range) == [0..<5, 5..<6])
        #expect(styled.blocks[0].runs[0].style.attributes == [.bold, .expandableBlockquote])
        #expect(styled.blocks[1].runs.map(\.range) == [6..<10, 10..<11, 11..<15, 15..<16])
        #expect(styled.blocks[1].runs[0].style.link == "https://example.com/")
        #expect(styled.blocks[1].runs[2].style.attributes == [.code])
        #expect(styled.blocks[1].runs[3].style == .plain)
    }

    @Test func linkTargets() {
        let message = Message(
            text: "a@b.com +1 (555) x.org",
            entities: [
                MessageEntity(kind: .email, offset: 0, length: 7),
                MessageEntity(kind: .phoneNumber, offset: 8, length: 8),
                MessageEntity(kind: .url, offset: 17, length: 5),
                MessageEntity(kind: .textMention, offset: 16, length: 1, userID: 42),
            ])
        let links = StyledTextBuilder.build(message).runs.compactMap(\.style.link)
        #expect(links == ["mailto:a@b.com", "tel:+1555", "tg://user?id=42", "http://x.org"])
    }

    @Test func emptyText() {
        let styled = StyledTextBuilder.build(Message(text: ""))
        #expect(styled.blocks.count == 1)
        #expect(styled.blocks[0].runs == [StyledRun(range: 0..<0, style: .plain)])
    }

    @Test func runsTileEveryGeneratedMessage() {
        var generator = MessageGenerator(seed: 11)
        for _ in 0..<500 {
            let normalized = Normalizer.normalize(generator.message(), detect: true).0
            let styled = StyledTextBuilder.build(normalized)
            var position = 0
            for block in styled.blocks {
                #expect(block.range.lowerBound == position)
                var inner = block.range.lowerBound
                for run in block.runs {
                    #expect(run.range.lowerBound == inner)
                    inner = run.range.upperBound
                }
                #expect(inner == block.range.upperBound)
                position = block.range.upperBound
            }
            #expect(position == styled.text.count)
        }
    }
}
