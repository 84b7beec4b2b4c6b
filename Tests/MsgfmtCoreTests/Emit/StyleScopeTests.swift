import TestSupport
import Testing

@testable import MsgfmtCore

/// A message styled only as far as plain text shows it (`StyleScope.plainText`: spoilers,
/// pre blocks and quotes) is written as plain text, and as ANSI without escapes, byte for
/// byte as the fully styled one, laid out at once or line by line: the reduced styling
/// against the reference.
@Suite struct StyleScopeTests {
    /// The number of runs over all blocks of `styled`.
    static func runCount(_ styled: StyledText) -> Int {
        styled.blocks.reduce(0) { $0 + $1.runs.count }
    }

    @Test func plainTextScopeWritesTheSameText() {
        var generator = MessageGenerator(seed: 4_096)
        var random = SeededGenerator(seed: 31)
        var fewerRuns = 0
        var hidden = 0
        for n in 0..<3_000 {
            let (message, full) = LineSinkTests.styled(&generator, &random)
            let reduced = StyledTextBuilder.build(message, text: full.text, scope: .plainText)
            let constraints = LineSinkTests.constraints(&random)
            let options = LineSinkTests.styleOptions(&random)
            if Self.runCount(reduced) < Self.runCount(full) { fewerRuns += 1 }
            if options.spoilers == .hide, message.entities.contains(where: { $0.kind == .spoiler }) { hidden += 1 }
            func written(_ styled: StyledText, deferred: Bool) -> [UInt8] {
                let rendered =
                    deferred
                    ? RenderedMessage(
                        index: n, message: message, styled: styled, layout: nil, pieces: nil, deferredLayout: constraints, mediaLines: [],
                        diagnostics: [])
                    : RenderedMessage(
                        index: n, message: message, styled: styled, layout: TextLayouter.layout(styled, constraints), diagnostics: [])
                var text = PlainTextEmitter(options: options)
                var noEscapes = options
                (noEscapes.color, noEscapes.attributes, noEscapes.hyperlinks) = (false, false, false)
                var ansi = ANSIEmitter(options: noEscapes)
                return EmitCapture.bytes(&text, [rendered]) + [0] + EmitCapture.bytes(&ansi, [rendered])
            }
            for deferred in [false, true] {
                let expected = written(full, deferred: deferred)
                let got = written(reduced, deferred: deferred)
                #expect(got == expected, "\(full.text.string.debugDescription) at \(constraints), \(options), deferred \(deferred)")
                if got != expected { return }
            }
        }
        // The scope did leave styles out, and hidden spoilers were among what was compared.
        #expect(fewerRuns > 1_000)
        #expect(hidden > 100)
    }

    /// The text emitter asks for plain text's scope, the others for every style; the
    /// renderer styles a message no further than its emitter's scope.
    @Test func emittersAskForTheirScope() {
        #expect(PlainTextEmitter(options: StyleOptions()).styleScope == .plainText)
        var escapes = StyleOptions()
        (escapes.color, escapes.attributes, escapes.hyperlinks) = (false, false, false)
        #expect(ANSIEmitter(options: escapes).styleScope == .plainText)
        for k in 0..<3 {
            var some = escapes
            if k == 0 { some.color = true } else if k == 1 { some.attributes = true } else { some.hyperlinks = true }
            #expect(ANSIEmitter(options: some).styleScope == .all)
        }
        #expect(HTMLEmitter(options: StyleOptions(), layout: LayoutConstraints()).styleScope == .all)
        let message = Message(
            id: 1, text: "bold spoiler link",
            entities: [
                MessageEntity(kind: .bold, offset: 0, length: 4), MessageEntity(kind: .spoiler, offset: 5, length: 7),
                MessageEntity(kind: .textLink, offset: 13, length: 4, url: "https://example.com"),
            ])
        var options = RenderOptions()
        options.to = .text
        let renderer = Renderer(options: options)
        let plain = renderer.process(message, index: 0, diagnostics: [], scope: .plainText).styled
        let full = renderer.process(message, index: 0, diagnostics: []).styled
        #expect(plain.blocks.flatMap(\.runs).map(\.style.attributes) == [[], [.spoiler], []])
        #expect(full.blocks.flatMap(\.runs).map(\.style.attributes) == [[.bold], [], [.spoiler], [], [.textLink]])
    }
}
