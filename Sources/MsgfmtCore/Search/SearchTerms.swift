/// The terms the site's search index keeps of a folded text, and that its script looks
/// up for a query: each word (a run of letters, digits and marks) cut to
/// `maximumLength` units; each pair of words with exactly one space between them, as
/// `first second` (each cut), so a two-word phrase is one lookup and needs no text
/// check; and in scripts written without spaces (Chinese, Japanese, Thai, …) each pair
/// of neighbouring characters plus the last character of the run, so a query of one
/// character or of any run of them finds its text. Words are cut where `FoldedText` says
/// a word starts, so the index agrees with `--filter`.
enum SearchTerms {
    /// Longer words are kept by their first this many UTF-16 units (the script checks
    /// the rest in the text).
    static let maximumLength = 24

    /// True for a pair of words (`first second`): the index keeps those in files of their
    /// own (`pB_K`), so a query of words does not load them.
    static func isPair(_ term: [UInt16]) -> Bool {
        term.contains(0x20)
    }

    /// `term` cut to `maximumLength` units, without half a surrogate pair at the end.
    static func cut(_ term: [UInt16]) -> [UInt16] {
        guard term.count > maximumLength else { return term }
        var out = Array(term.prefix(maximumLength))
        if let last = out.last, UTF16.isLeadSurrogate(last) { out.removeLast() }
        return out
    }

    /// The distinct terms of `folded`, in order of first appearance.
    static func terms(in folded: FoldedText) -> [[UInt16]] {
        var seen = Set<[UInt16]>()
        var out: [[UInt16]] = []
        func add(_ term: [UInt16], cutting: Bool = true) {
            guard !term.isEmpty else { return }
            let c = cutting ? cut(term) : term
            if seen.insert(c).inserted { out.append(c) }
        }
        var word: [UInt16] = []
        var previous: [UInt16] = []  // the last spaceless character of the current run
        // The word before the current one, while only one space has followed it.
        var pairFirst: [UInt16]?
        var spaced = false
        func endWord() {
            guard !word.isEmpty else { return }
            add(word)
            if let first = pairFirst, spaced { add(cut(first) + [0x20] + cut(word), cutting: false) }
            pairFirst = word
            spaced = false
            word = []
        }
        let units = folded.units
        var i = 0
        while i < units.count {
            let scalar = FoldedText.scalar(in: units, at: i)
            let width = scalar.value > 0xFFFF && UTF16.isLeadSurrogate(units[i]) ? 2 : 1
            let current = Array(units[i..<(i + width)])
            i += width
            if FoldedText.isSpaceless(scalar) {
                endWord()
                pairFirst = nil
                if !previous.isEmpty { add(previous + current) }
                previous = current
            } else {
                add(previous)
                previous = []
                if FoldedText.isWordScalar(scalar) {
                    word += current
                } else {
                    endWord()
                    if scalar == " ", pairFirst != nil, !spaced { spaced = true } else { pairFirst = nil }
                }
            }
        }
        endWord()
        add(previous)
        return out
    }
}
