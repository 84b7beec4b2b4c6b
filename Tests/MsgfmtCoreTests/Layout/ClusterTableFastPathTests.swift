import TestSupport
import Testing

@testable import MsgfmtCore

/// The cluster table answers common single units without calling the measurer; the
/// answer must be what `ClusterKind.of` and `CellMeasurer` give.
@Suite struct ClusterTableFastPathTests {
    @Test func commonUnitsMatchKindAndCellMeasurer() {
        var checked = 0
        for value in UInt16(0)...0xFFFF {
            guard let fast = ClusterTable.commonUnit(value) else { continue }
            let text = UTF16Text(units: [value])
            #expect(fast.kind == text.units.withUnsafeBufferPointer { ClusterKind.of($0, 0, 1) }, "U+\(String(value, radix: 16))")
            for model in WidthModel.allCases {
                let width = CellMeasurer(model: model).width(of: 0..<1, in: text)
                #expect(fast.width == width, "U+\(String(value, radix: 16)) under \(model)")
            }
            checked += 1
        }
        #expect(checked > 20_000)
    }

    @Test func unitsTheFusedPathTakesForTextAreText() {
        var skipped = 0
        for value in UInt16(0)...0xFFFF where !ClusterKind.mayNotBeText(UInt32(value)) {
            for length in 1...2 {
                let units = [value, 0x301]
                let kind = units.withUnsafeBufferPointer { ClusterKind.of($0, 0, length) }
                #expect(kind == .text, "U+\(String(value, radix: 16)), \(length) units")
            }
            skipped += 1
        }
        #expect(skipped > 58_000)
    }

    /// Each cluster's style is the run holding its first unit (-1 for none), as a walk
    /// over the clusters one by one finds it: on random texts with runs that start and end
    /// inside clusters, leave gaps, or follow each other with no gap; long and short.
    @Test func stylesAreTheRunsHoldingEachClustersFirstUnit() {
        var rng = SeededGenerator(seed: 0x5354_594C_4553)
        let pieces = ["a", "bc", " ", "e\u{301}", "👍🏽", "日本", "\n", "\t", "שלום", "🇺🇦", "x"]
        var runsSeen = 0
        for _ in 0..<2_000 {
            let text = UTF16Text((0..<Int.random(in: 0...60, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
            var runs: [StyledRun] = []
            var at = 0
            while at < text.count, runs.count < 12 {
                let lower = at + Int.random(in: 0...3, using: &rng)
                guard lower < text.count else { break }
                let upper = min(text.count, lower + Int.random(in: 1...20, using: &rng))
                runs.append(StyledRun(range: lower..<upper, style: Style(attributes: .bold)))
                at = upper
            }
            runsSeen += runs.count
            let table = ClusterTable(text: text, runs: runs, blockStarts: [0], tabWidth: 4, measurer: CellMeasurer())
            let expected = (0..<table.count).map { c -> Int32 in
                let start = table.start(c)
                return runs.firstIndex { $0.range.contains(start) }.map { Int32($0) } ?? -1
            }
            #expect(Array(table.styles) == expected, "\(text.string.debugDescription), runs \(runs.map(\.range))")
        }
        #expect(runsSeen > 10_000)
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
        #expect(fast.ends.elementsEqual(slow.ends))
        #expect(fast.widths.elementsEqual(slow.widths))
        #expect(fast.kinds.elementsEqual(slow.kinds))
        #expect(fast.styles.elementsEqual(slow.styles))
        #expect(fast.breakAfter.elementsEqual(slow.breakAfter))
        for table in [fast, slow] { #expect(Self.flagsMatchKinds(table)) }
        let plain = ClusterTable(
            text: UTF16Text("no tab, nothing unsafe"), runs: [], blockStarts: [0], tabWidth: 4, measurer: CellMeasurer())
        #expect(!plain.hasTabs && !plain.hasTabsOrUnsafe)
    }

    /// True when the table's `hasTabs` and `hasTabsOrUnsafe` say what its kinds hold.
    static func flagsMatchKinds(_ table: ClusterTable) -> Bool {
        table.hasTabs == table.kinds.contains(.tab)
            && table.hasTabsOrUnsafe == (table.kinds.contains(.tab) || table.kinds.contains(.unsafe))
    }
}

/// The cluster table from the fused walk against the table from ICU's iterators and a
/// measurer that is not `CellMeasurer`, on random text from every script the fused pass
/// meets, with random runs and block starts (some inside clusters, which take ICU's path).
@Suite struct ClusterTableFusedPathTests {
    struct Slow: TextMeasurer {
        var model: WidthModel
        func width(of range: Range<Int>, in text: UTF16Text) -> Int {
            CellMeasurer(model: model).width(of: range, in: text)
        }
    }

    @Test func fusedTableEqualsICUTable() {
        var rng = SeededGenerator(seed: 0x636C_7573)
        for index in 0..<6_000 {
            let units = FusedTextGenerator.text(using: &rng)
            let text = UTF16Text(units: units)
            let n = units.count
            var starts = [0]
            if n > 2, Bool.random(using: &rng) { starts.append(Int.random(in: 1..<n, using: &rng)) }
            var runs: [StyledRun] = []
            if n > 1 {
                let a = Int.random(in: 0..<n, using: &rng)
                let b = Int.random(in: a...n, using: &rng)
                runs.append(StyledRun(range: a..<b, style: Style(attributes: .italic)))
            }
            let model: WidthModel = index % 2 == 0 ? .modern : .legacy
            let tab = Int.random(in: 1...8, using: &rng)
            let fast = ClusterTable(text: text, runs: runs, blockStarts: starts, tabWidth: tab, measurer: CellMeasurer(model: model))
            let slow = ClusterTable(text: text, runs: runs, blockStarts: starts, tabWidth: tab, measurer: Slow(model: model))
            let sameClusters = fast.ends.elementsEqual(slow.ends) && fast.widths.elementsEqual(slow.widths)
            let sameKinds = fast.kinds.elementsEqual(slow.kinds) && fast.styles.elementsEqual(slow.styles)
            let flags = ClusterTableFastPathTests.flagsMatchKinds(fast) && ClusterTableFastPathTests.flagsMatchKinds(slow)
            let same = sameClusters && sameKinds && fast.breakAfter.elementsEqual(slow.breakAfter) && flags
            #expect(same, "string \(index): \(FusedSegmenterOracle.hex(units)) blocks \(starts)")
            if !same { break }
        }
    }
}
