/// The terms the site's search index keeps of a folded text, and that its script looks
/// up for a query: each word (a run of letters, digits and marks) cut to
/// `maximumLength` units; each pair of words with exactly one space between them, as
/// `first second` (each cut), so a two-word phrase is one lookup and needs no text
/// check; and in scripts written without spaces (Chinese, Japanese, Thai, …) each pair
/// of neighbouring characters plus the last character of the run, so a query of one
/// character or of any run of them finds its text. Words are cut where `FoldedText` says
/// a word starts, so the index agrees with `--filter`.
@_spi(Testing) public enum SearchTerms {
    /// Longer words are kept by their first this many UTF-16 units (the script checks
    /// the rest in the text).
    static let maximumLength = 24

    /// The distinct terms of `folded`, in order of first appearance. Words and characters
    /// are ranges of the folded units until they become terms, which are copied into one
    /// list (this runs for every message of a site).
    static func terms(in folded: FoldedText) -> SearchTermList {
        let units = folded.units
        var out = SearchTermList()
        // A word and a pair per word at most, and a pair of characters per spaceless one.
        out.reserve(units: 3 * units.count, terms: units.count + 1)
        // Terms seen so far, by FNV-1a hash in an open-addressed table of indices into `out`
        // (a message has at most about two terms per unit): a repeated term costs a hash
        // and a comparison.
        var capacity = 16
        while capacity < 2 * units.count + 8 { capacity <<= 1 }
        var slots = [Int32](repeating: -1, count: capacity)
        func add(_ parts: Range<Int>, _ second: Range<Int>? = nil) {
            guard !parts.isEmpty else { return }
            var hash = FNV1aHasher()
            hash.add(units: units[parts])
            if let second {
                hash.add(unit: 0x20)
                hash.add(units: units[second])
            }
            let length = parts.count + (second.map { $0.count + 1 } ?? 0)
            var slot = hash.tableIndex & (capacity - 1)
            while slots[slot] >= 0 {
                let known = out[Int(slots[slot])]
                if known.count == length, Self.equal(known, units, parts, second) { return }
                slot = (slot + 1) & (capacity - 1)
            }
            slots[slot] = Int32(out.count)
            if let second {
                out.append(units[parts], units[second], hash: hash.tableIndex)
            } else {
                out.append(units[parts], hash: hash.tableIndex)
            }
        }
        /// `range` cut to `maximumLength` units, without half a surrogate pair at the end.
        func cut(_ range: Range<Int>) -> Range<Int> {
            guard range.count > maximumLength else { return range }
            var end = range.lowerBound + maximumLength
            if UTF16.isLeadSurrogate(units[end - 1]) { end -= 1 }
            return range.lowerBound..<end
        }
        var wordStart: Int?  // the current word: wordStart..<i
        var previous: Range<Int>?  // the last spaceless character of the current run
        // The word before the current one, while only one space has followed it.
        var pairFirst: Range<Int>?
        var spaced = false
        func endWord(at end: Int) {
            guard let start = wordStart else { return }
            let word = start..<end
            add(cut(word))
            if let first = pairFirst, spaced { add(cut(first), cut(word)) }
            pairFirst = word
            spaced = false
            wordStart = nil
        }
        var i = 0
        while i < units.count {
            // ASCII (most units) is one unit and never spaceless: no decoding, no range tests.
            let scalar: Unicode.Scalar
            let width: Int
            let spaceless: Bool
            if units[i] < 0x80 {
                scalar = Unicode.Scalar(UInt8(truncatingIfNeeded: units[i]))
                width = 1
                spaceless = false
            } else {
                scalar = FoldedText.scalar(in: units, at: i)
                width = scalar.value > 0xFFFF && UTF16.isLeadSurrogate(units[i]) ? 2 : 1
                spaceless = FoldedText.isSpaceless(scalar)
            }
            let current = i..<(i + width)
            if spaceless {
                endWord(at: i)
                pairFirst = nil
                // The previous spaceless character ends where this one starts.
                if let p = previous { add(p.lowerBound..<current.upperBound) }
                previous = current
            } else {
                if let p = previous { add(p) }
                previous = nil
                if FoldedText.isWordScalar(scalar) {
                    if wordStart == nil { wordStart = i }
                } else {
                    endWord(at: i)
                    if scalar == " ", pairFirst != nil, !spaced { spaced = true } else { pairFirst = nil }
                }
            }
            i += width
        }
        endWord(at: units.count)
        if let p = previous { add(p) }
        return out
    }

    /// True when `term` is `units[parts]`, followed by a space and `units[second]` when
    /// `second` is given (the lengths already agree).
    private static func equal(_ term: ArraySlice<UInt16>, _ units: [UInt16], _ parts: Range<Int>, _ second: Range<Int>?) -> Bool {
        var k = term.startIndex
        for i in parts {
            if term[k] != units[i] { return false }
            k += 1
        }
        guard let second else { return true }
        if term[k] != 0x20 { return false }
        k += 1
        for i in second {
            if term[k] != units[i] { return false }
            k += 1
        }
        return true
    }
}
