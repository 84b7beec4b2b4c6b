import Testing

@testable import MsgfmtCore

/// Where two fragments of a line meet, the clusters on either side must not fuse when
/// the line is drawn whole: reversed right-to-left runs of different styles, a
/// placeholder or a tab's spaces before a lone emoji modifier, a quote bar or aligning
/// blanks before a line that starts with one. Drawn fused, the line is narrower than laid
/// out; `LineBuilder.keepApart` puts U+200B in between, as it does between the clusters
/// of one fragment (`ReversedClusterTests`).
@Suite struct FragmentJoinTests {
    /// A one-paragraph message of `pieces`, each in its own style (bold when true), in a
    /// quote when `quoted`.
    static func message(_ pieces: [(String, Bool)], quoted: Bool = false) -> StyledText {
        var units: [UInt16] = []
        var runs: [StyledRun] = []
        for (text, bold) in pieces {
            let start = units.count
            units += text.utf16
            runs.append(StyledRun(range: start..<units.count, style: bold ? Style(attributes: .bold) : .plain))
        }
        let block = Block(
            kind: .paragraph, quote: quoted ? BlockQuote(index: 0, expandable: false) : nil, range: 0..<units.count, runs: runs)
        return StyledText(text: UTF16Text(units: units), blocks: [block])
    }

    static let cases: [(name: String, message: StyledText, align: LineAlignment)] = [
        // Logical 🎉 (bold) then 👨‍: reversed, 👨‍ is drawn right before 🎉.
        ("reversed runs", message([("\u{5D0}\u{1F389}", true), ("\u{1F468}\u{200D}\u{5D1}", false)]), .natural),
        // A NUL's placeholder, then a lone modifier in another style.
        ("placeholder", message([("a\u{0}", true), ("\u{1F3FD}b", false)]), .natural),
        // A tab's spaces, then a lone modifier.
        ("tab", message([("a\t", true), ("\u{1F3FD}b", false)]), .natural),
        // A quote bar before a line that starts with a lone modifier.
        ("quote bar", message([("x\n\u{1F3FD}y", false)], quoted: true), .natural),
        // Aligning blanks before a line that starts with a lone modifier.
        ("aligned", message([("x\n\u{1F3FD}y", false)]), .right),
    ]

    @Test(arguments: cases.indices)
    func linesDrawAsWideAsLaidOut(_ k: Int) {
        let (name, styled, align) = Self.cases[k]
        for model in WidthModel.allCases {
            var constraints = LayoutConstraints()
            constraints.width = 20
            constraints.widthModel = model
            constraints.align = align
            let layout = TextLayouter.layout(styled, constraints)
            #expect(LayoutTestSupport.violations(layout, of: styled, constraints).isEmpty, "\(name), \(model)")
            #expect(layout.lines.contains { $0.fragments.contains { $0.display.utf16.contains(LineBuilder.clusterSeparator) } }, "\(name)")
        }
    }

    /// A line written straight from the cluster table (`forEachRun`) gets the separators a
    /// built line gets: the text and ANSI emitters write the same bytes both ways.
    @Test(arguments: cases.indices)
    func plainLinesKeepApartAsBuiltLines(_ k: Int) {
        let (name, styled, align) = Self.cases[k]
        var constraints = LayoutConstraints()
        constraints.width = 20
        constraints.align = align
        let layout = TextLayouter.layout(styled, constraints)
        let built = layout.lines.map { PlainTextEmitter.text(of: $0, spoilers: .reveal) + "\n" }.joined()
        var sink = PlainTextLineSink(spoilers: .reveal)
        TextLayouter.layout(styled, constraints, into: &sink)
        #expect(String(decoding: sink.out, as: UTF8.self) == built, "\(name)")
    }

    /// Where the cheap test says a boundary is certain between two scalars, ICU finds one
    /// there after any text: pairs of scalars of every grapheme-break property (marks,
    /// ZWJ, variation selectors, modifiers, tags, regional indicators, jamo, viramas and
    /// consonants, Prepend, CR and LF, controls, pictographs, letters of several scripts)
    /// after contexts that start rules (a pictograph, a regional indicator, a consonant
    /// and virama, a jamo).
    @Test func certainBreaksAreBreaksForICU() {
        let scalars: [UInt32] = [
            0x61, 0x20, 0x0D, 0x0A, 0x00, 0x09, 0xA9, 0x301, 0x5D0, 0x5B8, 0x627, 0x64B, 0x600, 0x915, 0x94D, 0x93F, 0x930,
            0x995, 0x9CD, 0xE01, 0xE31, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x200B, 0x200C, 0x200D, 0x2400, 0x25B6,
            0x2764, 0xFE0E, 0xFE0F, 0x4E00, 0x1F1E6, 0x1F1E8, 0x1F389, 0x1F3FB, 0x1F3FD, 0x1F468, 0x1F3F4, 0xE0067, 0xE007F,
            0x110BD, 0x1F600,
        ]
        let contexts: [[UInt32]] = [[], [0x61], [0x1F468], [0x1F468, 0x200D], [0x1F1E6], [0x915, 0x94D], [0x1100], [0x0D]]
        var certain = 0
        for context in contexts {
            for last in scalars {
                for first in scalars where GraphemeSegmenter.breaks(between: last, and: first) {
                    certain += 1
                    var units: [UInt16] = []
                    for value in context + [last] { units += String(Unicode.Scalar(value)!).utf16 }
                    let join = units.count
                    units += String(Unicode.Scalar(first)!).utf16
                    #expect(
                        GraphemeSegmenter.icuBoundaries(units).contains(join),
                        "\(context) U+\(String(last, radix: 16)) U+\(String(first, radix: 16))")
                }
            }
        }
        // Many pairs, even of these, are settled without segmenting.
        #expect(certain > contexts.count * scalars.count * scalars.count / 3)
    }

    @Test func separatorGoesOnlyWhereClustersWouldFuse() {
        #expect(LineBuilder.fuses(Array("\u{1F468}\u{200D}".utf16), Array("\u{1F389}".utf16)))
        #expect(LineBuilder.fuses([0x20], Array("\u{1F3FD}".utf16)))
        #expect(LineBuilder.fuses(Array("\u{1F1F5}".utf16), Array("\u{1F1F1}".utf16)))
        #expect(!LineBuilder.fuses(Array("\u{1F1F5}\u{1F1F1}".utf16), Array("\u{1F1EA}".utf16)))
        #expect(!LineBuilder.fuses(Array("ab".utf16), Array("\u{1F389}".utf16)))
        #expect(!LineBuilder.fuses(Array("\u{1F468}".utf16), Array("\u{1F389}".utf16)))
    }
}
