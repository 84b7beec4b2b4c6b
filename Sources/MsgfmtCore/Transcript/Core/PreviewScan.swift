internal import CByteScan

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
            // Sixteen bytes at a time (CByteScan); the text is not empty, so has a base address.
            let line = msgfmt_byte_scan_first_line_of(p.baseAddress!, p.count)
            let end = line.cut >= 0 ? line.cut : p.count
            return (line.cut >= 0 ? line.cut : nil, end - line.continuations, line.ascii_ink != 0, line.non_ascii != 0)
        }
        guard let found else { return nil }
        guard let cut = found.cut else {
            // No line break: the whole text (the original rule does not ask for ink here).
            return found.scalars <= limit ? text : prefix(text[...], limit)
        }
        let end = text.utf8.index(text.utf8.startIndex, offsetBy: cut)
        let first = text[..<end]
        // An ASCII letter, digit or sign always begins a character of its own, so it is ink.
        let ink = found.asciiInk || (found.nonASCII && first.contains { !$0.isWhitespace })
        guard ink else { return nil }
        return found.scalars <= limit ? String(first) : prefix(first, limit)
    }

    /// `String(text.prefix(count))`, its characters counted on the UTF-8 bytes where
    /// neighbouring scalars leave no doubt about a boundary between them, and by Swift's
    /// characters only across the pairs that do (see `CharacterCut`).
    static func prefix(_ text: Substring, _ count: Int) -> String {
        guard count > 0 else { return "" }
        var text = text
        let utf8 = text.utf8
        // Characters before `start`, a boundary (a byte offset).
        var counted = 0
        var start = 0
        while true {
            let found = text.withUTF8 { CharacterCut.find(in: $0, from: start, characters: count - counted) }
            switch found {
            case .whole:
                return String(text)
            case .end(let offset):
                return String(text[..<utf8.index(utf8.startIndex, offsetBy: offset)])
            case .handOver(let boundary, let before, let stop):
                // Swift's characters from the boundary until one ends past the scalar the
                // walk stopped at.
                counted += before
                var index = utf8.index(utf8.startIndex, offsetBy: boundary)
                repeat {
                    index = text.index(after: index)
                    counted += 1
                    if counted == count { return String(text[..<index]) }
                    if index == text.endIndex { return String(text) }
                } while utf8.distance(from: utf8.startIndex, to: index) <= stop
                start = utf8.distance(from: utf8.startIndex, to: index)
            }
        }
    }
}
