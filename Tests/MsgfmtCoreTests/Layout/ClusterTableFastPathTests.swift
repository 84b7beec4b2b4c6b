import Testing

@testable import MsgfmtCore

/// The cluster table answers common single units without calling the measurer; the
/// answer must be what `ClusterTable.kind` and `CellMeasurer` give.
@Suite struct ClusterTableFastPathTests {
    @Test func commonUnitsMatchKindAndCellMeasurer() {
        var checked = 0
        for value in UInt16(0)...0xFFFF {
            guard let fast = ClusterTable.commonUnit(value) else { continue }
            let text = UTF16Text(units: [value])
            #expect(fast.kind == ClusterTable.kind(text.units, 0, 1), "U+\(String(value, radix: 16))")
            for model in WidthModel.allCases {
                let width = CellMeasurer(model: model).width(of: 0..<1, in: text)
                #expect(fast.width == width, "U+\(String(value, radix: 16)) under \(model)")
            }
            checked += 1
        }
        #expect(checked > 20_000)
    }

    @Test func tableOfMixedTextMatchesSlowMeasurer() {
        // A measurer that is not CellMeasurer takes the general path for every cluster.
        struct Slow: TextMeasurer {
            func width(of range: Range<Int>, in text: UTF16Text) -> Int {
                CellMeasurer().width(of: range, in: text)
            }
        }
        let text = UTF16Text("Hi,\tмир! 日本語 שלום \u{1B}x e\u{301} 👍🏽\r\nend\u{AD}\u{85}")
        let runs = [StyledRun(range: 2..<9, style: Style(attributes: .bold))]
        let fast = ClusterTable(text: text, runs: runs, blockStarts: [0], tabWidth: 4, measurer: CellMeasurer())
        let slow = ClusterTable(text: text, runs: runs, blockStarts: [0], tabWidth: 4, measurer: Slow())
        #expect(fast.ends == slow.ends)
        #expect(fast.widths == slow.widths)
        #expect(fast.kinds == slow.kinds)
        #expect(fast.styles == slow.styles)
        #expect(fast.breakAfter == slow.breakAfter)
    }
}
