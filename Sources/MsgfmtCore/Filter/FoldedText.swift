internal import CICU

/// Text folded for search, so that "Zoë", "ZOE" and "zoe" fold alike: compatibility forms
/// decomposed (ﬁ → fi, full-width letters → ASCII), Unicode case folding (ß → ss),
/// accents and invisible characters dropped, every run of white space one space, none at
/// the ends. Search terms are folded once when the filter is parsed; a message's text
/// once per message, when a term needs it.
struct FoldedText: Sendable, Hashable {
    /// The folded UTF-16 code units.
    let units: [UInt16]

    /// Folds `text` (ASCII never reaches ICU): its units are folded into one buffer, their
    /// white space collapsed as they are written (it runs for every message of a site).
    init(_ text: String) {
        self.init(units: UTF16Text.units(of: text))
    }

    /// Folds the text whose UTF-16 units are `source` (when the caller has them already).
    init(units source: [UInt16]) {
        units =
            Self.foldWithICU(source) ?? Self.collapsingSpaces(Array(String(decoding: source, as: UTF16.self).lowercased().utf16))
    }

    /// True when nothing is left to search for.
    var isEmpty: Bool { units.isEmpty }

    /// `msgfmt_icu_fold` over `source`, its white space collapsed as it writes, with a
    /// second call when the first buffer was too small; nil when ICU fails.
    private static func foldWithICU(_ source: [UInt16]) -> [UInt16]? {
        var capacity = source.count * 2 + 16
        for _ in 0..<2 {
            var wanted = 0
            let out = [UInt16].filled(capacity: capacity) { buffer in
                let n = source.withUnsafeBufferPointer { text in
                    msgfmt_icu_fold(text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(capacity), 1)
                }
                wanted = Int(n)
                return n >= 0 && Int(n) <= capacity ? Int(n) : 0
            }
            if wanted < 0 { return nil }
            if wanted <= capacity { return out }
            capacity = wanted
        }
        return nil
    }

    /// `units` with each run of white space (Unicode's White_Space) made one space and
    /// none at the ends (`msgfmt_icu_collapse_spaces`).
    static func collapsingSpaces(_ units: [UInt16]) -> [UInt16] {
        var out = units
        let kept = out.withUnsafeMutableBufferPointer { Int(msgfmt_icu_collapse_spaces($0.baseAddress, Int32($0.count))) }
        out.removeLast(out.count - kept)
        return out
    }
}
