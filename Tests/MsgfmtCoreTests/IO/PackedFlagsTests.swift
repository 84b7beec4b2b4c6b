import TestSupport
import Testing

@testable import MsgfmtCore

/// `PackedFlags` reads back what was set, bit by bit, as an array of `Bool` does.
@Suite struct PackedFlagsTests {
    @Test(arguments: [0, 1, 63, 64, 65, 1000])
    func flagsReadBackAsAnArrayOfBoolHoldsThem(count: Int) {
        var rng = SeededGenerator(seed: UInt64(count) + 5)
        var reference = [Bool](repeating: false, count: count)
        var flags = PackedFlags(count: count)
        for _ in 0..<(3 * count) {
            let i = rng.below(count)
            let value = rng.below(3) != 0
            reference[i] = value
            flags[i] = value
        }
        #expect(flags.count == count)
        #expect((0..<count).map { flags[$0] } == reference)
        #expect(PackedFlags(reference) == flags)
    }
}
