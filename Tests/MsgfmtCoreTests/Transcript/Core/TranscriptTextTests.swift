import TestSupport
import Testing

@testable import MsgfmtCore

/// The transcript's one-line shortcut for printable ASCII gives exactly the line the
/// layout engine gives, and line breaks become spaces in bytes as they would in Characters.
@Suite struct TranscriptTextTests {
    /// A one-line shortcut: `(text, width, style, role)` to the line, or nil to leave it to
    /// the layout engine.
    typealias Shortcut = (String, Int, Style, FragmentRole) -> (fragments: [LayoutFragment], width: Int)?

    /// Random texts of `alphabet` (up to `length` pieces, sometimes between spaces) at random
    /// widths up to `widest` and random constraints: wherever `shortcut` answers, the layout
    /// engine answers the same, and `oneLine` always does. Returns the texts answered that
    /// `counted` says yes to.
    static func shortcutAgreesWithTheEngine(
        _ shortcut: Shortcut, alphabet: [String], seed: UInt64, cases: Int, length: Int, widest: Int,
        counted: (String) -> Bool
    ) -> Int {
        var rng = SeededGenerator(seed: seed)
        var answered = 0
        for _ in 0..<cases {
            var constraints = LayoutConstraints()
            constraints.wrap = Bool.random(using: &rng) ? .greedy : .balanced
            constraints.align = [.natural, .left, .right, .center].randomElement(using: &rng)!
            constraints.widthModel = Bool.random(using: &rng) ? .modern : .legacy
            constraints.overflow = Bool.random(using: &rng) ? .fold : .ellipsis
            let text = TranscriptText(constraints: constraints)
            var s = (0..<Int.random(in: 0...length, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            if Bool.random(using: &rng) { s = "  " + s + "   " }
            let width = Int.random(in: -1...widest, using: &rng)
            let style = Style(attributes: Bool.random(using: &rng) ? .bold : .italic)
            let role: FragmentRole = Bool.random(using: &rng) ? .text : .title
            let slow = text.laidOutLine(s, width: width, style: style, role: role)
            if let fast = shortcut(s, max(2, width), style, role) {
                if counted(s) { answered += 1 }
                #expect(fast.fragments == slow.fragments, "\(s.debugDescription) at width \(width)")
                #expect(fast.width == slow.width, "\(s.debugDescription) at width \(width)")
            }
            #expect(text.oneLine(s, width: width, style: style, role: role) == slow, "\(s.debugDescription) at width \(width)")
        }
        return answered
    }

    /// Random printable ASCII (spaces and punctuation over-represented) at random widths and
    /// constraints: wherever the shortcut answers, the layout engine answers the same.
    @Test func asciiShortcutMatchesTheLayoutEngine() {
        let alphabet = Array("  aZ09.-/,:!?'\"()@#$%^&*_+=~`{}[]|\\<>;").map(String.init)
        let answered = Self.shortcutAgreesWithTheEngine(
            { TranscriptText.printableASCIILine($0, width: $1, style: $2, role: $3) }, alphabet: alphabet, seed: 0x7E47,
            cases: 4_000, length: 30, widest: 34, counted: { _ in true })
        #expect(answered > 1_000)
    }

    /// The shortcut for letters of simple scripts (Latin, Greek, Cyrillic, CJK, kana,
    /// Hangul syllables) beside ASCII: wherever it answers, the layout engine answers the
    /// same, and it leaves marks, emoji and right-to-left text to the engine.
    @Test func simpleScriptShortcutMatchesTheLayoutEngine() {
        let alphabet =
            Array("  aZ09.-,:!?'\"()@#_ éÀŸžĀßΩαέΆЖжЁёҐґ中文日本語ひらカタ한국어가힣ー。「」").map(String.init)
            + ["\u{301}", "😀", "\u{5D0}", "\u{483}", "\u{200D}"]
        let answered = Self.shortcutAgreesWithTheEngine(
            { TranscriptText.simpleLine($0, width: $1, style: $2, role: $3) }, alphabet: alphabet, seed: 0x51A7, cases: 6_000,
            length: 24, widest: 40, counted: { $0.utf8.contains(where: { $0 >= 0x80 }) })
        #expect(answered > 300, "answered with letters beyond ASCII: \(answered)")
        for other in ["e\u{301}", "a😀", "\u{5D0}b", "\u{483}", "a\u{200D}b", "tab\there", "\u{1B}[2J", "\u{2028}"] {
            #expect(TranscriptText.simpleLine(other, width: 10, style: .plain, role: .text) == nil, "\(other.debugDescription)")
        }
    }

    /// Text the shortcut must leave to the layout engine: too wide, controls, non-ASCII.
    @Test(arguments: ["abcdefghijk", "tab\there", "line\nbreak", "caf\u{E9}", "\u{1B}[2J", "emoji 😀"])
    func otherTextIsLeftToTheLayoutEngine(text: String) {
        #expect(TranscriptText.printableASCIILine(text, width: 10, style: .plain, role: .text) == nil)
    }

    /// Line breaks made spaces by bytes equal what mapping the Characters gives (a CR LF
    /// pair is one Character and stays), on random text of line breaks, marks, emoji and
    /// letters of several scripts.
    @Test func lineBreaksBecomeSpacesAsCharactersWould() {
        var rng = SeededGenerator(seed: 0x1B0C)
        let pieces = [
            "\n", "\r", "\r\n", "\n\r", "\u{301}", "a", " ", "\u{5D0}", "\u{4E2D}", "\u{1F600}", "\u{200D}", "\u{2028}", "\u{85}",
        ]
        var changed = 0
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let reference = String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
            let fast = TranscriptText.lineBreaksAsSpaces(text)
            #expect(Array(fast.utf8) == Array(reference.utf8), "\(text.debugDescription)")
            if fast != text { changed += 1 }
        }
        #expect(changed > 1_000)
    }

    /// Marks dropped by bytes equal what dropping the scalars gives, and runs of a scalar
    /// written by doubling equal `String(repeating:count:)`.
    @Test func marksAreDroppedAndRunsRepeatedAsScalarsWould() {
        var rng = SeededGenerator(seed: 0x200E)
        let pieces = ["\u{200E}", "\u{200F}", "\u{E2}", "a", "\u{2028}", "\u{1F600}", "\u{301}", "\u{5D0}"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...10, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            var reference = text
            reference.unicodeScalars.removeAll { $0 == "\u{200E}" }
            #expect(Array(TranscriptText.withoutLRM(text).utf8) == Array(reference.utf8), "\(text.debugDescription)")
        }
        // Blanks come from a table up to 255 and are made past it, like any other run.
        for scalar in ["-", "\u{2500}", "\u{E9}", "\u{1F600}", " "] as [Unicode.Scalar] {
            for count in [-1, 0, 1, 2, 3, 7, 16, 33, 200, 255, 256, 300] {
                let expected = count > 0 ? String(repeating: String(scalar), count: count) : ""
                #expect(TranscriptLine.run(of: scalar, count: count) == expected, "\(scalar) × \(count)")
            }
        }
        // A border: the run between its corners, each of one to four bytes.
        let borders: [(Unicode.Scalar, Unicode.Scalar, Unicode.Scalar)] = [
            ("\u{256D}", "\u{2500}", "\u{256E}"), ("a", "\u{1F600}", "\u{E9}"),
        ]
        for (left, fill, right) in borders {
            for count in [-1, 0, 1, 5, 62] {
                let run = count > 0 ? String(repeating: String(fill), count: count) : ""
                #expect(TranscriptLine.framed(left, fill, count: count, right) == String(left) + run + String(right))
                #expect(TranscriptLine.framed(nil, fill, count: count, right) == run + String(right))
                #expect(TranscriptLine.framed(left, fill, count: count, nil) == String(left) + run)
            }
        }
    }
}
