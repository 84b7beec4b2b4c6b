import TestSupport
import Testing

@testable import MsgfmtCore

/// The word-level diff: what is marked, how runs join, scripts without spaces, and that
/// the merged view always spells both texts.
@Suite struct WordDiffTests {
    /// The marked text of each range.
    static func words(_ text: String, _ ranges: [Range<Int>]) -> [String] {
        let units = Array(text.utf16)
        return ranges.map { String(decoding: units[$0], as: UTF16.self) }
    }

    @Test func replacedWord() {
        let d = WordDiff.between("Hello world, again", "Hello there, again")
        #expect(Self.words("Hello world, again", d.removed) == ["world"])
        #expect(Self.words("Hello there, again", d.inserted) == ["there"])
        #expect(d.segments.map(\.text) == ["Hello ", "world", "there", ", again"])
        #expect(d.segments.map(\.kind) == [.equal, .removed, .inserted, .equal])
    }

    @Test func insertionAndDeletion() {
        let d = WordDiff.between("one two three", "one three four")
        #expect(Self.words("one two three", d.removed) == ["two"])
        #expect(Self.words("one three four", d.inserted) == ["four"])
    }

    /// Neighbouring changed words are one mark, the space between them included.
    @Test func changedWordsJoinAcrossSpaces() {
        let d = WordDiff.between("a b c d", "a x y d")
        #expect(Self.words("a b c d", d.removed) == ["b c"])
        #expect(Self.words("a x y d", d.inserted) == ["x y"])
    }

    /// Ideographs are tokens of their own; emoji clusters are never split.
    @Test func scriptsWithoutSpacesAndClusters() {
        let d = WordDiff.between("我们明天见面 👨‍👩‍👧 ok", "我们后天见面 👩🏽‍💻 ok")
        #expect(Self.words("我们明天见面 👨‍👩‍👧 ok", d.removed) == ["明", "👨‍👩‍👧"])
        #expect(Self.words("我们后天见面 👩🏽‍💻 ok", d.inserted) == ["后", "👩🏽‍💻"])
    }

    @Test func whiteSpaceChangesAreMarked() {
        let d = WordDiff.between("a b", "a  b")
        #expect(Self.words("a b", d.removed) == [" "])
        #expect(Self.words("a  b", d.inserted) == ["  "])
    }

    @Test func equalTextsHaveNoMarks() {
        let d = WordDiff.between("same text", "same text")
        #expect(d.removed.isEmpty && d.inserted.isEmpty)
        #expect(d.segments.map(\.kind) == [.equal])
    }

    /// Two long texts with nothing in common beyond the comparison limit: everything
    /// between their common start and end is marked, in one piece.
    @Test func longDifferentTextsAreMarkedWhole() {
        let old = "start " + (0..<2500).map { "a\($0)" }.joined(separator: " ") + " end"
        let new = "start " + (0..<2500).map { "b\($0)" }.joined(separator: " ") + " end"
        let d = WordDiff.between(old, new)
        #expect(d.removed.count == 1 && d.inserted.count == 1)
        #expect(Self.words(old, d.removed).first?.hasPrefix("a0 a1") == true)
    }

    /// On random texts: the merged view spells the old text without its inserted pieces
    /// and the new one without its removed pieces, and marks lie inside the texts.
    @Test func mergedViewSpellsBothTexts() {
        var rng = SeededGenerator(seed: 42)
        let vocabulary = ["a", "bb", "ccc", "ω", "界", "😀", " ", "  ", "\n", ",", "d-e", "ünï"]
        for _ in 0..<500 {
            func text() -> String { (0..<rng.below(30)).map { _ in vocabulary[rng.below(vocabulary.count)] }.joined() }
            let old = text()
            let new = text()
            let d = WordDiff.between(old, new)
            #expect(
                d.segments.filter { $0.kind != .inserted }.map(\.text).joined() == old,
                "seed 42: \(old.debugDescription) → \(new.debugDescription)")
            #expect(d.segments.filter { $0.kind != .removed }.map(\.text).joined() == new)
            #expect(d.removed.allSatisfy { $0.upperBound <= old.utf16.count && !$0.isEmpty })
            #expect(d.inserted.allSatisfy { $0.upperBound <= new.utf16.count && !$0.isEmpty })
            if old == new { #expect(d.removed.isEmpty && d.inserted.isEmpty) }
        }
    }
}
