import Testing

@testable import MsgfmtCore

/// Fragments that show the message's units keep no strings until asked: what they give —
/// `text`, `display`, their bytes, equality — is what string-held fragments give, and
/// moving one (as transcript lines do) leaves its text alone.
@Suite struct LayoutFragmentTests {
    /// "a😀b", a lone lead surrogate, then "שלום" (the units the fragments point into).
    static let units: [UInt16] = Array("a😀b".utf16) + [0xD800] + Array("שלום".utf16)

    static func fragment(_ range: Range<Int>, display: String? = nil) -> LayoutFragment {
        LayoutFragment(
            x: 0, width: 3, start: range.lowerBound, end: range.upperBound, units: units, display: display, style: .plain, role: .text,
            rtl: false)
    }

    @Test func textAndDisplayAreTheUnitsStrings() {
        let whole = Self.fragment(0..<Self.units.count)
        let expected = String(decoding: Self.units, as: UTF16.self)
        #expect(whole.text == expected)
        #expect(whole.display == expected)
        var bytes = Array("x".utf8)
        whole.appendDisplay(to: &bytes)
        #expect(bytes == Array(("x" + expected).utf8))
        #expect(whole.withTextUTF8 { Array($0) } == Array(expected.utf8))
        // A display of its own (reversed right-to-left text) is drawn instead of the units.
        let rtl = Self.fragment(5..<9, display: "םולש")
        #expect(rtl.text == "שלום")
        #expect(rtl.display == "םולש")
        bytes = []
        rtl.appendDisplay(to: &bytes)
        #expect(bytes == Array("םולש".utf8))
    }

    @Test func equalToTheSameFragmentHeldAsStrings() {
        let fromUnits = Self.fragment(1..<3)
        let fromStrings = LayoutFragment(x: 0, width: 3, start: 1, end: 3, text: "😀", display: "😀", style: .plain)
        #expect(fromUnits == fromStrings)
        #expect(fromUnits.hashValue == fromStrings.hashValue)
        #expect(Self.fragment(1..<3) != Self.fragment(0..<1))
    }

    @Test func movingAFragmentKeepsItsText() {
        var moved = Self.fragment(3..<4)
        moved.start = 0
        moved.end = 0
        #expect(moved.text == "b")
        #expect(moved.display == "b")
        var bytes: [UInt8] = []
        moved.appendDisplay(to: &bytes)
        #expect(bytes == Array("b".utf8))
        // Setting one string keeps the other as it was.
        moved.display = "B"
        #expect(moved.text == "b")
        #expect(moved.display == "B")
    }

    @Test func firstUnitOfTextOrDisplay() {
        #expect(Self.fragment(0..<3).textOrDisplayStarts(with: 0x61))
        #expect(!Self.fragment(1..<3).textOrDisplayStarts(with: 0x61))
        #expect(!Self.fragment(3..<3).textOrDisplayStarts(with: 0x62))
        #expect(Self.fragment(5..<9, display: "\u{200E}x").textOrDisplayStarts(with: 0x200E))
        #expect(Self.fragment(5..<9, display: "x").textOrDisplayStarts(with: 0x5E9))
        let strings = LayoutFragment(x: 0, width: 1, start: 0, end: 1, text: "a", display: "\u{200E}", style: .plain)
        #expect(strings.textOrDisplayStarts(with: 0x61) && strings.textOrDisplayStarts(with: 0x200E))
        #expect(!strings.textOrDisplayStarts(with: 0x62))
    }

    @Test func transcriptLinesKeepRightToLeftText() {
        // Reply quotes are laid out, then moved to offset 0 (`TranscriptText`).
        let line = TranscriptText(constraints: LayoutConstraints()).oneLine("ךמולש 🎉", width: 40)
        #expect(line.fragments.map(\.text).joined() == "ךמולש 🎉")
        #expect(line.width == 8)
    }
}
