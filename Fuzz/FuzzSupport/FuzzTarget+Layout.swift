@_spi(Testing) import MsgfmtCore

extension FuzzTarget {
    /// Random styled text under random constraints. The input's first bytes
    /// choose the constraints and up to eight entities (any kind, any range — normalization
    /// repairs them); the rest is the message text. Checks the layout invariants, and both
    /// msgfmt's own bidi levels and its fused segmenter's clusters, breaks and widths
    /// against ICU's, and the layout a stretch at a time (`LayoutPieces`, stretches of 1 to
    /// 24 units, picked by the input's length) against the whole layout.
    static func checkLayout(_ bytes: [UInt8]) -> [String] {
        var input = FuzzBytes(bytes)
        var constraints = LayoutConstraints()
        let widthByte = input.byte()
        constraints.width = widthByte == 255 ? 1_000_000_000 : Int(widthByte) - 2
        constraints.maxLines = Int(input.byte() % 8) - 1
        constraints.truncate = pick(TruncationMode.allCases, input.byte())
        constraints.overflow = pick(OverflowMode.allCases, input.byte())
        constraints.wrap = pick(WrapMode.allCases, input.byte())
        constraints.align = pick(LineAlignment.allCases, input.byte())
        constraints.tabWidth = Int(input.byte() % 20) - 2
        constraints.expandQuotes = input.byte() & 1 == 1
        constraints.widthModel = pick(WidthModel.allCases, input.byte())
        constraints.ellipsis = pick(["…", "", "...", "→", "\t", "\u{1B}", "字字", "e\u{301}"], input.byte())
        let (message, detect) = fuzzMessage(&input)
        var problems = FuzzCheck.layOut(message, constraints, detect: detect)
        problems += FuzzCheck.piecesAgree(message, constraints, detect: detect, pieceUnits: 1 + bytes.count % 24)
        // msgfmt's own bidi pass against ICU's on the whole text as one paragraph.
        let units = Array(message.text.utf16)
        if !BidiParagraph.ownPassAgreesWithICU(units) {
            problems.append("bidi levels differ from ICU's")
        }
        // The fused segmenter's clusters, breaks and widths against the ICU path.
        if case .differs(let what) = FusedSegmenterCheck.compare(units) {
            problems.append("fused segmenter differs from ICU: \(what)")
        }
        return problems
    }

    /// A message made of `input`'s next bytes: up to eight entities (any kind, any range —
    /// normalization repairs them), then the rest as its text; and whether to detect
    /// entities in it (an odd entity count). Shared by the layout and picture targets.
    static func fuzzMessage(_ input: inout FuzzBytes) -> (Message, detect: Bool) {
        let entityCount = Int(input.byte() % 9)
        var raw: [(UInt8, Int, Int, UInt8)] = []
        for _ in 0..<entityCount {
            raw.append((input.byte(), input.below(1 << 16), input.below(1 << 16), input.byte()))
        }
        let text = String(decoding: input.rest, as: UTF8.self)
        let units = text.utf16.count
        let entities = raw.map { kindByte, offset, length, extra in
            let kind = kinds[Int(kindByte) % kinds.count]
            var entity = MessageEntity(kind: kind, offset: offset % (units + 2) - (extra & 0x80 != 0 ? 1 : 0), length: length % (units + 2))
            switch kind {
            case .textLink: entity.url = pick(["https://example.com", "javascript:alert(1)", "", "x\u{1B}]8;;"], extra)
            case .pre: entity.language = pick([nil, "swift", "", "a\nb"], extra)
            case .dateTime: entity.unixTime = extra & 1 == 0 ? 1_700_000_000 : Int64.max
            case .customEmoji: entity.customEmojiID = "5368324170671202286"
            case .textMention: entity.userID = 42
            default: break
            }
            return entity
        }
        return (Message(text: text, entities: entities), entityCount & 1 == 1)
    }
}

private let kinds: [EntityKind] = [
    .bold, .italic, .underline, .strikethrough, .spoiler, .blockquote, .expandableBlockquote,
    .code, .pre, .dateTime, .mention, .hashtag, .url, .email, .textLink, .textMention, .customEmoji,
    .unknown,
]

private func pick<T>(_ choices: [T], _ byte: UInt8) -> T {
    choices[Int(byte) % choices.count]
}
