extension MarkdownV2Encoder {
    /// The entities of a normalized message that MarkdownV2 can write, chosen one by one:
    /// the first step of `representable`, which normalizes what it keeps again when
    /// dropping or growing changed their order.
    ///
    /// Auto-detected kinds are dropped (Telegram finds them again); so are payloads Telegram
    /// refuses, links to URLs with control characters, quotes that do not start at a line
    /// start or end mid-line (one stopping just before a newline takes the newline) and a
    /// quote inside another; an unusable pre language is removed. Each of those but the
    /// auto-detected is added to `losses` when it is not nil (`TelegramEncodingLoss`).
    struct Selection {
        /// What is kept, in the message's order: a part of a list in canonical order is in
        /// canonical order too.
        var kept: [MessageEntity] = []
        /// A quote is kept.
        var hasQuotes = false
        /// An entity lost its language or date format, or a nested quote was dropped.
        var changed = false
        /// An auto-detected or unsendable entity or a mid-line quote was dropped.
        var dropped = false
        /// A quote took the newline after it.
        var extended = false

        /// Chooses among the entities of `message`, whose UTF-16 units are `units`.
        init(_ message: Message, units: [UInt16], losses: inout [TelegramEncodingLoss]?) {
            let count = units.count
            func lineStart(_ p: Int) -> Bool { p == 0 || (p > 0 && p <= count && units[p - 1] == 0x0A) }
            kept.reserveCapacity(message.entities.count)
            var lastQuoteEnd = Int.min
            for var e in message.entities {
                switch e.kind.entityClass {
                case .quote:
                    guard lineStart(e.offset), e.end >= count || lineStart(e.end) || units[e.end] == 0x0A else {
                        losses?.append(TelegramEncodingLoss(entity: e, reason: .quoteMidLine))
                        dropped = true
                        continue
                    }
                    if e.end < count, !lineStart(e.end) {
                        e.length += 1
                        extended = true
                    }
                    if lastQuoteEnd > e.offset {
                        losses?.append(TelegramEncodingLoss(entity: e, reason: .nestedQuote))
                        changed = true
                        continue
                    }
                    lastQuoteEnd = e.end
                    hasQuotes = true
                    kept.append(e)
                case .splittable, .preLike, .continuous:
                    // Entities Telegram detects by itself are left for it to find again.
                    guard !e.kind.isDetectedByTelegram else {
                        dropped = true
                        continue
                    }
                    let sendable = e.telegramSendable
                    if losses != nil, let loss = TelegramEncodingLoss.payload(of: e, sendable: sendable) { losses?.append(loss) }
                    guard let sendable else {
                        dropped = true
                        continue
                    }
                    guard e.kind != .textLink || usableURL(e.url ?? "") else {
                        losses?.append(TelegramEncodingLoss(entity: e, reason: .unwritableURL))
                        dropped = true
                        continue
                    }
                    if sendable != e { changed = true }
                    e = sendable
                    if e.kind == .pre, let language = e.language, !usableLanguage(language) {
                        losses?.append(TelegramEncodingLoss(entity: e, reason: .language))
                        e.language = nil
                        changed = true
                    }
                    kept.append(e)
                case .unknown:
                    dropped = true
                }
            }
        }
    }
}
