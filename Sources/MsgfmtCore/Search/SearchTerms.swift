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
    /// walk with its state in locals: a word is passed over in an inner loop that hashes
    /// its units as it goes (ASCII letters and digits tested without a call), and a pair's
    /// hash follows from its two words' (`SearchTermHash.pair`), so no unit is read twice.
    private static func find(
        in units: UnsafeBufferPointer<UInt16>, _ source: UnsafePointer<UInt16>, into out: inout SearchTermList.Builder
    ) {
        let count = units.count
        // The last spaceless character, not yet added alone, and its hash (empty: none).
        var previous = 0..<0
        var previousHash = SearchTermHash()
        // The last word (cut) and its hash, while at most one space has followed it
        // (`spaced` once one has); empty: none.
        var pairFirst = 0..<0
        var pairHash = SearchTermHash()
        var spaced = false
        var i = 0
        while i < count {
            let unit = source[i]
            if unit < 0x80 {
                if !Self.isASCIIWordUnit(unit) {
                    if !previous.isEmpty {
                        out.add(source, previous, hash: previousHash)
                        previous = 0..<0
                    }
                    if unit == 0x20, !pairFirst.isEmpty, !spaced { spaced = true } else { pairFirst = 0..<0 }
                    i &+= 1
                    continue
                }
            } else {
                let (scalar, width) = UTF16Text.scalar(in: units, at: i)
                if FoldedText.isSpaceless(scalar) {
                    pairFirst = 0..<0
                    var hash = SearchTermHash()
                    hash.add(unit: unit)
                    if width == 2 { hash.add(unit: source[i &+ 1]) }
                    let current = i..<(i &+ width)
                    if !previous.isEmpty {
                        out.add(source, previous.lowerBound..<current.upperBound, hash: .joined(previousHash, hash, length: width))
                    }
                    previous = current
                    previousHash = hash
                    i &+= width
                    continue
                }
                if !FoldedText.isWordScalar(scalar) {
                    if !previous.isEmpty {
                        out.add(source, previous, hash: previousHash)
                        previous = 0..<0
                    }
                    pairFirst = 0..<0
                    i &+= width
                    continue
                }
            }
            // A word starts at `i`.
            if !previous.isEmpty {
                out.add(source, previous, hash: previousHash)
                previous = 0..<0
            }
            let start = i
            var hash = SearchTermHash()
            while i < count {
                let u = source[i]
                if u < 0x80 {
                    guard Self.isASCIIWordUnit(u) else { break }
                    hash.add(unit: u)
                    i &+= 1
                } else {
                    let scalar = UTF16Text.scalar(in: units, at: i).scalar
                    guard !FoldedText.isSpaceless(scalar), FoldedText.isWordScalar(scalar) else { break }
                    hash.add(unit: u)
                    if scalar.value > 0xFFFF {
                        hash.add(unit: source[i &+ 1])
                        i &+= 2
                    } else {
                        i &+= 1
                    }
                }
            }
            var word = start..<i
            if word.count > maximumLength {
                word = cut(word, source)
                hash = SearchTermHash(units: UnsafeBufferPointer(start: source + word.lowerBound, count: word.count))
            }
            out.add(source, word, hash: hash)
            if spaced, !pairFirst.isEmpty {
                out.add(source, pairFirst, then: word, hash: .pair(pairHash, hash, length: word.count))
            }
            pairFirst = word
            pairHash = hash
            spaced = false
        }
        if !previous.isEmpty { out.add(source, previous, hash: previousHash) }
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
