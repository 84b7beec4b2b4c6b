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

    /// Adds the terms of `units` (at `source`) to `out`, as `terms(in:)` describes. One
    /// walk with its state in locals: a run of ASCII letters and digits is passed over in
    /// an inner loop, and a word's hash, kept from when it was added, starts the hash of
    /// the pair it begins.
    private static func find(
        in units: UnsafeBufferPointer<UInt16>, _ source: UnsafePointer<UInt16>, into out: inout SearchTermList.Builder
    ) {
        let count = units.count
        var wordStart = -1  // the current word: wordStart..<i (-1: none)
        var previous = -1..<(-1)  // the last spaceless character of the current run (empty: none)
        // The word before the current one (cut), and its hash, while only one space has
        // followed it (`spaced`); empty: none.
        var pairFirst = -1..<(-1)
        var pairHash = FNV1aHasher()
        var spaced = false
        var i = 0
        while true {
            // Where the current word ends (at `i`), or the text does.
            let atEnd = i >= count
            let unit = atEnd ? 0 : source[i]
            var width = 1
            var spaceless = false
            if !atEnd {
                if unit < 0x80 {
                    if Self.isASCIIWordUnit(unit) {
                        if !previous.isEmpty {
                            out.add(source, previous)
                            previous = -1..<(-1)
                        }
                        if wordStart < 0 { wordStart = i }
                        i &+= 1
                        while i < count, source[i] < 0x80, Self.isASCIIWordUnit(source[i]) { i &+= 1 }
                        continue
                    }
                } else {
                    let scalar = FoldedText.scalar(in: units, at: i)
                    if scalar.value > 0xFFFF { width = 2 }
                    spaceless = FoldedText.isSpaceless(scalar)
                    if !spaceless, FoldedText.isWordScalar(scalar) {
                        if !previous.isEmpty {
                            out.add(source, previous)
                            previous = -1..<(-1)
                        }
                        if wordStart < 0 { wordStart = i }
                        i &+= width
                        continue
                    }
                }
            }
            // Not part of a word: the current word, if any, ends here.
            if wordStart >= 0 {
                let word = cut(wordStart..<i, source)
                let hash = out.add(source, word)
                if spaced, !pairFirst.isEmpty { out.add(source, pairFirst, startedAs: pairHash, then: word) }
                pairFirst = word
                pairHash = hash
                spaced = false
                wordStart = -1
            }
            if atEnd { break }
            let current = i..<(i &+ width)
            if spaceless {
                pairFirst = -1..<(-1)
                // The previous spaceless character ends where this one starts.
                if !previous.isEmpty { out.add(source, previous.lowerBound..<current.upperBound) }
                previous = current
            } else {
                if !previous.isEmpty {
                    out.add(source, previous)
                    previous = -1..<(-1)
                }
                if unit == 0x20, !pairFirst.isEmpty, !spaced { spaced = true } else { pairFirst = -1..<(-1) }
            }
            i &+= width
        }
        if !previous.isEmpty { out.add(source, previous) }
    }

    /// `range` cut to `maximumLength` units, without half a surrogate pair at the end.
    @inline(__always)
    private static func cut(_ range: Range<Int>, _ source: UnsafePointer<UInt16>) -> Range<Int> {
        guard range.count > maximumLength else { return range }
        var end = range.lowerBound + maximumLength
        if UTF16.isLeadSurrogate(source[end - 1]) { end -= 1 }
        return range.lowerBound..<end
    }

    /// True for an ASCII letter or digit (`FoldedText.isWordScalar` of a unit below 0x80).
    @inline(__always)
    private static func isASCIIWordUnit(_ unit: UInt16) -> Bool {
        FoldedText.isWordScalar(Unicode.Scalar(UInt8(truncatingIfNeeded: unit)))
    }
}
