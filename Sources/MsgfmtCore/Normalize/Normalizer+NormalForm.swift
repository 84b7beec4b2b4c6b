extension Normalizer {
    /// `message` normalized without detection when that needs no repair: as it is when its
    /// entities are normal (`isNormal`), with them sorted when only their order is not
    /// (normalizing sorts first, stably, and changes nothing of a normal sorted list);
    /// nil otherwise.
    static func shortcut(_ message: Message, text: UTF16Text) -> Message? {
        // Sorted first (a list in order comes back as it is): an unsorted list, never
        // normal as it is, is checked once, not twice.
        let sorted = EntityOrder.sorted(message.entities)
        guard isNormal(sorted, text: text) else { return nil }
        var normal = message
        normal.entities = sorted
        return normal
    }

    /// The longest entity list `isNormal` checks; longer ones take the full normalizer.
    static let normalFormLimit = 64

    /// True when normalizing `entities` of `text` without detection would give them back
    /// unchanged and report nothing, so the normalizer can be skipped: what Telegram sends,
    /// and what msgfmt writes, is already in this form.
    ///
    /// Each step of `normalize` leaves such a list as it is: every entity is known, in the
    /// text, not empty, on whole code points, with its payload and only that (steps 1–2);
    /// the list is in strictly canonical order; continuous and pre-like entities are
    /// disjoint, quotes too, and no quote boundary cuts one of the former (steps 3–4); a
    /// style's ranges do not overlap, and two that touch do so at a cut of step 5 (either
    /// end of a continuous, pre-like or quote entity, or where another style's run starts),
    /// so that merging and splitting gives them back; none lies inside a pre-like entity,
    /// and no cut falls strictly inside one (nor the start of any other style's range).
    /// A list it is unsure of (too long) counts as not normal. `NormalFormTests` and the
    /// fuzz targets check it against the normalizer.
    static func isNormal(_ entities: [MessageEntity], text: UTF16Text) -> Bool {
        let count = text.count
        guard entities.count <= normalFormLimit else { return false }
        if entities.isEmpty { return true }
        return withUnsafeTemporaryAllocation(of: Span.self, capacity: entities.count) { spans in
            var solidEnd = Int.min
            var quoteEnd = Int.min
            for i in entities.indices {
                let e = entities[i]
                let entityClass = e.kind.entityClass
                guard entityClass != .unknown, e.offset >= 0, e.length > 0, e.length <= count - e.offset,
                    !text.splitsSurrogatePair(at: e.offset), !text.splitsSurrogatePair(at: e.offset + e.length),
                    missingPayload(e) == nil, e.holdsOnlyItsPayload
                else { return false }
                if i > 0, !EntityOrder.precedes(entities[i - 1], e) { return false }
                let span = Span(e, entityClass)
                switch span.role {
                case .solid, .preLike:
                    guard e.offset >= solidEnd else { return false }
                    solidEnd = span.end
                case .quote:
                    guard e.offset >= quoteEnd else { return false }
                    quoteEnd = span.end
                case .style:
                    break
                }
                spans[i] = span
            }
            let list = UnsafeBufferPointer(spans)
            // Solids are disjoint and so are quotes: of those before an entity, only the last
            // solid and the last quote can reach into it. Entities after it matter while they
            // start before it ends, or where it ends (sorted by offset, the scan stops there).
            var lastSolid: Span?
            var lastQuote: Span?
            for i in list.indices {
                let s = list[i]
                if s.role != .quote {
                    if let o = lastSolid, !fits(s, earlier: o) { return false }
                    if let o = lastQuote, !fits(s, earlier: o) { return false }
                    var j = i + 1
                    while j < list.count, list[j].offset <= s.end {
                        guard fits(s, later: list[j], list) else { return false }
                        j += 1
                    }
                }
                switch s.role {
                case .solid, .preLike: lastSolid = s
                case .quote: lastQuote = s
                case .style: break
                }
            }
            return true
        }
    }

    /// Whether `o`, a solid or quote listed before `s` (not a quote), leaves `s` as it is:
    /// no end of `o` inside a style, no pre-like entity around a style, no quote boundary
    /// across a solid.
    private static func fits(_ s: Span, earlier o: Span) -> Bool {
        if s.role == .style {
            if s.offset < o.end, o.end < s.end { return false }
            return !(o.role == .preLike && o.offset <= s.offset && s.end <= o.end)
        }
        return !(o.role == .quote && o.offset < s.end && s.offset < o.end && (o.offset > s.offset || s.end > o.end))
    }

    /// Whether `o`, listed after `s` (not a quote) and starting before or where `s` ends,
    /// leaves `s` as it is: nothing starts inside a style, no other end falls inside it,
    /// a style's own ranges neither overlap nor touch but at a cut, no quote boundary
    /// across a solid.
    private static func fits(_ s: Span, later o: Span, _ list: UnsafeBufferPointer<Span>) -> Bool {
        if s.role == .style {
            if s.offset < o.offset, o.offset < s.end { return false }
            if o.role != .style, s.offset < o.end, o.end < s.end { return false }
            if o.style == s.style, o.offset < s.end { return false }
            if o.style == s.style, o.offset == s.end, !hasCut(at: s.end, besides: s.style, list) { return false }
            return true
        }
        return !(o.role == .quote && o.offset < s.end && s.offset < o.end && (o.offset > s.offset || s.end > o.end))
    }

    /// What `isNormal` compares of an entity: a plain value, so the pair loops count no references.
    private struct Span {
        enum Role { case style, solid, preLike, quote }
        var offset: Int
        var end: Int
        var role: Role
        /// For a style, which one (1…5); 0 for the others.
        var style: UInt8

        init(_ e: MessageEntity, _ entityClass: EntityClass) {
            offset = e.offset
            end = e.offset + e.length
            switch entityClass {
            case .splittable: role = .style
            case .preLike: role = .preLike
            case .quote: role = .quote
            default: role = .solid
            }
            switch e.kind {
            case .bold: style = 1
            case .italic: style = 2
            case .underline: style = 3
            case .strikethrough: style = 4
            case .spoiler: style = 5
            default: style = 0
            }
        }
    }

    /// True when step 5 cuts the runs of styles other than `style` at `p`: a continuous,
    /// pre-like or quote entity starts or ends there, or a run of another style starts
    /// there (one of its ranges does and none of that style ends there).
    private static func hasCut(at p: Int, besides style: UInt8, _ list: UnsafeBufferPointer<Span>) -> Bool {
        for x in list {
            if x.role != .style {
                if x.offset == p || x.end == p { return true }
            } else if x.style != style, x.offset == p, !list.contains(where: { $0.style == x.style && $0.end == p }) {
                return true
            }
        }
        return false
    }
}

extension Normalizer {
    /// Whether the normal-form shortcut is right for `message`: when it applies,
    /// normalizing step by step must give the same entities with no diagnostic; and what
    /// normalizing makes must be seen as normal. For tests and fuzz targets
    /// (`@_spi(Testing) import MsgfmtCore`).
    @_spi(Testing)
    public static func normalFormAgrees(_ message: Message) -> Bool {
        let text = UTF16Text(message.text)
        if let normal = shortcut(message, text: text) {
            let (full, diagnostics) = normalizeStepByStep(message, text: text, detect: false)
            if full.entities != normal.entities || !diagnostics.isEmpty { return false }
        }
        let normalized = normalizeStepByStep(message, text: text, detect: false).0
        return normalized.entities.count > normalFormLimit || isNormal(normalized.entities, text: text)
    }
}
