internal import CICU

/// Text folded for search, so that "Zoë", "ZOE" and "zoe" fold alike: compatibility forms
/// decomposed (ﬁ → fi, full-width letters → ASCII), Unicode case folding (ß → ss),
/// accents and invisible characters dropped, every run of white space one space, none at
/// the ends. Search terms are folded once when the filter is parsed; a message's text
/// once per message, when a term needs it.
struct FoldedText: Sendable, Hashable {
    /// The folded UTF-16 code units.
    let units: [UInt16]

    /// Folds `text`; ASCII text never leaves Swift. The units are folded into one buffer
    /// and their white space collapsed in place (it runs for every message of a site).
    init(_ text: String) {
        var ascii = true
        var source = UTF16Text.units(of: text, ascii: &ascii)
        if !ascii {
            units = Self.foldWithICU(source) ?? Self.collapsingSpaces(Array(text.lowercased().utf16))
            return
        }
        let kept = source.withUnsafeMutableBufferPointer { units in
            for i in units.indices where units[i] &- 0x41 < 26 { units[i] |= 0x20 }
            return Self.collapseSpaces(units)
        }
        source.removeLast(source.count - kept)
        units = source
    }

    /// True when nothing is left to search for.
    var isEmpty: Bool { units.isEmpty }

    /// `msgfmt_icu_fold` over `source` with its white space collapsed, with a second call
    /// when the first buffer was too small; nil when ICU fails.
    private static func foldWithICU(_ source: [UInt16]) -> [UInt16]? {
        var capacity = source.count * 2 + 16
        for _ in 0..<2 {
            var wanted = 0
            let out = [UInt16](unsafeUninitializedCapacity: capacity) { buffer, count in
                let n = source.withUnsafeBufferPointer { text in
                    msgfmt_icu_fold(text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(capacity))
                }
                wanted = Int(n)
                guard n >= 0, Int(n) <= capacity else {
                    count = 0
                    return
                }
                count = collapseSpaces(UnsafeMutableBufferPointer(rebasing: buffer[..<Int(n)]))
            }
            if wanted < 0 { return nil }
            if wanted <= capacity { return out }
            capacity = wanted
        }
        return nil
    }

    /// `units` with each run of white space made one space and none at the ends.
    static func collapsingSpaces(_ units: [UInt16]) -> [UInt16] {
        var out = units
        let kept = out.withUnsafeMutableBufferPointer { collapseSpaces($0) }
        out.removeLast(out.count - kept)
        return out
    }

    /// Makes each run of white space in `units` one space and drops those at the ends, in
    /// place (the result is never longer); returns how many units are kept, at the front.
    private static func collapseSpaces(_ units: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var n = 0
        var pendingSpace = false
        for i in units.indices {
            let u = units[i]
            if isSpaceUnit(u) {
                pendingSpace = n > 0
                continue
            }
            if pendingSpace {
                units[n] = 0x20
                n &+= 1
                pendingSpace = false
            }
            units[n] = u
            n &+= 1
        }
        return n
    }

    /// `isSpace` with the common cases first: printable ASCII, most letters beyond it
    /// (below U+1680 only U+0085 and U+00A0 are white space) and everything above U+3000
    /// take a comparison or two.
    @inline(__always)
    private static func isSpaceUnit(_ u: UInt16) -> Bool {
        if u <= 0x20 { return u == 0x20 || u &- 0x09 < 5 }
        if u < 0x85 || u > 0x3000 { return false }
        if u < 0x1680 { return u == 0x85 || u == 0xA0 }
        return isSpace(u)
    }

    /// White space (all of it in the Basic Multilingual Plane).
    private static func isSpace(_ u: UInt16) -> Bool {
        switch u {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
