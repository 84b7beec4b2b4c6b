import Foundation
import Testing

@testable import MsgfmtCore

/// `--to text` and `--to json` over laid-out messages.
@Suite struct LayoutEmitterTests {
    typealias S = LayoutTestSupport

    /// What `emitter` writes for `messages`; fails the test when that is not UTF-8.
    func output(_ emitter: some MessageEmitter, _ messages: [RenderedMessage]) throws -> String {
        var emitter = emitter
        return try #require(String(bytes: EmitCapture.bytes(&emitter, messages), encoding: .utf8))
    }

    func rendered(
        _ styled: StyledText, width: Int, diagnostics: [Diagnostic] = [], id: Int64? = nil, index: Int = 0
    ) -> RenderedMessage {
        var styled = styled
        styled.messageID = id
        let layout = TextLayouter.layout(styled, S.constraints(width))
        return RenderedMessage(
            index: index, message: Message(id: id, text: styled.text.string), styled: styled, layout: layout, diagnostics: diagnostics)
    }

    @Test func plainTextMasksSpoilersCellForCell() throws {
        let message = rendered(S.styled("see ⟦s⟧日本 secret⟦/s⟧ ok"), width: 40)
        var hidden = StyleOptions()
        hidden.spoilers = .hide
        #expect(try output(PlainTextEmitter(options: hidden), [message]) == "see ░░░░░░░░░░░ ok\n")
        var revealed = StyleOptions()
        revealed.spoilers = .reveal
        #expect(try output(PlainTextEmitter(options: revealed), [message]) == "see 日本 secret ok\n")
    }

    @Test func plainTextSeparatesMessagesWithABlankLine() throws {
        let a = rendered(S.styled("one two"), width: 3)
        let b = rendered(S.styled("three"), width: 10)
        #expect(try output(PlainTextEmitter(options: StyleOptions()), [a, b]) == "one\ntwo\n\nthree\n")
    }

    @Test func jsonWritesOneObjectPerMessageWithDiagnostics() throws {
        let warning = Diagnostic(.warning, .init(entityIndex: 2), "entity 2 overlaps entity 1 and was dropped")
        let a = rendered(S.styled("⟦b⟧Hi⟦/b⟧ there"), width: 40, diagnostics: [warning], id: 42)
        let b = rendered(S.styled(""), width: 40, index: 1)
        let lines = try output(JSONLayoutEmitter(), [a, b]).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            lines[0]
                == #"{"id":42,"index":0,"text":"Hi there","width":8,"height":1,"truncated":false,"lines":[{"y":0,"x":0,"width":8,"start":0,"end":8,"block":"paragraph","rtl":false,"fragments":[{"x":0,"width":2,"start":0,"end":2,"text":"Hi","styles":["bold"],"link":null,"role":"text","rtl":false},{"x":2,"width":6,"start":2,"end":8,"text":" there","styles":[],"link":null,"role":"text","rtl":false}]}],"diagnostics":[{"severity":"warning","message":"entity 2 overlaps entity 1 and was dropped","entity":2}]}"#
        )
        #expect(lines[1] == #"{"id":null,"index":1,"text":"","width":0,"height":0,"truncated":false,"lines":[],"diagnostics":[]}"#)
    }

    @Test func jsonNeverCarriesRawControls() throws {
        let message = rendered(S.styled("a\u{1B}]0;x\u{7}\u{2028}b"), width: 40)
        let json = try output(JSONLayoutEmitter(), [message])
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(json.hasSuffix("}\n"))
    }
}

/// A measurer other than terminal cells plugs in without touching the algorithm.
@Suite struct TextMeasurerTests {
    /// Every cluster is 3 units wide.
    struct Wide: TextMeasurer {
        func width(of range: Range<Int>, in text: UTF16Text) -> Int { 3 }
    }

    @Test func customMeasurerDrivesBreaking() {
        let layout = TextLayouter.layout(StyledText(plain: "ab cd"), LayoutTestSupport.constraints(7), measurer: Wide())
        #expect(layout.lines.map(\.width) == [6, 6])
        #expect(layout.lines.map(\.start) == [0, 3])
    }

    @Test func preparedTextLaysOutLikeTheMessage() {
        let styled = LayoutTestSupport.styled("Hello שלום 日本語\tend")
        let prepared = PreparedText(styled)
        for width in 1...30 {
            let c = LayoutTestSupport.constraints(width) { $0.tabWidth = width % 5 + 1 }
            #expect(TextLayouter.layout(prepared, c) == TextLayouter.layout(styled, c))
        }
    }
}
