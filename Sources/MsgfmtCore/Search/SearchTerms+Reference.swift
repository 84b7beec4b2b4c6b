extension SearchTerms {
    /// The terms of `folded` as first written, plainly: every character its own array and
    /// a set of arrays for the terms seen. `terms(in:)` must give exactly this; tests and
    /// the export fuzz target check it (`agreesWithReference`). Not used to build a site.
    static func referenceTerms(in folded: FoldedText) -> [[UInt16]] {
        func cut(_ term: [UInt16]) -> [UInt16] {
            guard term.count > maximumLength else { return term }
            var out = Array(term.prefix(maximumLength))
            if let last = out.last, UTF16.isLeadSurrogate(last) { out.removeLast() }
            return out
        }
        var seen = Set<[UInt16]>()
        var out: [[UInt16]] = []
        func add(_ term: [UInt16], cutting: Bool = true) {
            guard !term.isEmpty else { return }
            let c = cutting ? cut(term) : term
            if seen.insert(c).inserted { out.append(c) }
        }
        var word: [UInt16] = []
        var previous: [UInt16] = []
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
            let scalar = UTF16Text.scalar(in: units, at: i).scalar
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

    /// Whether the search index keeps what the plain reference keeps of `texts`: each
    /// text's terms (`terms(in:)` against `referenceTerms(in:)`) and their hashes, and a
    /// block of them as messages (`SearchTermTable`, every other message's list added at
    /// once, against a dictionary of terms to message numbers). For tests and fuzz targets
    /// (`@_spi(Testing) import MsgfmtCore`).
    @_spi(Testing)
    public static func agreesWithReference(_ texts: [String]) -> Bool {
        var table = SearchTermTable()
        var reference: [[UInt16]: [Int]] = [:]
        for (n, text) in texts.enumerated() {
            let folded = FoldedText(text)
            let list = terms(in: folded)
            let terms = list.arrays
            guard terms == referenceTerms(in: folded) else { return false }
            // Each term filed by the hash the table and the layout cache compute of it.
            for (k, term) in terms.enumerated() where list.hash(k) != SearchTermTable.tableIndex(term[...]) { return false }
            // As the index does before adding a message's terms (its reads stay in bounds).
            table.prefetch(list)
            if n % 2 == 0 {
                // The whole list at once, as a site's records are added.
                table.add(list, message: n)
            } else {
                for term in terms { table.add(term, message: n) }
            }
            for term in terms { reference[term, default: []].append(n) }
        }
        var agrees = table.count == reference.count
        var previous: [UInt16]?
        table.forEachSorted { term, messages in
            if let previous, !previous.lexicographicallyPrecedes(term) { agrees = false }
            if reference[term] != messages { agrees = false }
            previous = term
        }
        return agrees
    }
}
