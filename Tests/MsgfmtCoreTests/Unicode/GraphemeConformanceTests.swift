import TestSupport
import Testing

@testable import MsgfmtCore

@Suite struct GraphemeConformanceTests {
    @Test func everyCaseOfGraphemeBreakTestPasses() throws {
        let cases = try #require(
            UnicodeTestFile.cases("GraphemeBreakTest.txt"),
            "install Debian's unicode-data package for \(UnicodeTestFile.directory)")
        #expect(cases.count == 602)
        var passed = 0
        for testCase in cases {
            let text = UTF16Text(units: testCase.units)
            let got = GraphemeSegmenter.boundaries(in: text)
            #expect(got == testCase.breaks, "GraphemeBreakTest.txt line \(testCase.line): \(testCase.hex)")
            if got == testCase.breaks { passed += 1 }
        }
        #expect(passed == 602)
    }

    @Test func asciiFastPathMatchesICU() {
        var rng = SeededGenerator(seed: 0x6d73_6766)
        let alphabet: [UInt16] = Array(0x00...0x7F)
        for _ in 0..<2000 {
            let units = (0..<Int.random(in: 0...24, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let fast = GraphemeSegmenter.boundaries(in: UTF16Text(units: units))
            #expect(fast == GraphemeSegmenter.icuBoundaries(units), "seed \(rng.seed) units \(units)")
        }
    }
}
