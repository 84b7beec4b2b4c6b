internal import CByteScan

/// The folding of every character beyond ASCII that the site's search index holds (and of
/// its other cases), shipped as `search/fold.js` so the script folds a query (and marks
/// hits) exactly as ICU folded the texts when the index was built: each character maps to
/// what `FoldedText` makes of it alone. The script folds ASCII itself (upper case to
/// lower, as `FoldedText` does) and approximates only characters no indexed text contains.
struct SearchFoldTable {
    private var scalars = Set<UInt32>()
    /// One bit per scalar of the Basic Multilingual Plane in `scalars`: most records
    /// repeat scalars the table has, and a bit test is cheaper than hashing them again.
    private var basicPlane = [UInt64](repeating: 0, count: 0x10000 / 64)

    /// The distinct scalars beyond ASCII of the text whose UTF-16 units are `units`, then
    /// of `name`, in order of first appearance (a lone surrogate stands for U+FFFD, as
    /// the text's folding reads it).
    static func scalars(of units: [UInt16], _ name: String) -> [Unicode.Scalar] {
        units.withUnsafeBufferPointer { text -> [Unicode.Scalar] in
            // The units at or above U+0080, counted eight at a time, and the name's bytes
            // beyond ASCII (two or more to a scalar) bound what is kept.
            let end = text.count
            let wide = (text.baseAddress.map { msgfmt_byte_scan_count_units_at_least($0, end, 0x80) } ?? 0) + name.utf8.count / 2
            guard wide > 0 else { return [] }
            // A table of at least twice as many slots as scalars is never more than half
            // full; 0 is free (ASCII is never kept).
            var capacity = 16
            while capacity < 2 &* wide { capacity <<= 1 }
            return [Unicode.Scalar].filled(capacity: wide) { out in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { table in
                    table.initialize(repeating: 0)
                    let mask = capacity &- 1
                    var count = 0
                    @inline(__always) func keep(_ value: UInt32) {
                        var slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> 7) & mask
                        while true {
                            let held = table[slot]
                            if held == value { return }
                            if held == 0 { break }
                            slot = (slot &+ 1) & mask
                        }
                        table[slot] = value
                        out[count] = Unicode.Scalar(value) ?? "\u{FFFD}"
                        count &+= 1
                    }
                    // Runs below U+0080 passed over eight units at a time.
                    if let base = text.baseAddress {
                        var i = msgfmt_byte_scan_unit_at_least(base, 0, end, 0x80)
                        while i < end {
                            let (value, length) = UTF16Text.scalarValue(in: text, at: i)
                            keep(value)
                            i = msgfmt_byte_scan_unit_at_least(base, i &+ length, end, 0x80)
                        }
                    }
                    for scalar in name.unicodeScalars where !scalar.isASCII { keep(scalar.value) }
                    return count
                }
            }
        }
    }

    /// Adds the scalars of one record.
    mutating func add(_ record: [Unicode.Scalar]) {
        for s in record {
            let value = s.value
            if value < 0x10000 {
                let word = Int(value >> 6)
                let bit = UInt64(1) << UInt64(value & 63)
                if basicPlane[word] & bit != 0 { continue }
                basicPlane[word] |= bit
            }
            scalars.insert(value)
        }
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
