/// Writes styled message text as CommonMark, as UTF-8 bytes read from the message's UTF-16
/// units.
///
/// What the message says is shown as it is by a CommonMark reader (GitHub's, a notes app):
/// - every ASCII punctuation character the syntax reads (`\` `` ` `` `*` `_` `[` `]` `<`
///   `>` `#` `|` `~` `!` `&`) gets a backslash, scalar by scalar, so a combining mark after
///   one does not hide it; so does the first character of a line that would begin a list,
///   a heading underline or a thematic break (`-`, `+`, `=`, the `.` or `)` after digits);
/// - unsafe scalars (controls, bidi controls) become their `DisplaySafety` placeholders,
///   in code too, so no escape sequence reaches a terminal that shows the file;
/// - a line break in a paragraph or quote is a hard break (`\` at the end of the line);
/// - styles are written line by line as `MarkdownInline` places their markers, white
///   space outside them: `**bold**`, `*italic*`, `~~strikethrough~~`, `` `code` `` (its
///   backticks drawn as `ˋ`, tabs kept), and `[text](uri)` with the URI as `LinkPolicy`
///   spells it (parentheses percent-encoded, `&` escaped), or no link when the policy
///   refuses it;
/// - blank lines at the end of a paragraph are left out, and so is the indentation of a
///   first line indented by four columns or more (an indented code block otherwise);
/// - a pre block is fenced by more backticks than any run of them inside it, with its
///   language as the info string when that is a plain name.
enum MarkdownText {
    /// Text with CommonMark's punctuation escaped and every unsafe scalar, line breaks and
    /// tabs included, made visible: for one-line fields (names, titles, captions of media).
    static func escape(_ s: String) -> String {
        var out: [UInt8] = []
        Array(s.utf16).withUnsafeBufferPointer { appendScalars($0, .text, into: &out) }
        return out.withUnsafeBufferPointer { ValidUTF8.string($0) }
    }

    /// `text` escaped between two `marker`s (`*` or `**`), the white space at its ends left
    /// out, since a marker next to white space is no marker to a reader; without markers
    /// when nothing else is left (four stars alone on a line are a thematic break).
    static func emphasized(_ text: String, _ marker: String) -> String {
        // Most fields start and end with a printable ASCII character: no property look-up.
        let isSpace = { (s: Unicode.Scalar) in s.value > 0x20 && s.value < 0x7F ? false : s.properties.isWhitespace }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return escape(text) }
        return marker + escape(String(scalars[first...last])) + marker
    }

    /// The body: paragraphs with inline styles, fenced code blocks, `>` quotes, separated
    /// by blank lines.
    static func body(_ styled: StyledText) -> String {
        var out: [UInt8] = []
        appendBody(styled, into: &out)
        return out.withUnsafeBufferPointer { ValidUTF8.string($0) }
    }

    /// Appends `body(styled)` to `out`.
    static func appendBody(_ styled: StyledText, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + styled.text.units.count + styled.text.units.count / 4 + 16)
        var paragraph: [UInt8] = []
        var first = true
        styled.text.units.withUnsafeBufferPointer { units in
            for block in styled.blocks {
                let range = block.range.clamped(to: 0..<units.count)
                let start = out.count
                if !first { out.append(literal: "\n\n") }
                switch block.kind {
                case .pre(let language):
                    var content = UnsafeBufferPointer(rebasing: units[range])
                    if content.last == 0x0A { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
                    appendFenced(content, language: language, into: &out)
                case .paragraph:
                    paragraph.removeAll(keepingCapacity: true)
                    MarkdownInline.appendParagraph(units, runs: block.runs, in: range, into: &paragraph)
                    // Blank lines at the end would leave the hard break before them at the
                    // end of the paragraph, where a reader shows the backslash.
                    while let last = paragraph.last, last == 0x0A || last == 0x20 || last == 0x09 { paragraph.removeLast() }
                    if paragraph.isEmpty {
                        out.removeSubrange(start...)
                        continue
                    }
                    appendLines(paragraph, quoted: block.quote != nil, into: &out)
                }
                first = false
            }
        }
    }

    /// Appends a paragraph's lines (line feeds between them) with a hard break at the end
    /// of each but the last, each after `> ` in a quote.
    private static func appendLines(_ lines: [UInt8], quoted: Bool, into out: inout [UInt8]) {
        if quoted { out.append(literal: "> ") }
        // A first line indented by four columns or more would begin an indented code
        // block: its white space is left out (a reader drops it at the start of a
        // paragraph anyway).
        var first = 0
        var columns = 0
        while first < lines.count, lines[first] == 0x20 || lines[first] == 0x09 {
            columns = lines[first] == 0x09 ? (columns / 4 + 1) * 4 : columns + 1
            first += 1
        }
        // The stretches between line feeds copied whole.
        lines.withUnsafeBufferPointer { all in
            var rest = UnsafeBufferPointer(rebasing: all[(columns >= 4 ? first : 0)...])
            while let feed = rest.firstIndex(of: 0x0A) {
                out.append(bytes: UnsafeBufferPointer(rebasing: rest[..<feed]))
                if quoted { out.append(literal: "\\\n> ") } else { out.append(literal: "\\\n") }
                rest = UnsafeBufferPointer(rebasing: rest[(feed + 1)...])
            }
            out.append(bytes: rest)
        }
    }

    /// True when the bytes after the last line feed of `out` (all of it when there is
    /// none) are spaces and tabs only.
    static func isAtLineStart(_ out: [UInt8]) -> Bool {
        var k = out.count
        while k > 0 {
            let byte = out[k &- 1]
            if byte == 0x0A { return true }
            if byte != 0x20 && byte != 0x09 { return false }
            k &-= 1
        }
        return true
    }

    /// Appends a fenced code block of `content`: line feeds and tabs as they are, other
    /// unsafe scalars as placeholders, fenced by more backticks than any run of them inside
    /// (at least three).
    private static func appendFenced(_ content: UnsafeBufferPointer<UInt16>, language: String?, into out: inout [UInt8]) {
        var longest = 0
        var run = 0
        for unit in content {
            run = unit == 0x60 ? run &+ 1 : 0
            longest = max(longest, run)
        }
        let fence = max(3, longest &+ 1)
        out.append(contentsOf: repeatElement(0x60, count: fence))
        if let language, isPlainName(language) { out.append(utf8: language) }
        out.append(0x0A)
        appendScalars(content, .block, into: &out)
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x60, count: fence))
    }

    /// How `appendScalars` spells the scalars of a stretch.
    enum Spelling {
        /// A one-line field: CommonMark's punctuation after a backslash, tabs shown.
        case text
        /// A line of a paragraph: as `text`, tabs as they are.
        case line
        /// A code span (tabs as they are): backticks as `ˋ` (U+02CB), so the span cannot
        /// be closed early.
        case code
        /// A fenced block: line feeds and tabs as they are.
        case block
    }

    /// Appends `units` scalar by scalar as `spelling` says, unsafe scalars as their
    /// `DisplaySafety` placeholders (a lone surrogate as U+FFFD), with a backslash before the
    /// unit at `marker`; written through one pointer into room for the most it can take.
    static func appendScalars(_ units: UnsafeBufferPointer<UInt16>, _ spelling: Spelling, marker: Int = -1, into out: inout [UInt8]) {
        // Three bytes a unit at most (a placeholder, a scalar of the BMP, an escaped ASCII
        // character; four for the two units of a pair), and the marker's backslash.
        out.appendBytes(upTo: units.count &* 3 &+ 1) { p in
            var n = 0
            var k = 0
            while k < units.count {
                if k == marker {
                    p[n] = 0x5C
                    n &+= 1
                }
                let unit = units[k]
                if unit >= 0x20 && unit < 0x7F {
                    k &+= 1
                    let byte = UInt8(truncatingIfNeeded: unit)
                    if spelling == .code, byte == 0x60 {
                        p[n] = 0xCB
                        p[n &+ 1] = 0x8B
                        n &+= 2
                        continue
                    }
                    if spelling == .text || spelling == .line, isEscaped(byte) {
                        p[n] = 0x5C
                        n &+= 1
                    }
                    p[n] = byte
                    n &+= 1
                    continue
                }
                if unit == 0x09 && spelling != .text || unit == 0x0A && spelling == .block {
                    k &+= 1
                    p[n] = UInt8(truncatingIfNeeded: unit)
                    n &+= 1
                    continue
                }
                let (scalar, length) = UTF16Text.scalarValue(in: units, at: k)
                k &+= length
                let shown = Unicode.Scalar(scalar).map { DisplaySafety.placeholder(for: $0)?.value ?? scalar } ?? 0xFFFD
                n &+= [UInt8].write(scalar: shown, to: p + n)
            }
            return n
        }
    }

    /// True for a code block's language that can be its info string as it is: ASCII
    /// letters, digits and `+ # . _ -`, at most 32 of them.
    private static func isPlainName(_ language: String) -> Bool {
        let utf8 = language.utf8
        return !utf8.isEmpty && utf8.count <= 32
            && utf8.allSatisfy { b in
                (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x23 || b == 0x2E
                    || b == 0x5F || b == 0x2D
            }
    }

    /// The URI a link points at in a Markdown link: `LinkPolicy.safeURI` (allowed schemes
    /// only, percent-encoded to printable ASCII) with parentheses percent-encoded too and a
    /// backslash before each `&`, which a reader would otherwise take for the start of a
    /// character reference (`&#x61;`); nil when the text is to be shown without a link.
    static func safeLink(_ url: String) -> String? {
        guard let uri = LinkPolicy.safeURI(url) else { return nil }
        guard uri.utf8.contains(where: { $0 == 0x28 || $0 == 0x29 || $0 == 0x26 }) else { return uri }
        var out: [UInt8] = []
        out.reserveCapacity(uri.utf8.count + 8)
        for byte in uri.utf8 {
            switch byte {
            case 0x28: out.append(contentsOf: [0x25, 0x32, 0x38])  // %28
            case 0x29: out.append(contentsOf: [0x25, 0x32, 0x39])  // %29
            case 0x26: out.append(contentsOf: [0x5C, 0x26])  // \&
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True for the ASCII punctuation CommonMark (and GitHub's tables and strikethrough)
    /// could read as syntax anywhere in a line: `! # & * < >` and `[ \\ ] _ ` | ~`.
    @inline(__always)
    private static func isEscaped(_ byte: UInt8) -> Bool {
        // One bit per byte: 0x00-0x3F in the first word, 0x40-0x7F in the second.
        let low: UInt64 = 1 << 0x21 | 1 << 0x23 | 1 << 0x26 | 1 << 0x2A | 1 << 0x3C | 1 << 0x3E
        let high: UInt64 =
            1 << (0x5B - 0x40) | 1 << (0x5C - 0x40) | 1 << (0x5D - 0x40) | 1 << (0x5F - 0x40) | 1 << (0x60 - 0x40)
            | 1 << (0x7C - 0x40) | 1 << (0x7E - 0x40)
        return byte < 0x40 ? low >> UInt64(byte) & 1 != 0 : byte < 0x80 && high >> UInt64(byte &- 0x40) & 1 != 0
    }
}
