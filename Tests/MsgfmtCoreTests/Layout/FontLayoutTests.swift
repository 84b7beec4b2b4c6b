import Foundation
import Synchronization
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// Layout measured with real fonts (`FontMeasurer`): the cell layout's invariants hold in
/// pixels, widths are HarfBuzz's advance sums, right-to-left scripts run right to left,
/// an emoji ZWJ sequence is one glyph. Pinned to DejaVu Sans (fonts-dejavu-core) and
/// Noto Color Emoji (fonts-noto-color-emoji), which `.ci/run` installs.
@Suite struct FontLayoutTests {
    static let fonts: FontLibrary? = {
        var o = FontOptions()
        o.families = ["DejaVu Sans"]
        return try? FontLibrary(o)
    }()
    static let unit = FontLibrary.unitsPerPixel

    static func constraints(_ fonts: FontLibrary, pixels: Double) -> LayoutConstraints {
        fonts.constraints(LayoutConstraints(), widthPixels: pixels)
    }

    @Test func fontsAreInstalled() throws {
        #expect(Self.fonts != nil, "DejaVu Sans is missing: apt-get install fonts-dejavu-core")
    }

    /// Random styled messages (quotes, pre blocks, bidi, emoji, tabs, controls) under every
    /// wrap, overflow, truncation and alignment: no line wider than the width unless one
    /// cluster is, ranges tile the text, truncation keeps a prefix or suffix, fragment
    /// widths are their clusters' measured widths.
    @Test func cellInvariantsHoldInPixels() throws {
        let fonts = try #require(Self.fonts)
        var rng = SeededGenerator(seed: 20)
        var failures = 0
        for caseIndex in 0..<150 {
            let styled = RandomStyledText.make(&rng)
            let measurer = FontMeasurer(styled, library: fonts)
            let prepared = PreparedText(styled, measurer: measurer)
            var layouts: [(layout: TextLayout, constraints: LayoutConstraints)] = []
            for _ in 0..<8 {
                var c = Self.constraints(fonts, pixels: Double(Int.random(in: 8...400, using: &rng)))
                c.wrap = WrapMode.allCases.randomElement(using: &rng)!
                c.overflow = OverflowMode.allCases.randomElement(using: &rng)!
                c.align = LineAlignment.allCases.randomElement(using: &rng)!
                if Bool.random(using: &rng) {
                    c.maxLines = Int.random(in: 1...4, using: &rng)
                    c.truncate = TruncationMode.allCases.randomElement(using: &rng)!
                }
                c.expandQuotes = Bool.random(using: &rng)
                layouts.append((TextLayouter.layout(prepared, c), c))
            }
            let violations = TextLayout.checkInvariants(styled, layouts, measurer: measurer)
            for (k, found) in violations.enumerated() where !found.isEmpty {
                failures += 1
                if failures <= 5 {
                    let c = layouts[k].constraints
                    Issue.record(
                        "case \(caseIndex) width \(c.width) \(c.wrap) \(c.overflow) \(c.align) max \(c.maxLines) \(c.truncate): \(styled.text.string.debugDescription): \(found.prefix(3))"
                    )
                }
            }
        }
        #expect(failures == 0)
    }

    /// A line's width is the sum of HarfBuzz's advances for the text shaped in one piece
    /// (DejaVu Sans kerns no pair across these spaces), and the layout breaks where the
    /// next word would pass the width.
    @Test func widthsAreHarfBuzzAdvanceSums() throws {
        let fonts = try #require(Self.fonts)
        let text = "Hello world, this is msgfmt measuring glyphs"
        let styled = StyledText(plain: text)
        let layout = TextLayouter.layout(styled, Self.constraints(fonts, pixels: 2000), measurer: FontMeasurer(styled, library: fonts))
        #expect(layout.lines.count == 1)
        let face = try #require(fonts.primaryFace(.regular))
        let units = Array(text.utf16)
        let whole = face.shape(units, 0..<units.count, direction: 1).advances.reduce(0) { $0 + Int($1) }
        #expect(layout.width == whole)
        // 100 px fits "Hello world," (about 93 px) but not "Hello world, this".
        let narrow = TextLayouter.layout(styled, Self.constraints(fonts, pixels: 100), measurer: FontMeasurer(styled, library: fonts))
        #expect(narrow.lines.first.map { String(text.utf16.dropFirst($0.start).prefix($0.end - $0.start))! } == "Hello world, ")
        let first = try #require(narrow.lines.first)
        let hello = Array("Hello world,".utf16)
        #expect(first.width == face.shape(hello, 0..<hello.count, direction: 1).advances.reduce(0) { $0 + Int($1) })
        #expect(first.width <= 100 * Self.unit)
    }

    /// Bold text is measured with the bold face: wider than the same text in regular.
    @Test func boldIsMeasuredInTheBoldFace() throws {
        let fonts = try #require(Self.fonts)
        let plain = StyledText(plain: "measure me")
        let bold = StyledText(
            messageID: nil, text: plain.text,
            blocks: [Block(kind: .paragraph, range: 0..<10, runs: [StyledRun(range: 0..<10, style: Style(attributes: .bold))])])
        let c = Self.constraints(fonts, pixels: 1000)
        let w1 = TextLayouter.layout(plain, c, measurer: FontMeasurer(plain, library: fonts)).width
        let w2 = TextLayouter.layout(bold, c, measurer: FontMeasurer(bold, library: fonts)).width
        #expect(w2 > w1)
    }

    @Test(arguments: ["שלום עולם, מה שלומך היום?", "مرحبا بالعالم، كيف حالك اليوم؟"])
    func hebrewAndArabicRunRightToLeft(_ text: String) throws {
        let fonts = try #require(Self.fonts)
        let styled = StyledText(plain: text)
        let c = Self.constraints(fonts, pixels: 120)
        let measurer = FontMeasurer(styled, library: fonts)
        let layout = TextLayouter.layout(styled, c, measurer: measurer)
        #expect(layout.lines.count > 1)
        for line in layout.lines {
            #expect(line.rtl)
            // Natural alignment puts right-to-left lines against the right edge.
            #expect(line.x + line.width == c.width || line.x + line.width + fonts.spaceWidth >= c.width - 1)
            let texts = line.fragments.filter { $0.role == .text }
            let allRTL = texts.allSatisfy { $0.rtl }
            #expect(allRTL)
            // The logically first fragment is the rightmost.
            if let first = texts.min(by: { $0.start < $1.start }), let last = texts.max(by: { $0.start < $1.start }) {
                #expect(first.x >= last.x)
            }
        }
        #expect(TextLayout.checkInvariants(styled, [(layout, c)], measurer: measurer) == [[]])
    }

    /// Arabic letters join: a word is narrower shaped whole than its letters shaped alone.
    @Test func arabicIsShapedInWords() throws {
        let fonts = try #require(Self.fonts)
        let word = Array("بالعالم".utf16)
        let whole = fonts.shape(word, style: .regular, direction: 0).width
        let alone = word.map { fonts.shape([$0], style: .regular, direction: 0).width }.reduce(0, +)
        #expect(whole != alone)
    }

    @Test(arguments: ["👩\u{200D}👩\u{200D}👧", "👨🏽\u{200D}💻", "🏳️\u{200D}🌈", "🇺🇦"])
    func emojiSequencesAreOneGlyph(_ emoji: String) throws {
        let fonts = try #require(Self.fonts)
        let shaped = fonts.shape(Array(emoji.utf16), style: .regular, direction: 0)
        #expect(shaped.runs.count == 1)
        #expect(shaped.runs.first?.glyphs.count == 1)
        let face = try #require(shaped.runs.first.map { fonts.face($0.face) })
        #expect(face.isColor, "\(face.path)")
        // In a message the sequence is one cluster as wide as that glyph.
        let styled = StyledText(plain: "a " + emoji + " b")
        let layout = TextLayouter.layout(styled, Self.constraints(fonts, pixels: 500), measurer: FontMeasurer(styled, library: fonts))
        #expect(layout.lines.count == 1)
    }

    /// An entity that ends inside an emoji ZWJ sequence: the sequence is one cluster, drawn
    /// whole in the face of its first unit, and measured so (as wide as when the bold
    /// covers all of it), not as the two pieces' glyphs.
    @Test func aClusterAnEntityEndsInsideIsMeasuredWhole() throws {
        let fonts = try #require(Self.fonts)
        let text = UTF16Text("a 👨\u{200D}👩\u{200D}👧 b")
        func width(boldUnits: Int) -> Int {
            let styled = StyledText(
                messageID: nil, text: text,
                blocks: [
                    Block(
                        kind: .paragraph, range: 0..<text.count,
                        runs: [
                            StyledRun(range: 0..<boldUnits, style: Style(attributes: .bold)),
                            StyledRun(range: boldUnits..<text.count, style: .plain),
                        ])
                ])
            return TextLayouter.layout(styled, Self.constraints(fonts, pixels: 500), measurer: FontMeasurer(styled, library: fonts)).width
        }
        // "a " and the man (2 units) in bold, or the whole sequence (8 units).
        #expect(width(boldUnits: 4) == width(boldUnits: 10))
    }

    /// A tab in a code block lines up with `--tab-width` spaces of the code face: tab stops
    /// count that face's spaces (they counted the regular face's, narrower, so a tab
    /// indented less than four spaces).
    @Test func tabsInCodeLineUpWithTheCodeFacesSpaces() throws {
        let fonts = try #require(Self.fonts)
        func width(of text: String) -> Int? {
            let units = UTF16Text(text)
            let styled = StyledText(
                messageID: nil, text: units,
                blocks: [
                    Block(
                        kind: .pre(language: nil), range: 0..<units.count,
                        runs: [StyledRun(range: 0..<units.count, style: Style(attributes: .pre))])
                ])
            let layout = TextLayouter.layout(styled, Self.constraints(fonts, pixels: 500), measurer: FontMeasurer(styled, library: fonts))
            return layout.lines.first?.width
        }
        let tabbed = try #require(width(of: "\tx"))
        #expect(tabbed == (try #require(width(of: "    x"))))
        #expect(tabbed - (try #require(width(of: "x"))) == 4 * fonts.monospaceSpaceWidth)
    }

    /// A character the chosen family lacks comes from a fallback font fontconfig finds.
    @Test func missingCharactersFallBack() throws {
        let fonts = try #require(Self.fonts)
        let ethiopic: UInt32 = 0x1200  // ሀ: not in DejaVu Sans, in Noto Sans Ethiopic
        let id = fonts.face(for: ethiopic, style: .regular, emoji: false)
        let face = fonts.face(id)
        if face.has(ethiopic) { #expect(!face.path.contains("DejaVu")) }
        #expect(try #require(fonts.primaryFace(.regular)).path.contains("DejaVuSans"))
    }

    /// A fallback depends on the character alone: a danda (U+0964, in many Indic fonts)
    /// asked for after a Bengali letter comes from the same font as when asked for first.
    /// (Taking the first fallback found so far that had it made the answer depend on the
    /// order, and so on the threads.)
    @Test func fallbacksDoNotDependOnTheOrderAskedIn() throws {
        var o = FontOptions()
        o.families = ["DejaVu Sans"]
        let bengali: UInt32 = 0x0995
        let danda: UInt32 = 0x0964
        let first = try FontLibrary(o)
        _ = first.face(for: bengali, style: .regular, emoji: false)
        let afterBengali = first.face(first.face(for: danda, style: .regular, emoji: false)).path
        let second = try FontLibrary(o)
        let alone = second.face(second.face(for: danda, style: .regular, emoji: false)).path
        #expect(afterBengali == alone)
        #expect(!alone.contains("DejaVu"), "\(alone)")
    }

    /// Threads asking for fallbacks of many scripts at once get the fonts one thread gets.
    @Test func threadsGetTheFallbacksOneThreadGets() throws {
        var o = FontOptions()
        o.families = ["DejaVu Sans"]
        let scalars: [UInt32] = [0x0995, 0x0964, 0x0915, 0x0965, 0x1200, 0x0E01, 0x4E00, 0x3001, 0x30A2, 0xAC00, 0x0F40, 0x1000, 0x0D15]
        let serial = try FontLibrary(o)
        let expected = scalars.map { serial.face(serial.face(for: $0, style: .regular, emoji: false)).path }
        for round in 0..<8 {
            let shared = try FontLibrary(o)
            let answers = Mutex<[Int: String]>([:])
            DispatchQueue.concurrentPerform(iterations: scalars.count * 4) { k in
                let i = (k * 7 + round) % scalars.count
                let path = shared.face(shared.face(for: scalars[i], style: .regular, emoji: false)).path
                answers.withLock { $0[i] = path }
            }
            let got = answers.withLock { $0 }
            #expect(scalars.indices.map { got[$0] } == expected.map(Optional.some), "round \(round)")
        }
    }

    /// Punctuation two fallback fonts share stays in the font of the script before it: a
    /// danda after Bengali in the Bengali font, after Devanagari in the Devanagari font.
    @Test(arguments: ["নমস্কার।", "नमस्ते।"])
    func sharedPunctuationStaysWithItsScript(_ text: String) throws {
        let fonts = try #require(Self.fonts)
        let shaped = fonts.shape(Array(text.utf16), style: .regular, direction: 0)
        #expect(Set(shaped.runs.map(\.face)).count == 1, "\(shaped.runs.map { fonts.face($0.face).path })")
    }

    /// A combining mark the base's face lacks (Hebrew cantillation, Quranic marks in DejaVu
    /// Sans) takes its cluster to a face that has both, so no missing-glyph box is drawn;
    /// letters without such marks stay in the chosen family.
    @Test(arguments: ["בְּרֵאשִׁ֖ית", "אֱלֹהִ֑ים", "لَا رَيْبَ ۛ فِيهِ"])
    func marksTheBaseFaceLacksMoveTheirCluster(_ text: String) throws {
        let fonts = try #require(Self.fonts)
        let shaped = fonts.shape(Array(text.utf16), style: .regular, direction: 0)
        for run in shaped.runs {
            #expect(!run.glyphs.contains(0), "a missing glyph in \(fonts.face(run.face).path)")
        }
        let plain = fonts.shape(Array("שלום".utf16), style: .regular, direction: 0)
        #expect(plain.runs.allSatisfy { fonts.face($0.face).path.contains("DejaVuSans") })
    }

    @Test func unknownFamiliesAreReported() {
        var o = FontOptions()
        o.families = ["No Such Font Family 12345"]
        #expect(throws: FontError.notFound("No Such Font Family 12345")) { try FontLibrary(o) }
        o.families = []
        o.size = 1000
        #expect(throws: FontError.sizeOutOfRange(1000)) { try FontLibrary(o) }
    }
}
