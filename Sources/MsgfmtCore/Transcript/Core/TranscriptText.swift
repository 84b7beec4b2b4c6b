/// Lays out the transcript's own words (names, reply quotes, service sentences, media
/// titles) with the shared layout engine, so they wrap, truncate and measure exactly like
/// message bodies. Input-derived text is made display-safe first.
///
/// These lines read left to right whatever names they quote: a name or preview in a
/// right-to-left script is shown as a right-to-left run inside a left-to-right line
/// (`↩ دمحم: Poll…`), never turning the whole line around.
///
/// With `fonts` the lines are measured with them (widths in layout units, as pictures lay
/// out; `FontMeasurer`), in the face of the style asked for; without, in cells.
struct TranscriptText {
    let constraints: LayoutConstraints
    /// The fonts lines are measured with, or nil to count cells.
    var fonts: FontLibrary? = nil

    /// The text as one line at most `width` cells wide, ending in the ellipsis when cut;
    /// fragments carry `style` and `role`.
    func oneLine(_ text: String, width: Int, style: Style = .plain, role: FragmentRole = .text) -> (fragments: [LayoutFragment], width: Int)
    {
        if fonts == nil {
            if let fitted = Self.printableASCIILine(text, width: max(2, width), style: style, role: role) { return fitted }
            if let fitted = Self.simpleLine(text, width: max(2, width), style: style, role: role) { return fitted }
        }
        return laidOutLine(text, width: width, style: style, role: role)
    }

    /// `oneLine` through the layout engine, whatever the text; with `leftToRight` false the
    /// line reads in its text's own direction (its first strong character's), still from
    /// the left: a quote shown as its own paragraph would be (a picture's reply preview).
    func laidOutLine(_ text: String, width: Int, style: Style, role: FragmentRole = .text, leftToRight: Bool = true) -> (
        fragments: [LayoutFragment], width: Int
    ) {
        let flat = Self.lineBreaksAsSpaces(text)
        var c = constraints
        c.width = max(2, width)
        c.maxLines = 1
        c.truncate = .end
        c.overflow = .ellipsis
        guard let line = layout(flat, c, style: style, leftToRight: leftToRight).first else { return ([], 0) }
        let pieces = line.fragments.map { restyle($0, style, role) }
        return (pieces, pieces.reduce(0) { $0 + $1.width })
    }

    /// `text` with each line feed and carriage return a space, except the two of a CR LF
    /// pair, which stay (one Character, neither "\n" nor "\r"): what mapping its Characters
    /// would give, found in its bytes. Text without either comes back as it is.
    static func lineBreaksAsSpaces(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
            var bytes = Array(utf8)
            let n = bytes.count
            for i in 0..<n {
                if bytes[i] == 0x0A, i == 0 || bytes[i - 1] != 0x0D {
                    bytes[i] = 0x20
                } else if bytes[i] == 0x0D, i + 1 == n || bytes[i + 1] != 0x0A {
                    bytes[i] = 0x20
                }
            }
            return bytes.withUnsafeBufferPointer { ValidUTF8.string($0) }
        } ?? text
    }

    /// The line the layout engine would make of `text` when it is printable ASCII (one cell
    /// per character, one break class that cannot cluster or reorder) and fits `width`
    /// once its trailing spaces are dropped, as a line end drops them; nil otherwise.
    static func printableASCIILine(_ text: String, width: Int, style: Style, role: FragmentRole) -> (
        fragments: [LayoutFragment], width: Int
    )? {
        var text = text
        let count: Int? = text.withUTF8 { utf8 in
            var end = 0
            for (i, b) in utf8.enumerated() {
                guard b >= 0x20, b < 0x7F else { return nil }
                if b != 0x20 { end = i + 1 }
            }
            return end
        }
        guard let count, count <= width else { return nil }
        return fitted(text, bytes: count, cells: count, style: style, role: role)
    }

    /// The one-fragment line of the first `bytes` bytes of `text` (whole scalars, the ink
    /// before trailing spaces), `cells` wide; no fragment when there is no ink.
    private static func fitted(_ text: String, bytes: Int, cells: Int, style: Style, role: FragmentRole) -> (
        fragments: [LayoutFragment], width: Int
    ) {
        if bytes == 0 { return ([], 0) }
        let shown = bytes == text.utf8.count ? text : String(text.utf8.prefix(bytes))!
        return ([LayoutFragment(x: 0, width: cells, start: 0, end: 0, text: shown, display: shown, style: style, role: role)], cells)
    }

    /// `printableASCIILine` for text that also holds letters of scripts whose every scalar
    /// is a cluster of its own, left to right, one cell wide (Latin, Greek and Cyrillic
    /// letters) or two (CJK ideographs, kana, Hangul syllables), as both width models count
    /// them; nil for anything else (marks, joiners, emoji, right-to-left text, controls).
    static func simpleLine(_ text: String, width: Int, style: Style, role: FragmentRole) -> (
        fragments: [LayoutFragment], width: Int
    )? {
        var cells = 0
        var cellsToInk = 0
        var bytesToInk = 0
        var bytes = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let w: Int
            switch v {
            case 0x20..<0x7F: w = 1
            case 0xC0...0x24F where v != 0xD7 && v != 0xF7, 0x386...0x3CE, 0x400...0x482, 0x48A...0x4FF: w = 1
            case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3: w = 2
            default: return nil
            }
            cells += w
            bytes += UTF8.width(scalar)
            if v != 0x20 {
                cellsToInk = cells
                bytesToInk = bytes
            }
            if cellsToInk > width { return nil }
        }
        return fitted(text, bytes: bytesToInk, cells: cellsToInk, style: style, role: role)
    }

    /// The text wrapped to `width` cells, one fragment list per line.
    func wrapped(_ text: String, width: Int, style: Style = .plain, role: FragmentRole = .text) -> [(
        fragments: [LayoutFragment], width: Int
    )] {
        var c = constraints
        c.width = max(2, width)
        c.maxLines = 0
        return layout(text, c, style: style).map { line in
            let pieces = line.fragments.map { restyle($0, style, role) }
            return (pieces, pieces.reduce(0) { $0 + $1.width })
        }
    }

    /// The laid-out lines of `text` in a left-to-right paragraph: a LEFT-TO-RIGHT MARK
    /// in front fixes the direction, and is taken out of the fragments again (it has no
    /// width, so nothing moves). Without `leftToRight`, no mark: the text's own direction.
    /// With fonts, measured in `style`'s face.
    private func layout(_ text: String, _ constraints: LayoutConstraints, style: Style, leftToRight: Bool = true) -> [LayoutLine] {
        var c = constraints
        c.align = .left
        var styled = StyledText(plain: (leftToRight ? "\u{200E}" : "") + DisplaySafety.sanitize(text))
        // The style picks the face the fonts measure in; cells are the same in any style.
        if fonts != nil { styled.blocks[0].runs[0].style = style }
        let layout = TextLayouter.layout(styled, c, fonts: fonts)
        return layout.lines.map { line in
            var line = line
            line.fragments = line.fragments.compactMap { f in
                guard f.textOrDisplayStarts(with: 0x200E) else { return f }
                var g = f
                g.display = Self.withoutLRM(f.display)
                g.text = Self.withoutLRM(f.text)
                return g.display.isEmpty && g.width == 0 ? nil : g
            }
            return line
        }
    }

    /// `text` without its LEFT-TO-RIGHT MARKs, found in its bytes (E2 80 8E: 0xE2 only
    /// ever leads a sequence, so the three are always that scalar).
    static func withoutLRM(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            var kept: [UInt8] = []
            kept.reserveCapacity(utf8.count)
            var i = 0
            let n = utf8.count
            while i < n {
                if utf8[i] == 0xE2, i + 2 < n, utf8[i + 1] == 0x80, utf8[i + 2] == 0x8E {
                    i += 3
                    continue
                }
                kept.append(utf8[i])
                i += 1
            }
            return kept.count == n ? nil : kept.withUnsafeBufferPointer { ValidUTF8.string($0) }
        } ?? text
    }

    private func restyle(_ f: LayoutFragment, _ style: Style, _ role: FragmentRole) -> LayoutFragment {
        var g = f
        if f.role == .text {
            g.style = style
            g.role = role
        }
        g.start = 0
        g.end = 0
        return g
    }
}
