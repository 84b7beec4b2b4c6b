import TestSupport
import Testing

@testable import MsgfmtCore

/// `StyledTextBuilder.fillRuns` finds each run's entities by testing them all (as bits)
/// when they come in order of offset, and joins each run to the one before it in its block
/// as it goes; the sweep over starts and ends (`sweptSegments`) handed to the blocks by
/// `distribute` is the reference it must match, block for block, run for run and style for
/// style.
@Suite struct StyledSegmentsFastPathTests {
    @Test(arguments: [false, true])
    func bitsMatchTheSweep(normalized: Bool) {
        var generator = MessageGenerator(seed: 20_261_126)
        var fast = 0
        var joinedSome = 0
        var severalBlocks = 0
        for n in 0..<6000 {
            var message = generator.message()
            if normalized { message = Normalizer.normalize(message, detect: n % 2 == 0).0 }
            let text = UTF16Text(message.text)
            let count = text.count
            guard count > 0 else { continue }
            // What `build` hands over: entities that style the text, here in order of offset.
            let entities = message.entities.filter {
                $0.offset >= 0 && $0.length > 0 && $0.offset <= count - $0.length && StyleAttributes(kind: $0.kind) != nil
            }.sorted { $0.offset < $1.offset }
            // Blocks tiling the text from one to three random starts.
            let starts = Set([0, generator.int(0...count - 1), generator.int(0...count - 1)]).sorted()
            let blocks = starts.indices.map {
                Block(kind: .paragraph, range: starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : count), runs: [])
            }
            var filled = blocks
            guard StyledTextBuilder.fillRuns(&filled, entities, text: text) else {
                #expect(entities.count > 64, "message \(n): \(message)")
                continue
            }
            let segments = StyledTextBuilder.sweptSegments(entities, text: text, cuts: blocks.count == 1 ? [] : starts)
            var reference = blocks
            StyledTextBuilder.distribute(segments, into: &reference)
            #expect(filled == reference, "message \(n): \(message)")
            if filled != reference { return }
            // Joined: the same units in the same styles as the segments, each block tiled,
            // no two neighbours in a block alike.
            let runs = filled.flatMap(\.runs)
            #expect(Self.styleOfEachUnit(runs) == Self.styleOfEachUnit(segments), "message \(n): \(message)")
            for block in filled {
                #expect(block.runs.first?.range.lowerBound == block.range.lowerBound, "message \(n): \(message)")
                #expect(block.runs.last?.range.upperBound == block.range.upperBound, "message \(n): \(message)")
                for k in block.runs.indices.dropFirst() {
                    #expect(block.runs[k - 1].range.upperBound == block.runs[k].range.lowerBound, "message \(n): \(message)")
                    #expect(block.runs[k - 1].style != block.runs[k].style, "message \(n): \(message)")
                }
            }
            if runs.count < segments.count { joinedSome += 1 }
            if !entities.isEmpty { fast += 1 }
            if blocks.count > 1 { severalBlocks += 1 }
        }
        #expect(fast > 3000)
        #expect(joinedSome > 25)  // rarer among normalized entities, which are already joined
        #expect(severalBlocks > 1000)
    }

    /// The style of every unit the runs cover, in order.
    static func styleOfEachUnit(_ runs: [StyledRun]) -> [Style] {
        runs.flatMap { run in run.range.map { _ in run.style } }
    }

    /// A URL's target read from the units (ASCII, no string searched) is the target of its
    /// string (`urlTarget(_:)`), with or without a scheme, in any case.
    @Test func urlTargetsFromUnitsMatchTheStringPath() {
        var random = SeededGenerator(seed: 20_261_127)
        let pieces = [
            "example.com", "/path?q=1", "https://", "HTTP://", "tg:", "TG:", "tg://resolve", ":/", "://", "é", "x", ".",
            "javascript:", "mailto:", ":8080", "@",
        ]
        for _ in 0..<5_000 {
            let text = (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let units = UTF16Text(text)
            let lower = random.below(units.count + 1)
            let range = lower..<(lower + random.below(units.count - lower + 1))
            let target = StyledTextBuilder.urlTarget(range, in: units)
            #expect(target == StyledTextBuilder.urlTarget(units.substring(range)), "\(text) \(range)")
        }
    }

    /// A URL with a scheme msgfmt does not link keeps it, so it is shown without a link;
    /// a host (with a port) gets `http://`, an allowed scheme stays as it is.
    @Test func urlTargetsKeepTheirSchemes() {
        #expect(StyledTextBuilder.urlTarget("javascript:alert(5)") == "javascript:alert(5)")
        #expect(StyledTextBuilder.urlTarget("JavaScript:alert(5)") == "JavaScript:alert(5)")
        #expect(StyledTextBuilder.urlTarget("mailto:a@b.example") == "mailto:a@b.example")
        #expect(StyledTextBuilder.urlTarget("example.com:8080/path") == "http://example.com:8080/path")
        #expect(StyledTextBuilder.urlTarget("example.com/a?b=c") == "http://example.com/a?b=c")
        #expect(LinkPolicy.safeURI(StyledTextBuilder.urlTarget("javascript:alert(5)")) == nil)
    }

    /// The insertion sort of the boundaries against the standard sort, on random lists
    /// of 0 to 140 values, nearly sorted or not, and on lists past its limit; by a key with
    /// ties too, where both keep equal keys in order.
    @Test func boundariesSortAsTheStandardSortDoes() {
        var random = SeededGenerator(seed: 20_261_128)
        for round in 0..<3_000 {
            let count = round % 10 == 0 ? StyledTextBuilder.insertionSortLimit + random.below(300) : random.below(141)
            var list = (0..<count).map { _ in random.below(60) }
            if round % 2 == 0 { list = list.sorted().enumerated().map { $1 + ($0 % 3 == 0 ? random.below(5) : 0) } }
            var sorted = list
            sorted.withUnsafeMutableBufferPointer { StyledTextBuilder.sortNearlySorted($0) }
            #expect(sorted == list.sorted(), "\(list)")
            // Positions sorted by a key with ties (a tenth of the value): stable, as the
            // standard sort is.
            var positions = Array(list.indices)
            positions.withUnsafeMutableBufferPointer { StyledTextBuilder.sortNearlySorted($0) { list[$0] / 10 } }
            #expect(positions == list.indices.sorted { list[$0] / 10 < list[$1] / 10 }, "\(list)")
        }
    }

    /// A thousand pre entities listed back to front: blocks in order, one a pre, one a
    /// paragraph, tiling the text (the long lists take the standard sorts).
    @Test func manyBlocksListedBackToFront() {
        let text = String(repeating: "ab", count: 1_000)
        let entities = (0..<1_000).reversed().map { MessageEntity(kind: .pre, offset: 2 * $0, length: 1, language: "c\($0)") }
        let styled = StyledTextBuilder.build(Message(text: text, entities: entities))
        #expect(styled.blocks.count == 2_000)
        #expect(styled.blocks.map(\.range) == (0..<2_000).map { $0..<($0 + 1) })
        #expect(styled.blocks[0].kind == .pre(language: "c0"))
        #expect(styled.blocks[1].kind == .paragraph)
        #expect(styled.blocks[1_998].kind == .pre(language: "c999"))
        #expect(styled.blocks.allSatisfy { $0.runs.map(\.range) == [$0.range] })
    }

    @Test func moreThanSixtyFourEntitiesTakeTheSweep() {
        let text = UTF16Text(String(repeating: "ab", count: 70))
        let entities = (0..<70).map {
            MessageEntity(kind: $0 % 2 == 0 ? .bold : .textLink, offset: $0, length: 70, url: "https://x.example/\($0)")
        }
        var blocks = [Block(kind: .paragraph, range: 0..<140, runs: [])]
        #expect(!StyledTextBuilder.fillRuns(&blocks, entities, text: text))
        #expect(blocks[0].runs.isEmpty)
        let segments = StyledTextBuilder.sweptSegments(entities, text: text, cuts: [])
        #expect(segments.count == 140)
        #expect(segments[69].style.link == "https://x.example/1")
        StyledTextBuilder.distribute(segments, into: &blocks)
        #expect(StyledTextBuilder.build(Message(text: text.string, entities: entities)).blocks == blocks)
    }
}
