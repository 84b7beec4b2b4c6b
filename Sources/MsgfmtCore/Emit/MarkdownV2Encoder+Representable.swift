extension MarkdownV2Encoder {
    /// `message` (normalized) reduced to what MarkdownV2 can express: auto-detected kinds
    /// dropped; quotes kept only from a line start to the end of a line (a quote stopping
    /// just before a newline takes the newline, one stopping mid-line is dropped); entities
    /// ending with the newline at a quote boundary give up that newline; unusable pre
    /// languages removed.
    public static func representable(_ message: Message) -> Message {
        representable(message, text: UTF16Text(message.text), normalized: false)
    }

    /// `representable(_:)` for a message whose UTF-16 view is `text`. When
    /// `normalized` is true and nothing had to be reduced, the message is returned as it
    /// is: normalizing a normalized message changes nothing.
    static func representable(_ message: Message, text: UTF16Text, normalized: Bool) -> Message {
        let units = text.units
        let count = units.count
        func lineStart(_ p: Int) -> Bool { p == 0 || (p > 0 && p <= count && units[p - 1] == 0x0A) }
        var quotes: [MessageEntity] = []
        var others: [MessageEntity] = []
        var changed = false  // an entity was shortened or lost its language, or a nested quote dropped
        var dropped = false  // an auto-detected entity or a mid-line quote was dropped
        var extended = false  // a quote took the newline after it
        for var e in message.entities {
            switch e.kind.entityClass {
            case .quote:
                guard lineStart(e.offset) else { dropped = true; continue }
                if e.end < count, !lineStart(e.end) {
                    guard units[e.end] == 0x0A else { dropped = true; continue }
                    e.length += 1
                    extended = true
                }
                if let last = quotes.last, last.end > e.offset { changed = true; continue }
                quotes.append(e)
            case .splittable, .preLike:
                if e.kind == .pre, let language = e.language, !usableLanguage(language) {
                    e.language = nil
                    changed = true
                }
                others.append(e)
            default:
                if e.kind == .textLink || e.kind == .textMention || e.kind == .customEmoji {
                    others.append(e)
                } else {
                    dropped = true
                }
            }
        }
        if !quotes.isEmpty {
            let boundaries = Set(quotes.flatMap { [$0.offset, $0.end] })
            others = others.compactMap { e in
                var e = e
                if boundaries.contains(e.end), e.end > 0, units[e.end - 1] == 0x0A {
                    e.length -= 1
                    changed = true
                }
                return e.length > 0 ? e : nil
            }
        }
        // Normalized entities are in canonical order with distinct sort keys, so normalizing
        // them again, in any order, gives them back unchanged. Dropping some of them, or
        // growing a quote by its newline, keeps that true unless the pieces of a style split
        // around a dropped entity now touch, or an entity now crosses a quote's end: only
        // then is normalizing again needed, to join or split them.
        if normalized, !changed {
            if !dropped, !extended { return message }
            if !EntityOrder.hasJoinableNeighbours(others), !EntityOrder.hasJoinableNeighbours(quotes),
               !extended || !crossesQuote(others, quotes) {
                return Message(id: message.id, text: message.text, entities: EntityOrder.sorted(quotes + others))
            }
        }
        let reduced = Message(id: message.id, text: message.text, entities: quotes + others)
        return Normalizer.normalize(reduced, text: text, detect: false).0
    }

    /// True when an entity of `others` crosses a boundary of one of `quotes` (or when
    /// there are too many pairs to check cheaply, which sends the caller the safe way).
    private static func crossesQuote(_ others: [MessageEntity], _ quotes: [MessageEntity]) -> Bool {
        if others.count * quotes.count > 4096 { return true }
        for q in quotes {
            for e in others where e.offset < q.end && e.end > q.offset {
                if e.offset < q.offset || e.end > q.end { return true }
            }
        }
        return false
    }
}
