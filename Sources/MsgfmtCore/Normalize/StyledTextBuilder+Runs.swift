/// The fast path of `StyledTextBuilder`: runs cut, styled and joined straight into their
/// blocks, each run's entities kept as the bits of a word.
extension StyledTextBuilder {
    /// Fills the runs of `blocks` (tiling a non-empty text) as `distribute` fills them
    /// with the sweep's segments, without the sweep and without an array of all segments:
    /// runs are cut at every entity boundary and block start, each run's entities found by
    /// testing them all (kept as bits), and each run joined to the one before it in its
    /// block when their styles are equal. For entities in order of offset, at most 64 of
    /// them (every normalized message short of the extreme); false, the blocks untouched,
    /// for the others, which take the sweep.
    static func fillRuns(_ blocks: inout [Block], _ entities: [MessageEntity], text: UTF16Text) -> Bool {
        let n = entities.count
        guard n <= 64 else { return false }
        for k in entities.indices.dropFirst() where entities[k].offset < entities[k - 1].offset { return false }
        let starts = blocks.count == 1 ? 0 : blocks.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: starts + 2 * n + 2) { space in
            space[0] = 0
            space[1] = text.count
            var m = 2
            for b in 0..<starts {
                space[m] = blocks[b].range.lowerBound
                m += 1
            }
            // By index: a copy of each entity in turn would count references to its payload.
            for i in entities.indices {
                space[m] = entities[i].offset
                space[m + 1] = entities[i].end
                m += 2
            }
            let boundaries = UnsafeMutableBufferPointer(rebasing: space[0..<m])
            sortNearlySorted(boundaries)
            entities.withUnsafeBufferPointer { list in
                withUnsafeTemporaryAllocation(of: StyleAttributes.self, capacity: max(n, 1)) { attributes in
                    fillRuns(&blocks, list, attributes, UnsafeBufferPointer(boundaries), text: text)
                }
            }
        }
        return true
    }

    /// `fillRuns`' walk over the sorted `boundaries` of the entities `list`, with room
    /// for an attribute each in `attributes`. A run whose entities carry nothing but their
    /// attribute (no link, custom emoji or time) gets the union of those attributes, read
    /// from the table filled first; the others resolve their style through `style`.
    private static func fillRuns(
        _ blocks: inout [Block], _ list: UnsafeBufferPointer<MessageEntity>,
        _ attributes: UnsafeMutableBufferPointer<StyleAttributes>, _ boundaries: UnsafeBufferPointer<Int>,
        text: UTF16Text
    ) {
        let n = list.count
        let m = boundaries.count
        var carrying: UInt64 = 0
        for i in 0..<n {
            attributes[i] = StyleAttributes(kind: list[i].kind) ?? []
            if carriesPayload(list[i].kind) { carrying |= 1 << UInt64(i) }
        }
        var b = 0
        var runs: [StyledRun] = []
        runs.reserveCapacity(m)
        var previousMask: UInt64 = 0
        var style = Style.plain
        var start = boundaries[0]
        var mask: UInt64 = 0
        var next = 0  // the first entity not started yet
        for k in 1..<m where boundaries[k] > start {
            let end = boundaries[k]
            // The entities that ended leave, those that start here join.
            var ending = mask
            while ending != 0 {
                let i = ending.trailingZeroBitCount
                if list[i].end <= start { mask &= ~(1 << UInt64(i)) }
                ending &= ending &- 1
            }
            while next < n, list[next].offset <= start {
                if list[next].end > start { mask |= 1 << UInt64(next) }
                next += 1
            }
            if mask != previousMask {
                if mask & carrying == 0 {
                    var union: StyleAttributes = []
                    var bits = mask
                    while bits != 0 {
                        union.formUnion(attributes[bits.trailingZeroBitCount])
                        bits &= bits &- 1
                    }
                    style = Style(attributes: union)
                } else {
                    style = self.style(BitIndices(mask), list, text: text)
                }
                previousMask = mask
            }
            // A run starting at or past its block's end opens the next block.
            while b < blocks.count - 1, start >= blocks[b].range.upperBound {
                swap(&blocks[b].runs, &runs)
                runs.reserveCapacity(m - k + 1)
                b += 1
            }
            if let last = runs.indices.last, runs[last].style == style {
                runs[last].range = runs[last].range.lowerBound..<end
            } else {
                runs.append(StyledRun(range: start..<end, style: style))
            }
            start = end
        }
        swap(&blocks[b].runs, &runs)
    }

    /// True for the kinds whose style carries more than their attribute: the link of a
    /// text link, text mention, URL, email or phone number, a custom emoji's id, a time
    /// (the kinds `style` reads a payload for).
    @inline(__always)
    private static func carriesPayload(_ kind: EntityKind) -> Bool {
        switch kind {
        case .textLink, .textMention, .url, .email, .phoneNumber, .customEmoji, .dateTime: true
        default: false
        }
    }

    /// The longest list sorted by insertion.
    static let insertionSortLimit = 256

    /// Sorts `list` by the `key` of each value (the value itself unless given) by
    /// insertion, each value moved down past those of larger key before it, so equal keys
    /// keep their order: boundaries, cuts and the quotes and pres come nearly in order
    /// (starts by offset, each end soon after its start), where that takes a few steps a
    /// value. Long lists, whose worst case would be quadratic, take the standard sort
    /// (stable as well).
    @inline(__always)
    static func sortNearlySorted(_ list: UnsafeMutableBufferPointer<Int>, by key: (Int) -> Int = { $0 }) {
        guard list.count > 1 else { return }
        guard list.count <= insertionSortLimit else {
            var all = list
            all.sort { key($0) < key($1) }
            return
        }
        for i in 1..<list.count {
            let value = list[i]
            let valueKey = key(value)
            var j = i
            while j > 0, key(list[j - 1]) > valueKey {
                list[j] = list[j - 1]
                j -= 1
            }
            list[j] = value
        }
    }

    /// The indices of the set bits of a word, lowest first.
    struct BitIndices: Sequence, IteratorProtocol {
        var bits: UInt64

        init(_ bits: UInt64) { self.bits = bits }

        mutating func next() -> Int? {
            if bits == 0 { return nil }
            let k = bits.trailingZeroBitCount
            bits &= bits &- 1
            return k
        }
    }
}
