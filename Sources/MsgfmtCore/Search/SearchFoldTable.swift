/// The folding of every character beyond ASCII that the site's search index holds (and of
/// its other cases), shipped as `search/fold.js` so the script folds a query (and marks
/// hits) exactly as ICU folded the texts when the index was built: each character maps to
/// what `FoldedText` makes of it alone. The script folds ASCII itself (upper case to
/// lower, as `FoldedText` does) and approximates only characters no indexed text contains.
struct SearchFoldTable {
    private var scalars = Set<UInt32>()

    /// The distinct scalars beyond ASCII of `texts`, in order of first appearance.
    static func scalars(of texts: String...) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        // The scalars seen, in an open-addressed table (0 is free: ASCII is never kept)
        // sized for every byte of the texts: cheaper than a Set's hashing per scalar.
        var slots: [UInt32] = []
        var mask = 0
        for text in texts where text.utf8.contains(where: { $0 >= 0x80 }) {
            if slots.isEmpty {
                let bytes = texts.reduce(0) { $0 + $1.utf8.count }
                var capacity = 16
                while capacity < 2 * bytes { capacity <<= 1 }
                slots = [UInt32](repeating: 0, count: capacity)
                mask = capacity - 1
            }
            var text = text
            slots.withUnsafeMutableBufferPointer { table in
                text.withUTF8 { bytes in
                    // ASCII bytes are passed over, only the rest is decoded.
                    var i = 0
                    while i < bytes.count {
                        if bytes[i] < 0x80 {
                            i += 1
                            continue
                        }
                        let (value, length) = UTF16Text.scalarValue(ofValidUTF8: bytes, at: i)
                        i += length
                        guard let s = Unicode.Scalar(value) else { continue }
                        var slot = Int(truncatingIfNeeded: (s.value &* 0x9E37_79B1) >> 7) & mask
                        while table[slot] != 0, table[slot] != s.value { slot = (slot + 1) & mask }
                        if table[slot] == 0 {
                            table[slot] = s.value
                            out.append(s)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Adds the scalars of one record.
    mutating func add(_ record: [Unicode.Scalar]) {
        for s in record { scalars.insert(s.value) }
    }

    /// The table's data: `same`, the characters that fold to themselves, as one string;
    /// `map`, each other character with its folding (empty for one that folding drops,
    /// spaces where it makes one); and the characters beyond ASCII of the foldings split
    /// into `word`, those a word is made of (`FoldedText.isWordScalar`), and `other`.
    func data() -> [UInt8] {
        var same = ""
        var folds = Set<UInt32>()
        var w = JSONWriter()
        w.raw("{\"map\":{")
        var first = true
        for value in withCaseVariants().sorted() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let char = String(Character(scalar))
            let folded = Self.fold(scalar)
            for s in folded.unicodeScalars where !s.isASCII { folds.insert(s.value) }
            if folded == char {
                same.unicodeScalars.append(scalar)
                continue
            }
            if !first { w.comma() }
            first = false
            w.key(char)
            w.string(folded)
        }
        w.raw("},\"same\":")
        w.string(same)
        var word = ""
        var other = ""
        for value in folds.sorted() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if FoldedText.isWordScalar(scalar) { word.unicodeScalars.append(scalar) } else { other.unicodeScalars.append(scalar) }
        }
        w.raw(",\"word\":")
        w.string(word)
        w.raw(",\"other\":")
        w.string(other)
        w.raw("}")
        return w.bytes
    }

    /// The scalars with their other cases (each single-scalar lower, upper and title case
    /// mapping beyond ASCII), so a query typed in another case than the text folds as ICU
    /// folds it (lower-case Cherokee folds to upper case, which no lower-casing finds).
    private func withCaseVariants() -> Set<UInt32> {
        var out = scalars
        for value in scalars {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let p = scalar.properties
            for mapping in [p.lowercaseMapping, p.uppercaseMapping, p.titlecaseMapping] {
                let variants = mapping.unicodeScalars
                if variants.count == 1, let v = variants.first, !v.isASCII { out.insert(v.value) }
            }
        }
        return out
    }

    /// What `FoldedText` makes of `scalar` between two letters: its folding with a space
    /// kept where the folding makes one (U+00A8 DIAERESIS folds to a space).
    static func fold(_ scalar: Unicode.Scalar) -> String {
        var text = "a"
        text.unicodeScalars.append(scalar)
        text += "a"
        let units = FoldedText(text).units
        return String(decoding: units.dropFirst().dropLast(), as: UTF16.self)
    }
}
