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
    /// are ranges of the folded units until they become terms, which are written in place
    /// into one list (this runs for every message of a site).
    static func terms(in folded: FoldedText) -> SearchTermList {
        folded.units.withUnsafeBufferPointer { units in
            // At most a word and a pair per word, or a pair of characters per spaceless
            // one (and its last): no more terms than units, no more than three times
            // their units (each word is in itself and in at most two pairs, each spaceless
            // character in at most two terms).
            SearchTermList(unitCapacity: 3 * units.count, termCapacity: units.count + 1) { out in
                guard let source = units.baseAddress else { return }
                find(in: units, source, into: &out)
            }
        }
    }

    /// Adds the terms of `units` (at `source`) to `out`, as `terms(in:)` describes.
    private static func find(
        in units: UnsafeBufferPointer<UInt16>, _ source: UnsafePointer<UInt16>, into out: inout SearchTermList.Builder
    ) {
        /// `range` cut to `maximumLength` units, without half a surrogate pair at the end.
        func cut(_ range: Range<Int>) -> Range<Int> {
            guard range.count > maximumLength else { return range }
            var end = range.lowerBound + maximumLength
            if UTF16.isLeadSurrogate(source[end - 1]) { end -= 1 }
            return range.lowerBound..<end
        }
        var wordStart = -1  // the current word: wordStart..<i (-1: none)
        var previous: Range<Int>?  // the last spaceless character of the current run
        // The word before the current one, while only one space has followed it.
        var pairFirst: Range<Int>?
        var spaced = false
        func endWord(at end: Int, _ out: inout SearchTermList.Builder) {
            guard wordStart >= 0 else { return }
            let word = cut(wordStart..<end)
            out.add(source, word)
            if let first = pairFirst, spaced { out.add(source, first, word) }
            pairFirst = word
            spaced = false
            wordStart = -1
        }
        let count = units.count
        var i = 0
        while i < count {
            let unit = source[i]
            // ASCII (most units) is one unit and never spaceless: no decoding, no range tests.
            if unit < 0x80 {
                if let p = previous {
                    out.add(source, p)
                    previous = nil
                }
                if FoldedText.isWordScalar(Unicode.Scalar(UInt8(truncatingIfNeeded: unit))) {
                    if wordStart < 0 { wordStart = i }
                } else {
                    endWord(at: i, &out)
                    if unit == 0x20, pairFirst != nil, !spaced { spaced = true } else { pairFirst = nil }
                }
                i += 1
                continue
            }
            let scalar = FoldedText.scalar(in: units, at: i)
            let width = scalar.value > 0xFFFF && UTF16.isLeadSurrogate(unit) ? 2 : 1
            let current = i..<(i + width)
            if FoldedText.isSpaceless(scalar) {
                endWord(at: i, &out)
                pairFirst = nil
                // The previous spaceless character ends where this one starts.
                if let p = previous { out.add(source, p.lowerBound..<current.upperBound) }
                previous = current
            } else {
                if let p = previous {
                    out.add(source, p)
                    previous = nil
                }
                if FoldedText.isWordScalar(scalar) {
                    if wordStart < 0 { wordStart = i }
                } else {
                    endWord(at: i, &out)
                    pairFirst = nil
                }
            }
            i += width
        }
        endWord(at: count, &out)
        if let p = previous { out.add(source, p) }
    }
}
