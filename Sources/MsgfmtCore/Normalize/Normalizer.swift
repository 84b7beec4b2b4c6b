/// Validates and repairs a message's entities the way Telegram's server does
/// (TELEGRAM.md §Normalization): range checks, empty entities, overlapping continuous
/// entities, quotes, and splitting of the splittable styles.
public enum Normalizer {
    /// An entity being normalized, with its index in the original list (nil when detected).
    struct Item {
        var entity: MessageEntity
        var origin: Int?
        var offset: Int { entity.offset }
        var end: Int { entity.offset + entity.length }
    }

    /// The normalized message and a diagnostic for every repair.
    public static func normalize(_ message: Message, detect: Bool) -> (Message, [Diagnostic]) {
        normalize(message, text: UTF16Text(message.text), detect: detect)
    }

    /// Normalizes `message` whose text is already available as `text`. A message whose
    /// entities are normal, or only out of order, takes `shortcut`.
    public static func normalize(_ message: Message, text: UTF16Text, detect: Bool) -> (Message, [Diagnostic]) {
        if !detect, let normal = shortcut(message, text: text) { return (normal, []) }
        return normalizeStepByStep(message, text: text, detect: detect)
    }

    /// Normalizes `message` by every step, whatever its entities (the reference the
    /// normal-form shortcut is tested against).
    static func normalizeStepByStep(_ message: Message, text: UTF16Text, detect: Bool) -> (Message, [Diagnostic]) {
        var report = NormalizationReport(messageID: message.id)
        let items = EntityOrder.sortedItems(checkedItems(message.entities, text: text, report: &report))
        var (solid, quotes) = resolveSolid(items, report: &report)
        if detect {
            let found = detectedItems(in: text, given: solid + quotes)
            if !found.isEmpty { solid = EntityOrder.sortedItems(solid + found) }
        }
        let pieces = splitStyles(items, solid: solid, quotes: quotes, report: &report)
        let all = EntityOrder.sortedItems(solid + quotes + pieces).map(\.entity)
        var normalized = message
        normalized.entities = all
        return (normalized, report.diagnostics)
    }

    /// Step 1 and 2: clamps ranges, drops entities splitting surrogate pairs, empty ones
    /// and unknown types.
    static func checkedItems(_ entities: [MessageEntity], text: UTF16Text, report: inout NormalizationReport) -> [Item] {
        let count = text.count
        var items: [Item] = []
        items.reserveCapacity(entities.count)
        for (index, original) in entities.enumerated() {
            var e = original
            if e.kind == .unknown {
                // A skipped entity was reported by its decoder already.
                if e != .skipped { report.warn(index, "unknown entity type \"\(e.typeName)\" is shown as plain text") }
                continue
            }
            let name = e.kind.botAPIName
            if e.length < 0 {
                let length = isClamped(e.length) ? "a negative length out of range" : "negative length \(e.length)"
                report.warn(index, "\(name) entity has \(length); dropped")
                continue
            }
            let end = e.offset.addingReportingOverflow(e.length)
            var endValue = end.overflow ? Int.max : end.partialValue
            if e.offset < 0 {
                report.warn(index, "\(name) entity starts at \(quoted(e.offset)), before the text; clamped to 0")
                e.offset = 0
                endValue = max(0, endValue)
            }
            if e.offset > count {
                report.warn(
                    index, "\(name) entity starts at \(quoted(e.offset)), past the end of the text (\(count) UTF-16 units); dropped")
                continue
            }
            if endValue > count {
                report.warn(index, "\(name) entity ends at \(quoted(endValue)), past the end of the text (\(count) UTF-16 units); clamped")
                endValue = count
            }
            e.length = endValue - e.offset
            if let bad = text.splitsSurrogatePair(at: e.offset) ? e.offset : text.splitsSurrogatePair(at: endValue) ? endValue : nil {
                report.error(index, "\(name) entity boundary at UTF-16 offset \(bad) splits a surrogate pair; dropped")
                continue
            }
            if e.length == 0 {
                report.warn(index, "empty \(name) entity dropped")
                continue
            }
            if let missing = missingPayload(e) {
                report.warn(index, "\(name) entity without \(missing) dropped")
                continue
            }
            items.append(Item(entity: e.withOnlyItsPayload, origin: index))
        }
        return items
    }

    /// An offset or end as a diagnostic quotes it: its number, or `an offset out of range`
    /// when the decoder clamped it (`isClamped`), as the number the input gave is not known.
    static func quoted(_ offset: Int) -> String {
        isClamped(offset) ? "an offset out of range" : "\(offset)"
    }

    /// True for a value at or beyond the bound decoders clamp offsets and lengths to
    /// (`BotAPIEntityReader.limit`, 2^40).
    static func isClamped(_ value: Int) -> Bool {
        value.magnitude >= BotAPIEntityReader.limit.magnitude
    }

    /// The payload field an entity needs but lacks, if any.
    static func missingPayload(_ e: MessageEntity) -> String? {
        switch e.kind {
        case .textLink: (e.url ?? "").isEmpty ? "a url" : nil
        case .textMention: e.userID == nil ? "a user id" : nil
        case .customEmoji: (e.customEmojiID ?? "").isEmpty ? "a custom_emoji_id" : nil
        case .dateTime: e.unixTime == nil ? "a unix_time" : nil
        default: nil
        }
    }

    /// Auto-detected entities that touch no kept continuous, pre-like or quote boundary.
    static func detectedItems(in text: UTF16Text, given: [Item]) -> [Item] {
        EntityDetector.detect(in: text).compactMap { found in
            let s = found.offset
            let e = found.offset + found.length
            for g in given where g.offset < e && s < g.end {
                if g.entity.kind.entityClass == .quote, g.offset <= s, e <= g.end { continue }
                return nil
            }
            return Item(entity: found, origin: nil)
        }
    }

    /// Steps 3 and 4: keeps the first of intersecting continuous/pre-like entities, the
    /// first of intersecting quotes, and drops continuous entities straddling a quote.
    static func resolveSolid(_ items: [Item], report: inout NormalizationReport) -> (solid: [Item], quotes: [Item]) {
        var solid: [Item] = []
        var quotes: [Item] = []
        var solidEnd = Int.min
        var quoteEnd = Int.min
        var lastSolid: Item?
        var lastQuote: Item?
        for item in items {
            switch item.entity.kind.entityClass {
            case .continuous, .preLike:
                if item.offset < solidEnd, let other = lastSolid {
                    report.warn(item.origin, "\(item.entity.kind.botAPIName) entity overlaps \(describe(other)); dropped")
                    continue
                }
                solid.append(item)
                if item.end > solidEnd { solidEnd = item.end; lastSolid = item }
            case .quote:
                if item.offset < quoteEnd, let other = lastQuote {
                    report.warn(item.origin, "\(item.entity.kind.botAPIName) entity overlaps \(describe(other)); dropped")
                    continue
                }
                quotes.append(item)
                quoteEnd = item.end
                lastQuote = item
            default:
                continue
            }
        }
        if !quotes.isEmpty {
            solid.removeAll { item in
                guard let quote = straddledQuote(item, quotes: quotes) else { return false }
                report.warn(item.origin, "\(item.entity.kind.botAPIName) entity crosses the boundary of \(describe(quote)); dropped")
                return true
            }
        }
        return (solid, quotes)
    }

    /// The quote whose boundary `item` crosses, if any (`quotes` sorted, disjoint).
    static func straddledQuote(_ item: Item, quotes: [Item]) -> Item? {
        var low = 0
        var high = quotes.count
        while low < high {
            let mid = (low + high) / 2
            if quotes[mid].offset < item.end { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let quote = quotes[low - 1]
        if quote.end <= item.offset { return nil }
        return quote.offset <= item.offset && item.end <= quote.end ? nil : quote
    }

    /// A short description of an entity for diagnostics.
    static func describe(_ item: Item) -> String {
        let name = item.entity.kind.botAPIName
        return item.origin.map { "\(name) entity \($0)" } ?? "detected \(name)"
    }
}
