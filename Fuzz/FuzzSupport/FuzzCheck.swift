@_spi(Testing) import MsgfmtCore

/// The checks the fuzz targets share. Each returns the broken invariants (empty when all
/// hold), so the fuzz driver can abort on them and the regression test can report them.
public enum FuzzCheck {
    /// Decodes `bytes` as `format`, then normalizes and styles every message: every
    /// failure must be located, normalized entities must lie inside the text and styled
    /// runs must cover it. Layout invariants are FuzzLayout's and FuzzEmit's job; here the
    /// time goes to the decoder, so each run covers more inputs.
    public static func decode(_ bytes: [UInt8], format: InputFormat) -> [String] {
        let items = MessageDecoder.decode(InputFile(name: "fuzz", bytes: bytes), options: DecodeOptions(format: format))
        var problems: [String] = []
        for item in items {
            switch item {
            case .message(let message, _):
                problems += normalizeAndStyle(message)
            case .failure(let diagnostic):
                let place = diagnostic.location
                if place.line == nil, place.byteOffset == nil, place.messageIndex == nil, place.messageID == nil {
                    problems.append("failure without a location: \(diagnostic.message)")
                }
                if diagnostic.message.isEmpty { problems.append("failure without a message") }
            case .skipped:
                break
            case .filtered:
                problems.append("a message filtered without a filter")
            }
        }
        return problems
    }

    /// Decoding `bytes` as it arrives, in reads of a size taken from the input, must give
    /// what decoding it whole gives (JSON Lines are rendered while they stream in).
    public static func streaming(_ bytes: [UInt8], format: InputFormat) -> [String] {
        let options = DecodeOptions(format: format)
        let whole = MessageDecoder.decode(InputFile(name: "fuzz", bytes: bytes), options: options)
        let chunk = 1 + (bytes.last.map(Int.init) ?? 0) % 13
        var streamed: [DecodedItem] = []
        do {
            try MessageDecoder.decode(InputReader(name: "fuzz", bytes: bytes, chunkSize: chunk), options: options) { streamed.append($0) }
        } catch {
            return ["reading from memory failed: \(error)"]
        }
        return streamed == whole ? [] : ["\(format) decoded in reads of \(chunk) bytes differs from decoding it whole"]
    }

    /// Every line of `bytes` read without a JSON tree, against the tree path, and passed
    /// over by the JSON skip scan, against the checked skip.
    public static func directReading(_ bytes: [UInt8]) -> [String] {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        var problems: [String] = []
        if lines.contains(where: { !MessageDecoder.directReadingAgrees($0) }) {
            problems.append("a line read without a JSON tree differs from the tree path")
        }
        if lines.contains(where: { !JSONParser.skipScanAgrees($0) }) {
            problems.append("the JSON skip scan disagrees with the checked skip on a line")
        }
        return problems
    }

    /// `decode`'s checks plus layout at `width` with the layout invariants, for replaying
    /// saved decoder inputs (some of which once broke layout).
    public static func decodeAndLayOut(_ bytes: [UInt8], format: InputFormat, width: Int = 40) -> [String] {
        var problems = decode(bytes, format: format)
        var constraints = LayoutConstraints()
        constraints.width = width
        let items = MessageDecoder.decode(InputFile(name: "fuzz", bytes: bytes), options: DecodeOptions(format: format))
        for case .message(let message, _) in items {
            problems += layOut(message, constraints)
        }
        return problems
    }

    /// Normalizes and styles `message`, checking entity ranges, the normal-form shortcut
    /// against normalizing step by step, and that the styled blocks tile the text in
    /// order, and their runs tile them.
    static func normalizeAndStyle(_ message: Message) -> [String] {
        let text = UTF16Text(message.text)
        let (normalized, _) = Normalizer.normalize(message, text: text, detect: false)
        var problems = entityProblems(normalized, units: text.units.count)
        if !Normalizer.normalFormAgrees(message) {
            problems.append("the normal-form shortcut disagrees with normalizing step by step: \(message.entities)")
        }
        let styled = StyledTextBuilder.build(normalized, text: text)
        var covered = 0
        for block in styled.blocks {
            if block.range.lowerBound != covered {
                problems.append("block \(block.range) does not start where the last ended (\(covered))")
            }
            var runEnd = block.range.lowerBound
            for run in block.runs {
                if run.range.lowerBound != runEnd { problems.append("run \(run.range) does not start where the last ended (\(runEnd))") }
                runEnd = run.range.upperBound
            }
            if runEnd != block.range.upperBound { problems.append("runs of block \(block.range) end at \(runEnd)") }
            covered = block.range.upperBound
        }
        if covered != text.units.count { problems.append("blocks cover \(covered) of \(text.units.count) units") }
        return problems
    }

    /// Normalized entities that do not lie inside a text of `units` UTF-16 units.
    static func entityProblems(_ message: Message, units: Int) -> [String] {
        message.entities.compactMap { entity in
            entity.offset >= 0 && entity.length > 0 && entity.offset + entity.length <= units
                ? nil
                : "normalized entity \(entity.kind.botAPIName) \(entity.offset)+\(entity.length) outside \(units) units"
        }
    }

    /// Normalizes, styles and lays out `message`, checking entity ranges and the layout
    /// invariants.
    public static func layOut(_ message: Message, _ constraints: LayoutConstraints, detect: Bool = false) -> [String] {
        let text = UTF16Text(message.text)
        let (normalized, _) = Normalizer.normalize(message, text: text, detect: detect)
        let problems = entityProblems(normalized, units: text.units.count)
        let styled = StyledTextBuilder.build(normalized, text: text)
        let layout = TextLayouter.layout(styled, constraints)
        return problems + TextLayout.checkInvariants(styled, [(layout, constraints)])[0].prefix(3)
    }

    /// The lines of `message` under `constraints` laid out a stretch of at least
    /// `pieceUnits` units at a time (`LayoutPieces`, which `render --to ansi|text` uses
    /// for a long message) against its whole layout: a problem when they differ. Nothing
    /// to check when the message is laid out whole (a line limit, or no longer than a
    /// stretch).
    public static func piecesAgree(_ message: Message, _ constraints: LayoutConstraints, detect: Bool, pieceUnits: Int) -> [String] {
        let text = UTF16Text(message.text)
        let styled = StyledTextBuilder.build(Normalizer.normalize(message, text: text, detect: detect).0, text: text)
        guard let pieces = LayoutPieces.of(styled, constraints, pieceUnits: pieceUnits) else { return [] }
        var lines: [LayoutLine] = []
        pieces.layOutEach { lines += $0.lines }
        let whole = TextLayouter.layout(styled, constraints).lines
        guard lines != whole else { return [] }
        let k = zip(lines, whole).prefix { $0.0 == $0.1 }.count
        return ["laid out in stretches of \(pieceUnits) units, line \(k) of \(lines.count) differs from the whole layout's \(whole.count)"]
    }
}
