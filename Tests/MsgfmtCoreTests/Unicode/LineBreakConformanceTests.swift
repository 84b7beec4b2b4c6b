import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

@Suite struct LineBreakConformanceTests {
    /// The LineBreakTest.txt cases where ICU's tailored rules knowingly differ from the
    /// file, keyed by line number; read from fixtures/unicode/icu-line-break-tailorings.txt.
    static func tailorings() throws -> [Int: String] {
        let url = PackagePaths.fixture("unicode/icu-line-break-tailorings.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var result: [Int: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 3, let number = Int(fields[0]) else { continue }
            result[number] = String(fields[2])
        }
        return result
    }

    @Test func lineBreaksMatchICUWithEveryTailoringNamed() throws {
        let cases = try #require(
            UnicodeTestFile.cases("LineBreakTest.txt"),
            "install Debian's unicode-data package for \(UnicodeTestFile.directory)")
        let tailored = try Self.tailorings()
        #expect(cases.count == 7654)
        var misses: Set<Int> = []
        for testCase in cases {
            let got = LineBreaker.breaks(in: UTF16Text(units: testCase.units)).map(\.offset)
            if got != testCase.breaks {
                misses.insert(testCase.line)
                #expect(
                    tailored[testCase.line] != nil,
                    "LineBreakTest.txt line \(testCase.line) (\(testCase.hex)): expected \(testCase.breaks), got \(got)")
            }
        }
        for line in tailored.keys where !misses.contains(line) {
            Issue.record("LineBreakTest.txt line \(line) is listed as tailored but now matches; remove it from the fixture")
        }
        #expect(cases.count - misses.count == 7632)
    }

    @Test func asciiFastPathMatchesICU() {
        var rng = SeededGenerator(seed: 0x6c62_7265)
        let alphabet = Array("abcXYZ019 \n.,!?;:".utf16)
        var fastPathHits = 0
        for _ in 0..<5000 {
            let units = (0..<Int.random(in: 1...20, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            guard let fast = LineBreaker.asciiBreaks(units) else { continue }
            fastPathHits += 1
            #expect(fast == LineBreaker.icuBreaks(units), "seed \(rng.seed): \(String(decoding: units, as: UTF16.self).debugDescription)")
        }
        #expect(fastPathHits > 1000)
    }

    @Test func mandatoryBreaksFollowNewlines() {
        let breaks = LineBreaker.breaks(in: UTF16Text("ab\ncd é\n"))
        #expect(
            breaks == [
                LineBreak(offset: 3, mandatory: true), LineBreak(offset: 6, mandatory: false),
                LineBreak(offset: 8, mandatory: true),
            ])
    }
}
