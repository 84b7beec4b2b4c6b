import Foundation
import Testing

@testable import MsgfmtCore

/// Every emoji of Unicode's emoji-test.txt (the fully-qualified ones and the components)
/// against layout: one grapheme cluster, two cells wide under the modern width model, and
/// unwrapped at the narrowest width (a cluster is never split), each variation sequence
/// of emoji-variation-sequences.txt as wide as its style; and in pictures one glyph
/// of one face — joiners, modifiers, tags and keycap marks stay with their base in the
/// emoji font (Noto Color Emoji, pinned as in `FontLayoutTests`).
@Suite struct EmojiTestConformanceTests {
    static func emoji() throws -> [(scalars: [Unicode.Scalar], name: String)] {
        let lines = try #require(UnicodeTestFile.dataLines("emoji/emoji-test.txt"), "install Debian's unicode-data package")
        return lines.compactMap { _, line in
            guard line.contains("; fully-qualified") || line.contains("; component") else { return nil }
            let fields = line.split(separator: ";", maxSplits: 1)
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let name = line.split(separator: "#", maxSplits: 1).last.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
            return (scalars, name)
        }
    }

    @Test func eachEmojiIsOneClusterTwoCellsWide() throws {
        let all = try Self.emoji()
        #expect(all.count > 3_600)
        var constraints = LayoutConstraints()
        constraints.width = 1
        constraints.overflow = .fold
        var failures: [String] = []
        for (scalars, name) in all {
            let text = String(String.UnicodeScalarView(scalars))
            let clusters = GraphemeSegmenter.clusters(in: UTF16Text(text))
            let layout = TextLayouter.layout(StyledText(plain: text), constraints)
            let widths = layout.lines.map(\.width)
            if clusters.count != 1 || widths != [2] {
                failures.append("\(name): \(clusters.count) clusters, line widths \(widths)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(15).joined(separator: "\n"))")
    }

    /// Every variation sequence of emoji-variation-sequences.txt is one cluster: one cell
    /// wide in text style (VS15), two in emoji style (VS16), under the modern model.
    @Test func variationSequencesTakeTheirStylesWidth() throws {
        let lines = try #require(
            UnicodeTestFile.dataLines("emoji/emoji-variation-sequences.txt"), "install Debian's unicode-data package")
        var constraints = LayoutConstraints()
        constraints.width = 10
        var checked = 0
        var failures: [String] = []
        for (_, line) in lines {
            let fields = line.split(separator: ";")
            guard fields.count >= 2 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let expected = fields[1].contains("emoji style") ? 2 : 1
            let text = String(String.UnicodeScalarView(scalars))
            let widths = TextLayouter.layout(StyledText(plain: text), constraints).lines.map(\.width)
            let clusters = GraphemeSegmenter.clusters(in: UTF16Text(text)).count
            checked += 1
            if widths != [expected] || clusters != 1 { failures.append("\(fields[0]): widths \(widths), \(clusters) clusters") }
        }
        #expect(checked > 700)
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(15).joined(separator: "\n"))")
    }

    @Test func eachEmojiIsOneGlyphInPictures() throws {
        let fonts = try #require(FontLayoutTests.fonts, "DejaVu Sans is missing: apt-get install fonts-dejavu-core")
        var failures: [String] = []
        for (scalars, name) in try Self.emoji() {
            let units = Array(String(String.UnicodeScalarView(scalars)).utf16)
            let shaped = fonts.shape(units, style: .regular, direction: 1)
            let glyphs = shaped.runs.reduce(0) { $0 + $1.glyphs.count }
            if shaped.runs.count != 1 || glyphs != 1 || shaped.runs.first?.glyphs.first == 0 {
                failures.append("\(name): \(shaped.runs.count) runs, \(glyphs) glyphs")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(15).joined(separator: "\n"))")
    }
}
