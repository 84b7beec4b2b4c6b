import TestSupport

@testable import MsgfmtCore

/// A seeded generator of messy messages: mixed scripts, emoji (surrogate pairs), markup
/// characters, newlines, and entity lists with overlaps, duplicates, bad ranges and
/// surrogate splits.
struct MessageGenerator {
    /// The random source (SplitMix64).
    private var random: SeededGenerator

    /// When true, some quotes stop just before the newline ending their last line, the
    /// shape Telegram's MarkdownV2 cannot write as it is (the quote must take the newline).
    var looseQuoteEnds = false

    /// Creates a generator for `seed`.
    init(seed: UInt64, looseQuoteEnds: Bool = false) {
        random = SeededGenerator(seed: seed)
        self.looseQuoteEnds = looseQuoteEnds
    }

    mutating func next() -> UInt64 { random.next() }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    static let pieces = [
        "hello", "world", " ", " ", "  ", "\n", "\n", "привет", "日本語", "😀", "👨‍👩‍👧", "➡️", "🏟", "_", "*", "[", "]", "(", ")",
        "~", "`", ">", "#", "+", "-", "=", "|", "{", "}", ".", "!", "\\", "<", "&", "\"", "'", "&lt;", "__", "||", "```",
        "a_b", "x*y", "\t", "שלום", "é", "example.com", "@someone", "#tag", "e\u{301}",
    ]
    static let urls = ["https://example.com/", "https://example.com/a_(b)\\c", "http://t.me/x?y=1&z=2", "tg://resolve?domain=x"]
    static let kinds: [EntityKind] = EntityKind.known + [.unknown, .bold, .italic, .blockquote, .pre]

    /// One message.
    mutating func message() -> Message {
        var text = ""
        for _ in 0..<int(0...40) { text += pick(Self.pieces) }
        let count = text.utf16.count
        var entities: [MessageEntity] = []
        for _ in 0..<int(0...12) {
            if !entities.isEmpty, int(0...5) == 0 {
                entities.append(pick(entities))  // duplicate
                continue
            }
            var e = MessageEntity(kind: pick(Self.kinds), offset: int(-2...(count + 2)), length: int(-1...max(0, count / 2 + 2)))
            if e.kind == .unknown { e.unknownType = "mystery" }
            if e.kind.entityClass == .quote || int(0...3) == 0 { snapToLines(&e, text: text) }
            if looseQuoteEnds, e.kind.entityClass == .quote, e.length > 0, int(0...2) == 0 { e.length -= 1 }
            switch e.kind {
            case .textLink: e.url = pick(Self.urls)
            case .textMention: e.userID = Int64(int(1...1_000_000))
            case .pre: e.language = pick(["", "swift", "py", "c++", "a b"])
            case .customEmoji: e.customEmojiID = String(int(1...999_999_999))
            case .dateTime:
                e.unixTime = Int64(int(0...2_000_000_000))
                e.dateTimeFormat = pick(["", "r", "wdt", "DT", "t"])
            default: break
            }
            entities.append(e)
        }
        return Message(id: Int64(int(1...100_000)), text: text, entities: entities)
    }

    /// Moves an entity to start at a line start and end after a newline (or at the end).
    mutating func snapToLines(_ e: inout MessageEntity, text: String) {
        let units = Array(text.utf16)
        var starts = [0]
        for (i, u) in units.enumerated() where u == 0x0A { starts.append(i + 1) }
        let a = int(0...(starts.count - 1))
        let b = int(a...(starts.count - 1))
        let start = starts[a]
        let end = b + 1 < starts.count ? starts[b + 1] : units.count
        e.offset = start
        e.length = end - start
    }
}
