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

    @Test func separatorGoesOnlyWhereClustersWouldFuse() {
        #expect(LineBuilder.fuses(Array("\u{1F468}\u{200D}".utf16), Array("\u{1F389}".utf16)))
        #expect(LineBuilder.fuses([0x20], Array("\u{1F3FD}".utf16)))
        #expect(LineBuilder.fuses(Array("\u{1F1F5}".utf16), Array("\u{1F1F1}".utf16)))
        #expect(!LineBuilder.fuses(Array("\u{1F1F5}\u{1F1F1}".utf16), Array("\u{1F1EA}".utf16)))
        #expect(!LineBuilder.fuses(Array("ab".utf16), Array("\u{1F389}".utf16)))
        #expect(!LineBuilder.fuses(Array("\u{1F468}".utf16), Array("\u{1F389}".utf16)))
    }
}
