/// The common case of `TranscriptMessage.preview` found on the UTF-8 bytes instead of
/// character by character: the text's first line when it is not blank.
enum PreviewScan {
    /// Longest preview, in characters.
    static let limit = 200

    /// The first line of `text` (up to the first `\n` or `\r` character; `\r\n` is one
    /// character and neither), cut to `limit` characters, when it holds a non-blank
    /// character; nil when the first line is blank or the text is empty (the caller then
    /// falls back to the character-by-character rules).
    static func firstLine(of text: String) -> String? {
        guard !text.isEmpty else { return nil }
        // `scalars` counts the scalars before the cut (the bytes that start one): a line of
        // no more scalars than `limit` has no more characters either, and needs no cutting.
        let found: (cut: Int?, scalars: Int, asciiInk: Bool, nonASCII: Bool)? = text.utf8.withContiguousStorageIfAvailable { p in
            var i = 0
            var asciiInk = false
            var nonASCII = false
            var continuations = 0
            let n = p.count
            while i < n {
                let b = p[i]
                if b == 0x0A { return (i, i - continuations, asciiInk, nonASCII) }
                if b == 0x0D {
                    if i + 1 < n, p[i + 1] == 0x0A {
                        i += 2
                        continue
                    }
                    return (i, i - continuations, asciiInk, nonASCII)
                }
                if b >= 0x80 {
                    nonASCII = true
                    if b < 0xC0 { continuations += 1 }
                } else if b != 0x20, b < 0x09 || b > 0x0D {
                    asciiInk = true
                }
                i += 1
            }
            return (nil, n - continuations, asciiInk, nonASCII)
        }
        guard let found else { return nil }
        guard let cut = found.cut else {
            // No line break: the whole text (the original rule does not ask for ink here).
            return found.scalars <= limit ? text : String(text.prefix(limit))
        }
        let end = text.utf8.index(text.utf8.startIndex, offsetBy: cut)
        let first = text[..<end]
        // An ASCII letter, digit or sign always begins a character of its own, so it is ink.
        let ink = found.asciiInk || (found.nonASCII && first.contains { !$0.isWhitespace })
        guard ink else { return nil }
        return found.scalars <= limit ? String(first) : String(first.prefix(limit))
    }
}
