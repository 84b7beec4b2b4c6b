import TestSupport
import Testing

@testable import MsgfmtCore

/// `StyledTextBuilder.styledSegments` finds each run's entities by testing them all (as
/// bits) when they come in order of offset; the sweep over starts and ends
/// (`sweptSegments`) is the reference it must match, run for run and style for style.
@Suite struct StyledSegmentsFastPathTests {
    @Test(arguments: [false, true])
    func bitsMatchTheSweep(normalized: Bool) {
        var generator = MessageGenerator(seed: 20_261_126)
        var fast = 0
        var joinedSome = 0
        for n in 0..<6000 {
            var message = generator.message()
            if normalized { message = Normalizer.normalize(message, detect: n % 2 == 0).0 }
            let text = UTF16Text(message.text)
            let count = text.count
            // What `build` hands over: entities that style the text, here in order of offset.
            let entities = message.entities.filter {
                $0.offset >= 0 && $0.length > 0 && $0.offset <= count - $0.length && StyleAttributes(kind: $0.kind) != nil
            }.sorted { $0.offset < $1.offset }
            let cuts = count == 0 ? [] : [0, generator.int(0...count), generator.int(0...count)].sorted()
            let runs = StyledTextBuilder.styledSegments(entities, text: text, cuts: cuts)
            let reference = StyledTextBuilder.sweptSegments(entities, text: text, cuts: cuts)
            #expect(runs == reference, "message \(n): \(message)")
            if runs != reference { return }
            // Joining neighbours: the same units in the same styles, no two neighbours alike.
            var joined = runs
            StyledTextBuilder.mergeInPlace(&joined)
            #expect(Self.styleOfEachUnit(joined) == Self.styleOfEachUnit(runs), "message \(n): \(message)")
            #expect(joined.first?.range.lowerBound == runs.first?.range.lowerBound, "message \(n): \(message)")
            for k in joined.indices.dropFirst() {
                #expect(joined[k - 1].range.upperBound == joined[k].range.lowerBound, "message \(n): \(message)")
                #expect(joined[k - 1].style != joined[k].style, "message \(n): \(message)")
            }
            if joined.count < runs.count { joinedSome += 1 }
            if !entities.isEmpty { fast += 1 }
        }
        #expect(fast > 3000)
        #expect(joinedSome > 100)
    }

    /// The style of every unit the runs cover, in order.
    static func styleOfEachUnit(_ runs: [StyledRun]) -> [Style] {
        runs.flatMap { run in run.range.map { _ in run.style } }
    }

    /// A URL's target read from the units (ASCII, no string searched) is the target of its
    /// string (`urlTarget(_:)`), with or without a scheme, in any case.
    @Test func urlTargetsFromUnitsMatchTheStringPath() {
        var random = SeededGenerator(seed: 20_261_127)
        let pieces = ["example.com", "/path?q=1", "https://", "HTTP://", "tg:", "TG:", "tg://resolve", ":/", "://", "é", "x", "."]
        for _ in 0..<5_000 {
            let text = (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let units = UTF16Text(text)
            let lower = random.below(units.count + 1)
            let range = lower..<(lower + random.below(units.count - lower + 1))
            let target = StyledTextBuilder.urlTarget(range, in: units)
            #expect(target == StyledTextBuilder.urlTarget(units.substring(range)), "\(text) \(range)")
        }
    }

    @Test func moreThanSixtyFourEntitiesTakeTheSweep() {
        let text = UTF16Text(String(repeating: "ab", count: 70))
        let entities = (0..<70).map {
            MessageEntity(kind: $0 % 2 == 0 ? .bold : .textLink, offset: $0, length: 70, url: "https://x.example/\($0)")
        }
        let runs = StyledTextBuilder.styledSegments(entities, text: text, cuts: [])
        #expect(runs == StyledTextBuilder.sweptSegments(entities, text: text, cuts: []))
        #expect(runs.count == 140)
        #expect(runs[69].style.link == "https://x.example/1")
    }
}
