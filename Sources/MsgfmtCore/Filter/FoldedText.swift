internal import CICU

/// Text folded for search, so that "Zoë", "ZOE" and "zoe" fold alike: compatibility forms
/// decomposed (ﬁ → fi, full-width letters → ASCII), Unicode case folding (ß → ss),
/// accents and invisible characters dropped, every run of white space one space, none at
/// the ends. Search terms are folded once when the filter is parsed; a message's text
/// once per message, when a term needs it.
struct FoldedText: Sendable, Hashable {
    /// The folded UTF-16 code units.
    let units: [UInt16]

    /// Folds `text`; ASCII text never leaves Swift.
    init(_ text: String) {
        var ascii = true
        var source = UTF16Text.units(of: text, ascii: &ascii)
        if !ascii {
            source = Self.foldWithICU(source) ?? Array(text.lowercased().utf16)
        } else {
            source.withUnsafeMutableBufferPointer { units in
                for i in units.indices where units[i] &- 0x41 < 26 { units[i] |= 0x20 }
            }
        }
        units = Self.collapsingSpaces(source)
    }

    /// True when nothing is left to search for.
    var isEmpty: Bool { units.isEmpty }

    /// `msgfmt_icu_fold` over `source`, with a second call when the first buffer was too
    /// small; nil when ICU fails.
    private static func foldWithICU(_ source: [UInt16]) -> [UInt16]? {
        var capacity = source.count * 2 + 16
        for _ in 0..<2 {
            var out = [UInt16].repeated(0, count: capacity)
            let n = source.withUnsafeBufferPointer { text in
                out.withUnsafeMutableBufferPointer { buffer in
                    msgfmt_icu_fold(text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(capacity))
                }
            }
            if n < 0 { return nil }
            if Int(n) <= capacity {
                out.removeLast(capacity - Int(n))
                return out
            }
            capacity = Int(n)
        }
        return nil
    }

    /// `units` with each run of white space made one space and none at the ends.
    static func collapsingSpaces(_ units: [UInt16]) -> [UInt16] {
        // Never longer than the input: a run of spaces becomes at most one.
        [UInt16].filled(capacity: units.count) { out in
            var n = 0
            var pendingSpace = false
            units.withUnsafeBufferPointer { source in
                for u in source {
                    // Printable ASCII is never white space.
                    if u <= 0x20 || u >= 0x80, isSpace(u) {
                        pendingSpace = n > 0
                        continue
                    }
                    if pendingSpace {
                        out[n] = 0x20
                        n += 1
                        pendingSpace = false
                    }
                    out[n] = u
                    n += 1
                }
            }
            return n
        }
    }

    /// White space (all of it in the Basic Multilingual Plane).
    private static func isSpace(_ u: UInt16) -> Bool {
        switch u {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
