import CICU
import Foundation
import Testing

@testable import MsgfmtCore

/// What a laid-out line draws against Unicode's BidiCharacterTest.txt: each case that
/// layout can show as it stands — one line, every character its own grapheme cluster and
/// drawn as itself (no control placeholders, nothing removed by rule X9) — must show its
/// characters in the file's visual order (rule L2), white space aside (trailing white
/// space hangs, rule L1), with those at an odd level drawn as their mirror glyphs (rule
/// L4, ICU's `u_charMirror`). msgfmt takes a paragraph's direction from its first strong
/// character, so a case with a given direction is laid out after a left-to-right or
/// right-to-left mark, which sets it as the file's direction does and resolves nothing
/// else differently, and which is left out of what is compared. Arabic letters, drawn in
/// their joined presentation forms, are compared as the letters those forms show (their
/// compatibility decomposition); `ArabicShapingTests` checks which form each gets.
@Suite struct LineDisplayConformanceTests {
    @Test func linesShowTheVisualOrderWithMirrors() throws {
        let lines = try #require(UnicodeTestFile.dataLines("BidiCharacterTest.txt"), "install Debian's unicode-data package")
        var constraints = LayoutConstraints()
        constraints.width = 1_000
        var compared = 0
        var mirrored = 0
        var deepBrackets = 0
        var failures: [String] = []
        for (number, line) in lines {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5, !fields[3].contains("x") else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let levels = fields[3].split(separator: " ").compactMap { Int($0) }
            let order = fields[4].split(separator: " ").compactMap { Int($0) }
            guard levels.count == scalars.count, order.count == scalars.count else { continue }
            let text = String(String.UnicodeScalarView(scalars))
            guard Self.standsAsItIs(text, scalars) else { continue }
            // BD16 stops pairing brackets past a stack of 63; ICU 72, whose levels layout
            // takes for text with brackets, goes on pairing them.
            if scalars.filter({ $0 == "(" }).count > 63 {
                deepBrackets += 1
                continue
            }
            // 0: left to right, 1: right to left, 2: from the first strong character.
            let mark: Unicode.Scalar? = fields[1] == "0" ? "\u{200E}" : fields[1] == "1" ? "\u{200F}" : nil
            let layout = TextLayouter.layout(StyledText(plain: mark.map { String($0) + text } ?? text), constraints)
            guard layout.lines.count == 1 else {
                failures.append("line \(number): \(layout.lines.count) lines")
                continue
            }
            var shown = Self.visible(layout.lines[0].fragments.map(\.display).joined().unicodeScalars).map(Self.letter)
            // The mark stands at the paragraph's start: leftmost, or rightmost when right to left.
            if let mark, let at = mark == "\u{200E}" ? shown.firstIndex(of: mark) : shown.lastIndex(of: mark) {
                shown.remove(at: at)
            }
            let expected = Self.visible(
                order.map { k in
                    guard levels[k] % 2 == 1 else { return scalars[k] }
                    let mirror = Unicode.Scalar(msgfmt_icu_char_mirror(scalars[k].value)) ?? scalars[k]
                    if mirror != scalars[k] { mirrored += 1 }
                    return mirror
                })
            compared += 1
            if shown != expected {
                failures.append("line \(number) \(fields[0]): shows \(Self.hex(shown)), expected \(Self.hex(expected))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(10).joined(separator: "\n"))")
        print("LineDisplayConformanceTests: \(compared) cases compared, \(mirrored) characters mirrored, \(failures.count) differ")
        #expect(deepBrackets == 1)
        #expect(compared > 20_000, "compared \(compared)")
        #expect(mirrored > 1_000, "mirrored \(mirrored)")
    }

    /// True when layout draws `text` character by character as it is: each scalar a
    /// grapheme cluster of its own, none a control shown as a placeholder, no line
    /// separator.
    static func standsAsItIs(_ text: String, _ scalars: [Unicode.Scalar]) -> Bool {
        guard DisplaySafety.sanitize(text) == text, !scalars.contains(where: { [0x0B, 0x0C, 0x85, 0x2028].contains($0.value) }) else {
            return false
        }
        return GraphemeSegmenter.clusters(in: UTF16Text(text)).count == scalars.count
    }

    /// The scalars that are not white space (a line's trailing white space hangs, and
    /// layout may put a zero-width separator between reversed clusters).
    static func visible<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> [Unicode.Scalar] {
        scalars.filter { !$0.properties.isWhitespace && $0.value != UInt32(LineBuilder.clusterSeparator) }
    }

    /// The letter an Arabic presentation form shows (its compatibility decomposition, when
    /// that is one scalar), else the scalar itself.
    static func letter(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0xFB50...0xFEFF).contains(scalar.value) else { return scalar }
        let decomposed = String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars
        return decomposed.count == 1 ? decomposed.first! : scalar
    }

    static func hex(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
