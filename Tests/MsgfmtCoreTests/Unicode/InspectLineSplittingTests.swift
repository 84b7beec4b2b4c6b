import TestSupport
import Testing

@testable import MsgfmtCore

/// JSON Lines are cut at newlines with `memchr`; the lines and their numbers must be what
/// a plain split gives.
@Suite struct InspectLineSplittingTests {
    @Test func linesMatchAPlainSplit() {
        var rng = SeededGenerator(seed: 0x6c69_6e65)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                [UInt8(0x0A), 0x0D, 0x61, 0x7B, 0xD0][Int.random(in: 0..<5, using: &rng)]
            }
            var expected = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
            if bytes.last == 0x0A || bytes.isEmpty { expected.removeLast() }
            let got = InspectInput.splitLines(bytes)
            #expect(got.map { Array($0.1) } == expected, "seed \(rng.seed) \(bytes)")
            #expect(got.map(\.0) == expected.indices.map { $0 + 1 })
        }
    }
}
