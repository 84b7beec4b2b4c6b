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

    /// The distinct scalars beyond ASCII of `texts`, in order of first appearance.
    static func scalars(of texts: String...) -> [Unicode.Scalar] {
        // Each scalar beyond ASCII takes two bytes or more: a table of as many slots as
        // such bytes is never more than half full.
        var wide = 0
        for var text in texts { wide += text.withUTF8(Self.bytesBeyondASCII) }
        guard wide > 0 else { return [] }
        var capacity = 16
        while capacity < wide { capacity <<= 1 }
        var out: [Unicode.Scalar] = []
        // One allocation for most texts, instead of growing from one scalar.
        out.reserveCapacity(min(wide / 2, 64))
        // The scalars seen, in an open-addressed table (0 is free: ASCII is never kept):
        // cheaper than a Set's hashing per scalar.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { table in
            table.initialize(repeating: 0)
            let mask = capacity - 1
            for var text in texts {
                text.withUTF8 { bytes in
                    // Runs of ASCII are passed over sixteen bytes at a time; only the rest
                    // is decoded.
                    guard let base = bytes.baseAddress else { return }
                    var i = 0
                    while true {
                        i = msgfmt_byte_scan_beyond_ascii(base, i, bytes.count)
                        if i >= bytes.count { break }
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

    /// The number of bytes of `bytes` with the high bit set, eight at a time.
    private static func bytesBeyondASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var i = 0
        while i &+ 8 <= bytes.count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            count &+= (word & 0x8080_8080_8080_8080).nonzeroBitCount
            i &+= 8
        }
        while i < bytes.count {
            count &+= Int(base[i] >> 7)
            i &+= 1
        }
        return count
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
