import Testing

@testable import MsgfmtCore

/// The measuring cache of `FontLibrary`: a word's entry is found only for the same units in
/// the same face style, and a word measured from the cache measures as it did when shaped.
@Suite struct WordAdvancesTests {
    static func key(_ text: String, _ style: FaceStyle) -> UInt64 {
        Array(text.utf16).withUnsafeBufferPointer { WordAdvances.key($0, style: style) }
    }

    static func matches(_ entry: WordAdvances, _ text: String, _ style: FaceStyle) -> Bool {
        Array(text.utf16).withUnsafeBufferPointer { entry.matches($0, style: style) }
    }

    @Test func entriesMatchOnlyTheirWordAndStyle() {
        let entry = WordAdvances(units: Array("word".utf16), style: .bold, advances: [1, 2, 3, 4])
        #expect(Self.matches(entry, "word", .bold))
        #expect(!Self.matches(entry, "word", .regular))
        #expect(!Self.matches(entry, "wore", .bold))
        #expect(!Self.matches(entry, "words", .bold))
        #expect(!Self.matches(entry, "wor", .bold))
    }

    @Test func keysTellStylesAndLengthsApart() {
        #expect(Self.key("word", .bold) != Self.key("word", .regular))
        #expect(Self.key("ab", .regular) != Self.key("ba", .regular))
        #expect(Self.key("", .regular) != Self.key("\u{0}", .regular))
    }

    /// The same message measured twice (its words shaped, then found in the cache) has the
    /// same advances, and each word's advances are HarfBuzz's for that word alone.
    @Test func cachedWordsMeasureAsShaped() throws {
        let fonts = try #require(FontLayoutTests.fonts)
        let text = "Cache me: ligatures ffi, \u{645}\u{631}\u{62D}\u{628}\u{627} and 👩‍💻 twice"
        let styled = StyledText(plain: text)
        let units = Array(text.utf16)
        let first = FontMeasurer(styled, library: fonts)
        let second = FontMeasurer(styled, library: fonts)
        for i in 0..<units.count {
            #expect(first.width(of: i..<(i + 1), in: styled.text) == second.width(of: i..<(i + 1), in: styled.text))
        }
        let ligatures = try #require(text.utf16.firstRange(of: "ligatures".utf16))
        let start = text.utf16.distance(from: text.utf16.startIndex, to: ligatures.lowerBound)
        let alone = fonts.shape(Array("ligatures".utf16), style: .regular, direction: 0).width
        #expect(second.width(of: start..<(start + 9), in: styled.text) == alone)
    }
}

/// The font caches stay within their byte limits however many distinct texts are shaped
/// (pictures shape whole line fragments, which rarely repeat), and a text shaped again
/// after its entry was dropped shapes the same.
@Suite struct FontCacheBoundTests {
    @Test func distinctTextsStayWithinTheLimits() throws {
        var o = FontOptions()
        o.families = ["DejaVu Sans"]
        let fonts = try FontLibrary(o)
        let first = fonts.shape(Array("line fragment number 0 of many".utf16), style: .regular, direction: 0)
        var largest = 0
        for n in 0..<40_000 {
            let text = "line fragment number \(n) of many, each one different from the others"
            _ = fonts.shape(Array(text.utf16), style: n % 2 == 0 ? .regular : .bold, direction: 0)
            largest = max(largest, fonts.cachedBytes.shaped)
        }
        #expect(largest > FontLibrary.shapedByteLimit / 2)
        #expect(largest <= FontLibrary.shapedByteLimit)
        let again = fonts.shape(Array("line fragment number 0 of many".utf16), style: .regular, direction: 0)
        #expect(again.advances == first.advances && again.width == first.width)
    }
}
