import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// `LayoutPieces`: a message laid out a stretch at a time gives the lines the whole layout
/// gives, row for row, with the same offsets and fragments, under every constraint.
@Suite struct LayoutPiecesTests {
    static let pieces = [
        "word", "Hello,", "мир", "日本語のテキスト", "שלום", "مرحبا", "😀", "👩🏽‍💻", "e\u{301}", "1234", "a-b", "https://e.example/a?b=c",
        "\t", "   ", "\n", "\n", "\n\n", " ", " ", "(x)", "\u{1B}", "\u{200F}", "ไทย",
    ]

    /// A random message of many short paragraphs, styled, with links, quotes and code.
    static func message(_ random: inout SeededGenerator) -> StyledText {
        var text = ""
        for _ in 0..<(20 + random.below(120)) {
            text += pieces[random.below(pieces.count)]
            if random.below(2) == 0 { text += " " }
        }
        let count = text.utf16.count
        var entities: [MessageEntity] = []
        for _ in 0..<random.below(12) {
            let a = random.below(count)
            let length = 1 + random.below(max(1, min(count - a, 40)))
            let kinds: [EntityKind] = [.bold, .italic, .underline, .code, .textLink, .blockquote, .pre, .spoiler, .expandableBlockquote]
            let kind = kinds[random.below(kinds.count)]
            entities.append(
                MessageEntity(
                    kind: kind, offset: a, length: length, url: kind == .textLink ? "https://e.example/\(a)" : nil,
                    language: kind == .pre && random.below(2) == 0 ? "swift" : nil))
        }
        let normalized = Normalizer.normalize(Message(text: text, entities: entities), detect: random.below(2) == 0).0
        return StyledTextBuilder.build(normalized)
    }

    static func constraints(_ random: inout SeededGenerator) -> LayoutConstraints {
        var c = LayoutConstraints()
        c.width = [1, 3, 8, 20, 33, 80][random.below(6)]
        c.align = LineAlignment.allCases[random.below(LineAlignment.allCases.count)]
        c.overflow = OverflowMode.allCases[random.below(OverflowMode.allCases.count)]
        c.wrap = WrapMode.allCases[random.below(WrapMode.allCases.count)]
        c.tabWidth = [1, 4, 8][random.below(3)]
        c.expandQuotes = random.below(2) == 0
        c.widthModel = random.below(2) == 0 ? .modern : .legacy
        return c
    }

    @Test func piecesGiveTheLinesOfTheWholeLayout() {
        var random = SeededGenerator(seed: 1_906)
        var laidOutInPieces = 0
        for _ in 0..<2_000 {
            let styled = Self.message(&random)
            let constraints = Self.constraints(&random)
            let whole = TextLayouter.layout(styled, constraints)
            guard let pieces = LayoutPieces.of(styled, constraints, pieceUnits: 1 + random.below(60)) else { continue }
            var lines: [LayoutLine] = []
            var count = 0
            pieces.layOutEach {
                lines += $0.lines
                count += 1
            }
            if count > 1 { laidOutInPieces += 1 }
            let k = Array(zip(lines, whole.lines)).firstIndex { $0.0 != $0.1 } ?? min(lines.count, whole.lines.count)
            #expect(
                lines == whole.lines,
                "line \(k) of \(lines.count)/\(whole.lines.count): \(k < lines.count ? "\(lines[k])" : "none") vs \(k < whole.lines.count ? "\(whole.lines[k])" : "none"); ends \(pieces.ends()); \(styled.text.string.debugDescription) at \(constraints)"
            )
            if lines != whole.lines { return }
        }
        #expect(laidOutInPieces > 1_000)
    }

    @Test func aLineLimitOrAShortMessageIsLaidOutWhole() {
        let styled = StyledText(plain: String(repeating: "line\n", count: 100))
        var limited = LayoutConstraints()
        limited.maxLines = 3
        #expect(LayoutPieces.of(styled, limited, pieceUnits: 10) == nil)
        #expect(LayoutPieces.of(styled, LayoutConstraints(), pieceUnits: 1_000) == nil)
        let pieces = LayoutPieces.of(styled, LayoutConstraints(), pieceUnits: 10)
        #expect(pieces?.ends() == stride(from: 10, through: 500, by: 10).map { $0 })
    }

    /// `render --to ansi|text|json` of a message of 200 000 units (paragraphs, styles, links, a
    /// quote and code) writes the same bytes laid out in pieces as laid out whole.
    @Test(arguments: [OutputFormat.ansi, .text, .json])
    func renderWritesTheSameBytesInPieces(_ format: OutputFormat) throws {
        var random = SeededGenerator(seed: 77)
        var text = ""
        while text.utf16.count < 200_000 {
            text += Self.pieces[random.below(Self.pieces.count)] + (random.below(3) == 0 ? "\n" : " ")
        }
        let count = text.utf16.count
        var entities: [MessageEntity] = []
        for k in 0..<400 {
            let a = random.below(count - 100)
            let kind: EntityKind = [.bold, .textLink, .italic, .spoiler][k % 4]
            entities.append(
                MessageEntity(kind: kind, offset: a, length: 1 + random.below(90), url: kind == .textLink ? "https://e.example/\(k)" : nil))
        }
        entities.append(MessageEntity(kind: .blockquote, offset: 1_000, length: 500))
        entities.append(MessageEntity(kind: .pre, offset: 90_000, length: 300, language: "swift"))
        let message = Message(text: text, entities: entities)
        func render(pieces: Bool) throws -> [UInt8] {
            var options = RenderOptions()
            options.to = format
            options.layout.width = 37
            options.style.color = true
            options.style.hyperlinks = true
            options.laysOutInPieces = pieces
            let renderer = Renderer(options: options)
            var emitter = renderer.makeEmitter()
            let sink = OutputSink.memory()
            emitter.begin(into: sink)
            let rendered = renderer.process(message, index: 0, diagnostics: [])
            #expect((rendered.pieces != nil) == pieces)
            emitter.emit(rendered, into: sink)
            emitter.end(into: sink)
            return sink.takeBytes()
        }
        let whole = try render(pieces: false)
        #expect(whole.count > 200_000)
        #expect(try render(pieces: true) == whole)
    }
}
