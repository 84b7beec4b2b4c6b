import Testing

@testable import MsgfmtCore

/// The bit words behind `MarkdownV2Encoder.isReserved` against the list of characters, and
/// the hoisted run scan against the test it hoists.
@Suite struct MarkdownV2EncoderTests {
    @Test func reservedBitsAreTheReservedCharacters() {
        let listed = Set(MarkdownV2Encoder.reservedCharacters.utf16)
        #expect(listed.count == 19)
        for u in UInt16(0)...UInt16(0x2FF) {
            #expect(MarkdownV2Encoder.isReserved(u) == listed.contains(u), "U+\(String(u, radix: 16))")
        }
    }

    @Test(arguments: [false, true])
    func verbatimRunsEndWhereTheUnitTestSays(code: Bool) {
        // Every unit once, alone and behind a run of letters, so each stop is seen.
        for u in UInt16(0)...UInt16.max {
            let units: [UInt16] = [0x61, 0x0430, 0x4E2D, u, 0x61]
            let end = units.withUnsafeBufferPointer { MarkdownV2Encoder.verbatimEnd($0, from: 0, to: $0.count, code: code) }
            var expected = 0
            while expected < units.count, MarkdownV2Encoder.isVerbatim(units[expected], code: code) { expected += 1 }
            #expect(end == expected, "U+\(String(u, radix: 16)) code: \(code)")
            if end != expected { return }
        }
    }
}
