import TestSupport
import Testing

@testable import MsgfmtCore

/// The ANSI and text emitters write a message laid out line by line as it is planned
/// (`RenderedMessage.deferredLayout`, plain lines straight from the cluster table) byte
/// for byte as they write its built layout: the fast path against the reference.
@Suite struct LineSinkTests {
    /// What the generator's pieces lack: unsafe controls, Arabic, bidi marks, wide text.
    static let extras = ["\u{1B}[31m", "\u{7}", "\u{202E}", "مرحبا بالعالم", "\u{200F}", "全角の文字列", "\u{0}", "a\u{300}\u{301}", "\t\t"]

    /// The constraints the stretch tests draw (`LayoutPiecesTests`), with a line limit,
    /// its truncation and sometimes an ellipsis of three cells.
    static func constraints(_ random: inout SeededGenerator) -> LayoutConstraints {
        var c = LayoutPiecesTests.constraints(&random)
        c.truncate = TruncationMode.allCases[random.below(TruncationMode.allCases.count)]
        c.maxLines = [0, 0, 1, 2, 5][random.below(5)]
        if random.below(6) == 0 { c.ellipsis = "..." }
        return c
    }

    static func styleOptions(_ random: inout SeededGenerator) -> StyleOptions {
        var o = StyleOptions()
        o.color = random.below(2) == 0
        o.attributes = random.below(2) == 0
        o.hyperlinks = random.below(2) == 0
        o.spoilers = random.below(2) == 0 ? .hide : .reveal
        return o
    }

    /// A random message with some of `extras` put in, normalized and styled.
    static func styled(_ generator: inout MessageGenerator, _ random: inout SeededGenerator) -> (Message, StyledText) {
        var message = generator.message()
        if random.below(3) == 0 {
            var units = Array(message.text.utf16)
            let at = random.below(units.count + 1)
            units.insert(contentsOf: Array(extras[random.below(extras.count)].utf16), at: at)
            message.text = String(decoding: units, as: UTF16.self)
        }
        let normalized = Normalizer.normalize(message, detect: random.below(2) == 0).0
        return (normalized, StyledTextBuilder.build(normalized))
    }

    @Test func deferredLinesAreWrittenAsTheBuiltLayout() {
        var generator = MessageGenerator(seed: 2_512)
        var random = SeededGenerator(seed: 77)
        var ansiBytes = 0
        for n in 0..<3_000 {
            let (message, styled) = Self.styled(&generator, &random)
            let constraints = Self.constraints(&random)
            let options = Self.styleOptions(&random)
            let built = RenderedMessage(
                index: n, message: message, styled: styled, layout: TextLayouter.layout(styled, constraints), diagnostics: [])
            let deferred = RenderedMessage(
                index: n, message: message, styled: styled, layout: nil, pieces: nil, deferredLayout: constraints, mediaLines: [],
                diagnostics: [])
            var a = ANSIEmitter(options: options)
            var b = ANSIEmitter(options: options)
            let expected = EmitCapture.bytes(&a, [built])
            let got = EmitCapture.bytes(&b, [deferred])
            ansiBytes += got.count
            #expect(got == expected, "ANSI, \(styled.text.string.debugDescription) at \(constraints), \(options)")
            var c = PlainTextEmitter(options: options)
            var d = PlainTextEmitter(options: options)
            let text = EmitCapture.bytes(&d, [deferred])
            #expect(text == EmitCapture.bytes(&c, [built]), "text, \(styled.text.string.debugDescription) at \(constraints)")
            if got != expected { return }
        }
        #expect(ansiBytes > 100_000)
    }

    /// Most lines of ordinary messages take the plain path, right-to-left ones too; the rest
    /// (tabs, controls, ellipses, justified lines) are built, so both paths are compared above.
    @Test func bothPathsAreTaken() {
        var generator = MessageGenerator(seed: 2_512)
        var random = SeededGenerator(seed: 77)
        var counter = PathCounter()
        for _ in 0..<3_000 {
            let (_, styled) = Self.styled(&generator, &random)
            let constraints = Self.constraints(&random)
            _ = Self.styleOptions(&random)
            TextLayouter.layout(styled, constraints, into: &counter)
        }
        #expect(counter.plain > 2_500)
        #expect(counter.built > 5_000)
        #expect(counter.quoted > 300)
        #expect(counter.reversed > 300)
    }

    /// Counts the lines a sink gets by the path an emitter's sink takes.
    struct PathCounter: LineSink {
        var plain = 0
        var built = 0
        var quoted = 0
        var reversed = 0

        mutating func take(_ plan: LinePlan, builder: LineBuilder, y: Int) {
            guard let line = builder.plainLine(plan) else {
                built += 1
                return
            }
            plain += 1
            if line.barCells > 0 { quoted += 1 }
            var rtl = false
            builder.forEachRun(plan, of: line) { _, _, isRTL, _ in rtl = rtl || isRTL }
            if rtl { reversed += 1 }
        }

        mutating func take(_ line: LayoutLine) { built += 1 }
    }
}
