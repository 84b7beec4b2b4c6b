/// Cuts a normalized message into blocks of non-overlapping styled runs.
///
/// `pre` entities become pre blocks, quote entities mark the blocks inside them, the rest
/// of the text forms paragraphs; runs tile each block, unstyled text included.
public enum StyledTextBuilder {
    /// The styled text of a normalized message.
    public static func build(_ message: Message) -> StyledText {
        build(message, text: UTF16Text(message.text))
    }

    /// The styled text of a normalized message whose UTF-16 view is `text`, styled as far
    /// as `scope` says an output shows (the entities past it are left out).
    public static func build(_ message: Message, text: UTF16Text, scope: StyleScope = .all) -> StyledText {
        let count = text.count
        let plainText = scope == .plainText
        func styles(_ e: MessageEntity) -> Bool {
            e.offset >= 0 && e.length > 0 && e.offset <= count - e.length && StyleAttributes(kind: e.kind) != nil
                && (!plainText || e.kind.showsInPlainText)
        }
        // Normalized entities usually all style the text: then the list is used as it is.
        let entities = message.entities.allSatisfy(styles) ? message.entities : message.entities.filter(styles)
        var blocks = blockSkeleton(entities, count: count)
        if count == 0 {
            blocks[0].runs = [StyledRun(range: 0..<0, style: .plain)]
        } else if !fillRuns(&blocks, entities, text: text) {
            let cuts = blocks.count == 1 ? [] : blocks.map(\.range.lowerBound)
            distribute(sweptSegments(entities, text: text, cuts: cuts), into: &blocks)
        }
        return StyledText(messageID: message.id, text: text, blocks: blocks)
    }

    /// Hands `segments`, in order and cut at every block start, to `blocks`: each block
    /// takes those that start before its end (the last takes the rest), neighbours of
    /// equal style joined. One block (most messages) takes the segments themselves.
    static func distribute(_ segments: [StyledRun], into blocks: inout [Block]) {
        if blocks.count == 1 {
            var runs = segments
            mergeInPlace(&runs)
            blocks[0].runs = runs
            return
        }
        var first = 0
        for b in blocks.indices {
            var end = first
            while end < segments.count, b == blocks.count - 1 || segments[end].range.lowerBound < blocks[b].range.upperBound {
                end += 1
            }
            blocks[b].runs = merged(segments[first..<end])
            first = end
        }
    }

    /// `runs` with neighbours of equal style joined.
    static func merged(_ runs: ArraySlice<StyledRun>) -> [StyledRun] {
        var out = Array(runs)
        mergeInPlace(&out)
        return out
    }

    /// Joins neighbours of equal style in `runs` itself: no second array.
    static func mergeInPlace(_ runs: inout [StyledRun]) {
        guard runs.count > 1 else { return }
        var kept = 1
        for i in 1..<runs.count {
            if runs[kept - 1].range.upperBound == runs[i].range.lowerBound, runs[kept - 1].style == runs[i].style {
                runs[kept - 1].range = runs[kept - 1].range.lowerBound..<runs[i].range.upperBound
            } else {
                if kept != i { runs.swapAt(kept, i) }
                kept += 1
            }
        }
        runs.removeLast(runs.count - kept)
    }

    /// Empty blocks tiling the text: pre blocks for `pre` entities, paragraphs between,
    /// cut at quote boundaries and marked with their quote.
    static func blockSkeleton(_ entities: [MessageEntity], count: Int) -> [Block] {
        // One pass counts both kinds; most messages have neither and allocate nothing more.
        var quoteCount = 0
        var preCount = 0
        for i in entities.indices {
            if case .pre = entities[i].kind {
                preCount += 1
            } else if entities[i].kind.entityClass == .quote {
                quoteCount += 1
            }
        }
        if (quoteCount == 0 && preCount == 0) || count == 0 { return [Block(kind: .paragraph, range: 0..<count, runs: [])] }
        // The quotes' and the pres' indices, then the cuts, in one temporary allocation.
        let listed = quoteCount + preCount
        return entities.withUnsafeBufferPointer { list in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * listed + 2) { space in
                var q = 0
                var p = quoteCount
                for i in list.indices {
                    if case .pre = list[i].kind {
                        space[p] = i
                        p += 1
                    } else if list[i].kind.entityClass == .quote {
                        space[q] = i
                        q += 1
                    }
                }
                // In order of offset, entities of equal offset as listed (a normalized list
                // already is in order).
                let quotes = UnsafeMutableBufferPointer(rebasing: space[0..<quoteCount])
                let pres = UnsafeMutableBufferPointer(rebasing: space[quoteCount..<listed])
                sortNearlySorted(quotes) { list[$0].offset }
                sortNearlySorted(pres) { list[$0].offset }
                var c = listed
                space[c] = 0
                space[c + 1] = count
                c += 2
                for i in space[0..<listed] {
                    space[c] = list[i].offset
                    space[c + 1] = list[i].end
                    c += 2
                }
                let cuts = UnsafeMutableBufferPointer(rebasing: space[listed..<c])
                sortNearlySorted(cuts)
                // Each cut once.
                var kept = 0
                for i in cuts.indices where kept == 0 || cuts[kept - 1] != cuts[i] {
                    cuts[kept] = cuts[i]
                    kept += 1
                }
                var blocks: [Block] = []
                blocks.reserveCapacity(kept - 1)
                q = 0
                p = 0
                for k in 1..<kept {
                    let start = cuts[k - 1]
                    while q < quotes.count, list[quotes[q]].end <= start { q += 1 }
                    while p < pres.count, list[pres[p]].end <= start { p += 1 }
                    var kind = BlockKind.paragraph
                    if p < pres.count, list[pres[p]].offset <= start {
                        let language = list[pres[p]].language
                        kind = .pre(language: (language?.isEmpty ?? true) ? nil : language)
                    }
                    var quote: BlockQuote?
                    if q < quotes.count, list[quotes[q]].offset <= start {
                        quote = BlockQuote(index: q, expandable: list[quotes[q]].kind == .expandableBlockquote)
                    }
                    blocks.append(Block(kind: kind, quote: quote, range: start..<cuts[k], runs: []))
                }
                return blocks
            }
        }
    }

    /// Runs cut at every entity boundary and at `cuts`, each with its resolved style, by a
    /// sweep over the entities' starts and ends in order, each run's entities in the order
    /// they started: for any number of entities in any order (and the reference
    /// `fillRuns` is tested against).
    static func sweptSegments(_ entities: [MessageEntity], text: UTF16Text, cuts: [Int]) -> [StyledRun] {
        var starts = entities.indices.map { (entities[$0].offset, $0) }
        var ends = entities.indices.map { (entities[$0].end, $0) }
        starts.sort { $0.0 < $1.0 }
        ends.sort { $0.0 < $1.0 }
        var boundaries: [Int] = []
        boundaries.reserveCapacity(cuts.count + 2 * entities.count + 2)
        boundaries.append(contentsOf: cuts)
        for (offset, _) in starts { boundaries.append(offset) }
        for (end, _) in ends { boundaries.append(end) }
        boundaries.append(0)
        boundaries.append(text.count)
        boundaries.sort()
        var active: [Int] = []
        var runs: [StyledRun] = []
        runs.reserveCapacity(boundaries.count)
        var s = 0
        var e = 0
        var previous = -1
        for (start, end) in zip(boundaries, boundaries.dropFirst()) where start < end && start != previous {
            previous = start
            var changed = runs.isEmpty
            while e < ends.count, ends[e].0 <= start {
                if let at = active.lastIndex(of: ends[e].1) { active.remove(at: at) }
                e += 1
                changed = true
            }
            while s < starts.count, starts[s].0 <= start {
                if entities[starts[s].1].end > start { active.append(starts[s].1) }
                s += 1
                changed = true
            }
            let style = changed ? self.style(active, entities, text: text) : runs[runs.count - 1].style
            runs.append(StyledRun(range: start..<end, style: style))
        }
        return runs
    }

    /// The resolved style of text covered by `entities`.
    static func style<Active: Sequence<Int>, List: RandomAccessCollection<MessageEntity>>(
        _ active: Active, _ entities: List, text: UTF16Text
    ) -> Style where List.Index == Int {
        var attributes: StyleAttributes = []
        var link: String?
        var customEmojiID: String?
        var unixTime: Int64?
        var dateTimeFormat: String?
        var linkRank = Int.max
        for index in active {
            let e = entities[index]
            if let attribute = StyleAttributes(kind: e.kind) { attributes.insert(attribute) }
            var target: String?
            var rank = 9
            switch e.kind {
            case .textLink: target = e.url; rank = 0
            case .textMention: target = e.userID.map { "tg://user?id=\($0)" }; rank = 1
            case .url: target = urlTarget(e.range, in: text); rank = 2
            case .email: target = "mailto:" + text.substring(e.range); rank = 3
            case .phoneNumber: target = "tel:" + phoneDigits(e.range, in: text); rank = 4
            case .customEmoji: customEmojiID = e.customEmojiID
            case .dateTime:
                unixTime = e.unixTime
                dateTimeFormat = e.dateTimeFormat
            default: break
            }
            if let target, rank < linkRank {
                link = target
                linkRank = rank
            }
        }
        return Style(
            attributes: attributes, link: link, customEmojiID: customEmojiID, unixTime: unixTime,
            dateTimeFormat: dateTimeFormat)
    }

    /// The target of the URL at `range` of `text`, as `urlTarget(_:)` makes it; ASCII
    /// text (where characters are code units) is checked by unit, without building a string
    /// to search.
    static func urlTarget(_ range: Range<Int>, in text: UTF16Text) -> String {
        let units = text.units
        let lower = max(0, min(range.lowerBound, units.count))
        let upper = max(lower, min(range.upperBound, units.count))
        var ascii = true
        var scheme = false
        units.withUnsafeBufferPointer { u in
            var i = lower
            while i < upper {
                let unit = u[i]
                if unit >= 0x80 {
                    ascii = false
                    return
                }
                if unit == 0x3A, i + 2 < upper, u[i + 1] == 0x2F, u[i + 2] == 0x2F { scheme = true }
                i += 1
            }
            // "tg:" in any case.
            if upper - lower >= 3, u[lower] | 0x20 == 0x74, u[lower + 1] | 0x20 == 0x67, u[lower + 2] == 0x3A { scheme = true }
            guard ascii, !scheme else { return }
            // Any other scheme (`mailto:`, `javascript:`) as the emitters' link policy reads it.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: upper - lower) { bytes in
                for i in lower..<upper { bytes[i - lower] = UInt8(truncatingIfNeeded: u[i]) }
                scheme = LinkPolicy.hasScheme(UnsafeBufferPointer(bytes))
            }
        }
        guard ascii else { return urlTarget(text.substring(range)) }
        // One string, the scheme written in front where it is missing.
        let prefix: StaticString = "http://"
        let added = scheme ? 0 : prefix.utf8CodeUnitCount
        return units.withUnsafeBufferPointer { u in
            ValidUTF8.string(count: added + upper - lower) { out in
                for k in 0..<added { out[k] = prefix.utf8Start[k] }
                for i in lower..<upper { out[added + i - lower] = UInt8(truncatingIfNeeded: u[i]) }
            }
        }
    }

    /// The digits and `+` signs of the phone number at `range`: the ASCII characters that
    /// are numbers or `+` (a CR LF pair is one character, neither).
    static func phoneDigits(_ range: Range<Int>, in text: UTF16Text) -> String {
        text.substring(range).filter { $0.isASCII && ($0.isNumber || $0 == "+") }
    }

    /// The target of a detected URL: `http://` is added when it has no scheme. A scheme
    /// msgfmt does not link (`javascript:alert(1)`) is kept, so the emitters show the text
    /// without a link, rather than linking `http://javascript:alert(1)`.
    static func urlTarget(_ text: String) -> String {
        if text.firstRange(of: "://") != nil || text.lowercased().hasPrefix("tg:") { return text }
        var utf8 = text
        if utf8.withUTF8({ LinkPolicy.hasScheme($0) }) { return text }
        return "http://" + text
    }
}
