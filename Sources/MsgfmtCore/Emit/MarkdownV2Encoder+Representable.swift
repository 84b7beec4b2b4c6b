extension MarkdownV2Encoder {
    /// `message` (normalized) reduced to what MarkdownV2 can express: auto-detected kinds,
    /// payloads Telegram refuses and links to URLs with control characters dropped; quotes kept only from a line start to the end
    /// of a line (a quote stopping just before a newline takes the newline, one stopping
    /// mid-line is dropped); entities ending with the newline at a quote boundary give up
    /// that newline; unusable pre languages removed.
    public static func representable(_ message: Message) -> Message {
        representable(message, text: UTF16Text(message.text), normalized: false)
    }

    /// `representable(_:)` for a message whose UTF-16 view is `text`. When
    /// `normalized` is true and nothing had to be reduced, the message is returned as it
    /// is: normalizing a normalized message changes nothing.
    ///
    /// Telegram ends a quote at a newline not followed by `>`, and fails when anything but
    /// the quote is still open there; `>` starts a quote only at a line start. So nothing
    /// may end after the newline before a quote boundary: once quotes have their final
    /// extent and normalizing has split the styles at their boundaries, each entity ending
    /// there gives up that newline (and is dropped when nothing else is left).
    static func representable(_ message: Message, text: UTF16Text, normalized: Bool) -> Message {
        var losses: [TelegramEncodingLoss]? = nil
        return representable(message, text: text, normalized: normalized, losses: &losses)
    }

    /// `representable(_:text:normalized:)`, adding what it leaves out that Telegram would
    /// not find again by itself to `losses` when that is not nil (`Selection`).
    static func representable(
        _ message: Message, text: UTF16Text, normalized: Bool, losses: inout [TelegramEncodingLoss]?
    ) -> Message {
        let units = text.units
        let selection = Selection(message, units: units, losses: &losses)
        let (changed, extended) = (selection.changed, selection.extended)
        var reduced = message
        // Normalized entities are in canonical order with distinct sort keys, so normalizing
        // them again, in any order, gives them back unchanged. Dropping some of them, or
        // growing a quote by its newline, keeps that true unless the pieces of a style split
        // around a dropped entity now touch, or an entity now crosses a quote's end: only
        // then is normalizing again needed, to join or split them. What is only dropped
        // stays in canonical order; a grown quote may move.
        if !normalized || changed || selection.dropped || extended {
            let kept = selection.kept
            let quotes = selection.hasQuotes ? kept.filter { $0.kind.entityClass == .quote } : []
            let others = selection.hasQuotes ? kept.filter { $0.kind.entityClass != .quote } : kept
            if normalized, !changed, !EntityOrder.hasJoinableNeighbours(others), !EntityOrder.hasJoinableNeighbours(quotes),
                !extended || !crossesQuote(others, quotes)
            {
                reduced.entities = extended ? EntityOrder.sorted(kept) : kept
            } else {
                reduced.entities = quotes + others
                reduced = Normalizer.normalize(reduced, text: text, detect: false).0
            }
        }
        return withoutNewlinesAtQuoteBoundaries(reduced, units: units)
    }

    /// `message` (normalized, quotes on whole lines) with every entity but the quotes that
    /// ends right after a newline at a quote's start or end shortened by that newline;
    /// entities left empty are dropped. Shortening keeps the entities nested and apart, so
    /// only their order needs restoring.
    private static func withoutNewlinesAtQuoteBoundaries(_ message: Message, units: [UInt16]) -> Message {
        // The quotes' starts and ends in a sorted list (quotes are in order and apart, so
        // sorting finds it sorted already), searched by halving.
        var boundaries: [Int] = []
        for e in message.entities where e.kind.entityClass == .quote {
            if boundaries.isEmpty { boundaries.reserveCapacity(8) }
            boundaries.append(e.offset)
            boundaries.append(e.end)
        }
        guard !boundaries.isEmpty else { return message }
        boundaries.sort()
        func isBoundary(_ p: Int) -> Bool {
            var low = 0
            var high = boundaries.count
            while low < high {
                let mid = (low &+ high) / 2
                if boundaries[mid] < p { low = mid &+ 1 } else { high = mid }
            }
            return low < boundaries.count && boundaries[low] == p
        }
        func endsAtBoundary(_ e: MessageEntity) -> Bool {
            e.kind.entityClass != .quote && e.end > 0 && isBoundary(e.end) && units[e.end - 1] == 0x0A
        }
        guard message.entities.contains(where: endsAtBoundary) else { return message }
        var shortened = message
        shortened.entities = EntityOrder.sorted(
            message.entities.compactMap { e in
                guard endsAtBoundary(e) else { return e }
                var e = e
                e.length -= 1
                return e.length > 0 ? e : nil
            })
        return shortened
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
