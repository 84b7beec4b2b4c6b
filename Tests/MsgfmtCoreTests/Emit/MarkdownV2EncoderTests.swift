import Testing

@testable import MsgfmtCore

/// The bit words behind `MarkdownV2Encoder.isReserved` against the list of characters.
@Suite struct MarkdownV2EncoderTests {
    @Test func reservedBitsAreTheReservedCharacters() {
        let listed = Set(MarkdownV2Encoder.reservedCharacters.utf16)
        #expect(listed.count == 19)
        for u in UInt16(0)...UInt16(0x2FF) {
            #expect(MarkdownV2Encoder.isReserved(u) == listed.contains(u), "U+\(String(u, radix: 16))")
        }
    }
}
