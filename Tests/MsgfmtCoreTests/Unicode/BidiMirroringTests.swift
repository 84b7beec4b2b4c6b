import CICU
import Testing

@testable import MsgfmtCore

/// Rule L4's mirror glyphs: the generated pairs against ICU for every code point, and
/// right-to-left text drawn with its brackets mirrored (fixtures/layout/rtl-brackets has
/// the golden layout).
@Suite struct BidiMirroringTests {
    @Test func everyCodePointAgreesWithICU() {
        var mismatches: [String] = []
        for value in UInt32(0)...0xFFFF
        where BidiMirroring.glyph(UInt16(value)) != UInt16(truncatingIfNeeded: msgfmt_icu_char_mirror(value)) {
            mismatches.append(
                String(format: "U+%04X: %04X, ICU %04X", value, BidiMirroring.glyph(UInt16(value)), msgfmt_icu_char_mirror(value)))
        }
        // The pairs hold the BMP only: ICU mirrors nothing above it.
        for value in UInt32(0x10000)...0x10FFFF where msgfmt_icu_char_mirror(value) != value {
            mismatches.append(String(format: "U+%05X mirrors to U+%04X", value, msgfmt_icu_char_mirror(value)))
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).joined(separator: "\n"))")
        #expect(CodePointTable.mirroringPairs > 400)
    }

    /// Left-to-right text keeps its characters; right-to-left text shows each bracket
    /// pointing into what it encloses once reversed.
    @Test func rightToLeftBracketsAreMirrored() {
        var constraints = LayoutConstraints()
        constraints.width = 80
        let line = { (text: String) in
            TextLayouter.layout(StyledText(plain: text), constraints).lines.map { line in
                line.fragments.map(\.display).joined()
            }
        }
        #expect(line("a (b) [c] <d>") == ["a (b) [c] <d>"])
        // Logical "(שלום)" reads right to left: ")" is leftmost and drawn as "(".
        #expect(line("(שלום) [עולם]").first?.hasSuffix("[םלוע] (םולש)") == true, "\(line("(שלום) [עולם]"))")
        #expect(line("«שלום»").first?.hasSuffix("«םולש»") == true)
    }
}
