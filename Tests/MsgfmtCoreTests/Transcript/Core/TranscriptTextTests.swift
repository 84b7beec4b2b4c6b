import TestSupport
import Testing

@testable import MsgfmtCore

/// The transcript's one-line shortcut for printable ASCII gives exactly the line the
/// layout engine gives.
@Suite struct TranscriptTextTests {
    /// Random printable ASCII (spaces and punctuation over-represented) at random widths and
    /// constraints: wherever the shortcut answers, the layout engine answers the same.
    @Test func asciiShortcutMatchesTheLayoutEngine() {
        var rng = SeededGenerator(seed: 0x7E47)
        let alphabet = Array("  aZ09.-/,:!?'\"()@#$%^&*_+=~`{}[]|\\<>;")
        var answered = 0
        for _ in 0..<4_000 {
            var constraints = LayoutConstraints()
            constraints.wrap = Bool.random(using: &rng) ? .greedy : .balanced
            constraints.align = [.natural, .left, .right, .center].randomElement(using: &rng)!
            constraints.widthModel = Bool.random(using: &rng) ? .modern : .legacy
            constraints.overflow = Bool.random(using: &rng) ? .fold : .ellipsis
            let text = TranscriptText(constraints: constraints)
            let length = Int.random(in: 0...30, using: &rng)
            var s = String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
            if Bool.random(using: &rng) { s = "  " + s + "   " }
            let width = Int.random(in: -1...34, using: &rng)
            let style = Style(attributes: Bool.random(using: &rng) ? .bold : .italic)
            let role: FragmentRole = Bool.random(using: &rng) ? .text : .title
            let slow = text.laidOutLine(s, width: width, style: style, role: role)
            if let fast = TranscriptText.printableASCIILine(s, width: max(2, width), style: style, role: role) {
                answered += 1
                #expect(fast.fragments == slow.fragments, "\(s.debugDescription) at width \(width)")
                #expect(fast.width == slow.width, "\(s.debugDescription) at width \(width)")
            }
            #expect(text.oneLine(s, width: width, style: style, role: role) == slow, "\(s.debugDescription) at width \(width)")
        }
        #expect(answered > 1_000)
    }

    /// Text the shortcut must leave to the layout engine: too wide, controls, non-ASCII.
    @Test(arguments: ["abcdefghijk", "tab\there", "line\nbreak", "caf\u{E9}", "\u{1B}[2J", "emoji 😀"])
    func otherTextIsLeftToTheLayoutEngine(text: String) {
        #expect(TranscriptText.printableASCIILine(text, width: 10, style: .plain, role: .text) == nil)
    }
}
