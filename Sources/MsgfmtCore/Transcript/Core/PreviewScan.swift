internal import CByteScan

/// `TranscriptMessage.preview`'s lines found on the UTF-8 bytes instead of character by
/// character: the text's first line when it is not blank, else the first that is not.
enum PreviewScan {
    /// Longest preview, in characters.
    static let limit = 200

    /// The first line of `text` (up to the first `\n` or `\r` character; `\r\n` is one
    /// character and neither), cut to `limit` characters, when it holds a non-blank
    /// character; nil when the first line is blank or the text is empty (the caller then
    /// looks at the media, the service sentence and `firstLineWithInk`).
    static func firstLine(of text: String) -> String? {
        guard !text.isEmpty else { return nil }
        var text = text
        guard let line = text.withUTF8({ line(in: $0, from: 0) }) else { return nil }
        let first = text.utf8.index(text.utf8.startIndex, offsetBy: line.end)
        guard line.hasBreak else {
            // No line break: the whole text (the original rule does not ask for ink here).
            return line.scalars <= limit ? text : prefix(text[...], limit)
        }
        return cut(text[..<first], line)
    }

    /// The first line of `text` that holds a non-blank character, its leading line breaks
    /// passed over (the last part of `TranscriptMessage.preview`'s rule), cut to `limit`
    /// characters; "" when no line does.
    static func firstLineWithInk(of text: String) -> String {
        var text = text
        let utf8 = text.utf8
        var start = 0
        let count = utf8.count
        while start < count {
            // The line breaks before the line: `\n`, and `\r` where no `\n` follows (`\r\n`
            // is a character of its own, and the line's).
            let next: Line? = text.withUTF8 { bytes in
                while start < bytes.count,
                    bytes[start] == 0x0A || (bytes[start] == 0x0D && (start + 1 == bytes.count || bytes[start + 1] != 0x0A))
                {
                    start += 1
                }
                return line(in: bytes, from: start)
            }
            guard let line = next else { return "" }
            let lower = utf8.index(utf8.startIndex, offsetBy: start)
            let upper = utf8.index(utf8.startIndex, offsetBy: line.end)
            if let shown = cut(text[lower..<upper], line) { return shown }
            start = line.end
        }
        return ""
    }

    /// One line of UTF-8 `bytes` from `start` (its first byte), as CByteScan finds it.
    private struct Line {
        /// Where the line ends: its line break, or the end of the text.
        var end: Int
        /// True when a line break ends it.
        var hasBreak: Bool
        /// The scalars of the line (the bytes that start one).
        var scalars: Int
        /// An ASCII byte that is not blank, and a byte beyond ASCII.
        var asciiInk: Bool
        var nonASCII: Bool
    }

    /// The line of `bytes` that starts at `start` (sixteen bytes at a time, CByteScan).
    private static func line(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Line? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        let found = msgfmt_byte_scan_first_line_of(base + start, bytes.count - start)
        let end = found.cut >= 0 ? start + found.cut : bytes.count
        return Line(
            end: end, hasBreak: found.cut >= 0, scalars: end - start - found.continuations, asciiInk: found.ascii_ink != 0,
            nonASCII: found.non_ascii != 0)
    }

    /// `line`, whose text is `shown`, cut to `limit` characters when it holds a non-blank
    /// character; nil when it is blank. A line of no more scalars than `limit` has no more
    /// characters either, and needs no cutting.
    private static func cut(_ shown: Substring, _ line: Line) -> String? {
        // An ASCII letter, digit or sign always begins a character of its own, so it is ink.
        let ink = line.asciiInk || (line.nonASCII && shown.contains { !$0.isWhitespace })
        guard ink else { return nil }
        return line.scalars <= limit ? String(shown) : prefix(shown, limit)
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
                // walk stopped at: those of the text from there on (a substring's
                // characters start at its start, where the text's own index would first be
                // checked for being a character boundary, looking back).
                counted += before
                let rest = text[utf8.index(utf8.startIndex, offsetBy: boundary)...]
                var index = rest.startIndex
                repeat {
                    index = rest.index(after: index)
                    counted += 1
                    if counted == count { return String(text[..<index]) }
                    if index == text.endIndex { return String(text) }
                } while utf8.distance(from: utf8.startIndex, to: index) <= stop
                start = utf8.distance(from: utf8.startIndex, to: index)
            }
        }
    }
}
