import CICU
import Foundation
import Testing

@testable import MsgfmtCore

/// Arabic letters in their joined shapes: the generated joining types against ICU's for
/// every code point, the generated forms against their compatibility decompositions, the
/// shaping against ICU's `u_shapeArabic` on random Arabic text, and layout drawing the
/// shapes in cells the letters already took (fixtures/layout/arabic has a golden layout).
@Suite struct ArabicShapingTests {
    /// ICU's UJoiningType for msgfmt's numbering (U, T, D, R, L, C).
    static let icuJoiningType: [UInt32] = [0, 5, 2, 4, 3, 1]

    @Test func joiningTypesAreICUs() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF where value & 0xFFFF_F800 != 0xD800 {
            let ours = Self.icuJoiningType[Int(ArabicShaping.joiningType(value).rawValue)]
            let icu = msgfmt_icu_joining_type(value)
            if ours != icu { mismatches.append(String(format: "U+%04X: %d, ICU %d", value, ours, icu)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20).joined(separator: "\n"))")
        #expect(CodePointTable.joiningRanges > 100)
    }

    /// Each generated form decomposes (compatibility mapping) as its letter does; the
    /// letters are the Arabic block's.
    @Test func formsShowTheirLetters() {
        #expect(CodePointTable.arabicLetters == 76)
        #expect(ArabicShaping.letterOfForm.count == 242)
        for (form, letter) in ArabicShaping.letterOfForm {
            let decomposed = String(Unicode.Scalar(form)!).decomposedStringWithCompatibilityMapping
            #expect(decomposed == String(Unicode.Scalar(letter)!).decomposedStringWithCompatibilityMapping, "U+\(String(form, radix: 16))")
            #expect(ArabicShaping.letters.contains(letter))
        }
        // Beh has all four; alef (right-joining) only isolated and final.
        #expect(ArabicShaping.forms(of: 0x0628) == .init(isolated: 0xFE8F, final: 0xFE90, initial: 0xFE91, medial: 0xFE92))
        #expect(ArabicShaping.forms(of: 0x0627) == .init(isolated: 0xFE8D, final: 0xFE8E, initial: 0, medial: 0))
        #expect(ArabicShaping.forms(of: 0x0041) == nil)
        // `shaped` takes a letter with forms by its isolated one.
        for letter in ArabicShaping.letters { #expect(ArabicShaping.forms(of: letter).map { $0.isolated != 0 } ?? true) }
    }

    /// The one-walk `shaped` gives what `referenceShaped` (each letter looking for its
    /// neighbours) gives, on random text of letters, marks, tatweel, joiners, spaces, Latin,
    /// Adlam (dual-joining letters and transparent marks above U+FFFF) and lone
    /// surrogates, over random ranges that start and end between scalars, so the
    /// neighbours outside the range count too.
    @Test func oneWalkShapesAsTheReference() {
        let pieces: [[UInt16]] = [
            [0x0628], [0x062A], [0x0644], [0x0627], [0x0645], [0x0646], [0x0647], [0x064A], [0x0621], [0x06A9], [0x06CC],
            [0x0649], [0x0640], [0x200D], [0x200C], [0x064E], [0x0651], [0x0670], [0x20], [0x61], [0x0661], [0x28],
            [0xD83A, 0xDD00], [0xD83A, 0xDD22], [0xD83A, 0xDD44], [0xD800], [0xDC00],
        ]
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<20_000 {
            var units: [UInt16] = []
            var starts: [Int] = []
            for _ in 0..<Int.random(in: 1...14, using: &generator) {
                var piece = pieces.randomElement(using: &generator)!
                // A lone lead surrogate must not pair with a trail after it.
                if piece == [0xD800], let next = pieces.randomElement(using: &generator), next != [0xDC00] {
                    piece += next
                    starts.append(units.count)
                    starts.append(units.count + 1)
                    units += piece
                    continue
                }
                if piece == [0xDC00], units.last.map(UTF16.isLeadSurrogate) == true { continue }
                starts.append(units.count)
                units += piece
            }
            starts.append(units.count)
            let lower = starts.randomElement(using: &generator)!
            let upper = starts.filter { $0 > lower }.randomElement(using: &generator) ?? units.count
            guard lower < upper else { continue }
            let text = UTF16Text(units: units)
            let fast = ArabicShaping.shaped(text, range: lower..<upper)
            let reference = ArabicShaping.referenceShaped(text, range: lower..<upper)
            #expect(fast == reference, "\(units.map { String($0, radix: 16) }) \(lower)..<\(upper)")
            if reference != nil { compared += 1 }
        }
        #expect(compared > 10_000, "compared \(compared)")
    }

    /// On random text of Arabic and Persian letters, harakat, tatweel, joiners, spaces,
    /// digits and Latin, every letter gets ICU's form. ICU draws lam-alef as a ligature and
    /// harakat as spacing forms, which cells cannot take, so text with lam before alef is
    /// left out and only letters are compared. ICU 72 shapes 63 of the 76 letters (not
    /// hamza, which has one form, nor letters such as veh and the Sindhi ones), and takes
    /// alef maksura as right-joining where Unicode makes it dual-joining (its initial and
    /// medial forms are Uighur's): the text is made of the other 62; the rest take the
    /// forms Unicode gives them.
    @Test func lettersTakeICUsForms() throws {
        let letters = (UInt16(0x0621)...0x06D3).filter { letter in
            var shaped: UInt16 = 0
            return letter != 0x0649 && ArabicShaping.forms(of: letter) != nil
                && withUnsafePointer(to: letter) { msgfmt_icu_shape_arabic($0, 1, &shaped) } == 1
                && shaped != letter
        }
        #expect(letters.count == 62, "\(letters.count) letters ICU shapes")
        let others: [UInt16] = [0x0640, 0x200D, 0x200C, 0x20, 0x20, 0x0661, 0x61, 0x064E, 0x0650, 0x0651, 0x0652]
        let alefs: Set<UInt16> = [0x0622, 0x0623, 0x0625, 0x0627]
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        var forms: Set<UInt16> = []
        var failures: [String] = []
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...12, using: &generator)
            let units = (0..<count).map { _ in
                Int.random(in: 0..<3, using: &generator) == 0 ? others.randomElement()! : letters.randomElement()!
            }
            let lamAlef = zip(units, units.dropFirst()).contains { $0 == 0x0644 && alefs.contains($1) }
            if lamAlef || units.contains(0x0644) && units.contains(where: { (0x064B...0x0652).contains($0) }) { continue }
            var icu = [UInt16](repeating: 0, count: units.count)
            let written = units.withUnsafeBufferPointer { source in
                icu.withUnsafeMutableBufferPointer { msgfmt_icu_shape_arabic(source.baseAddress, Int32(count), $0.baseAddress) }
            }
            try #require(written == Int32(count))
            let ours = try #require(
                ArabicShaping.shaped(UTF16Text(units: units), range: 0..<count) ?? (units.contains(where: letters.contains) ? nil : units))
            for i in 0..<count where letters.contains(units[i]) {
                compared += 1
                forms.insert(ours[i])
                if ours[i] != icu[i] {
                    failures.append(
                        units.map { String($0, radix: 16) }.joined(separator: " ")
                            + " at \(i): \(String(ours[i], radix: 16)), ICU \(String(icu[i], radix: 16))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(10).joined(separator: "\n"))")
        #expect(compared > 50_000, "compared \(compared)")
        #expect(forms.count > 180, "\(forms.count) distinct forms")
    }

    /// Layout draws right-to-left Arabic joined, each letter in its own cell, lam and alef
    /// as two joined letters; left-to-right fragments and Hebrew keep their characters.
    @Test func layoutDrawsJoinedLetters() {
        var constraints = LayoutConstraints()
        constraints.width = 80
        constraints.align = .left
        let line = { (text: String) -> String in
            TextLayouter.layout(StyledText(plain: text), constraints).lines.map { $0.fragments.map(\.display).joined() }.joined()
        }
        // "سلام" reversed: meem final, alef final, lam initial... (lam medial after seen).
        #expect(line("سلام") == "\u{FEE1}\u{FE8E}\u{FEE0}\u{FEB3}")
        #expect(line("لا") == "\u{FE8E}\u{FEDF}")
        // Letters split by a style change still join: bold "مر" then plain "حبا".
        let styled = TextLayouter.layout(LayoutTestSupport.styled("⟦b⟧مر⟦/b⟧حبا"), constraints)
        #expect(styled.lines[0].fragments.count == 2)
        #expect(styled.lines[0].fragments.map(\.display).joined() == "\u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}")
        #expect(line("abc שלום") == "abc םולש")
    }
}
