/// Builds one line of a composed transcript layout: decoration pieces and laid-out body
/// fragments placed left to right with no gaps, so any emitter draws it as intended.
struct TranscriptLine {
    private(set) var fragments: [LayoutFragment] = []
    /// Cells used so far.
    private(set) var width = 0
    /// A URI the whole line links to (a media file's `file://` URL), drawn as an OSC 8
    /// hyperlink by the terminal transcript when hyperlinks are on.
    var link: String?
    /// A picture (`export --images`) drawn over this line and the `rows - 1` lines after it
    /// (left blank for it), from column `imageColumn`.
    var image: TerminalImage?
    var imageColumn = 0

    /// Adds blank cells up to column `x`.
    mutating func pad(to x: Int) {
        guard x > width else { return }
        let n = x - width
        fragments.append(
            LayoutFragment(
                x: width, width: n, start: 0, end: 0, text: "", display: Self.run(of: " ", count: n), style: .plain, role: .title))
        width = x
    }

    /// Adds a decoration piece that is `cells` wide (already display-safe).
    mutating func add(_ display: String, cells: Int, style: Style = .plain, role: FragmentRole = .title) {
        guard cells > 0 || !display.isEmpty else { return }
        fragments.append(LayoutFragment(x: width, width: cells, start: 0, end: 0, text: "", display: display, style: style, role: role))
        width += cells
    }

    /// Adds an ASCII decoration piece (its width is its length).
    mutating func ascii(_ display: String, style: Style = .plain, role: FragmentRole = .title) {
        add(display, cells: display.utf8.count, style: style, role: role)
    }

    /// Adds the fragments of a laid-out line, keeping their relative positions and the
    /// line's own indent (alignment, quote bars).
    mutating func append(_ line: LayoutLine) {
        if fragments.isEmpty, width == 0, line.x == 0, let cells = Self.packedWidth(line.fragments) {
            // Onto an empty line, fragments that start at 0 and follow each other without
            // gaps land where they are: the line's array is shared, not copied fragment by
            // fragment (each copy retains what the fragment holds).
            fragments = line.fragments
            width = cells
            return
        }
        let origin = width
        let first = line.fragments.first?.x ?? 0
        for f in line.fragments {
            pad(to: origin + line.x + (f.x - first))
            var g = f
            g.x = width
            fragments.append(g)
            width += f.width
        }
    }

    /// The cells of `fragments` when the first starts at 0 and each starts where the one
    /// before ends, nil otherwise.
    private static func packedWidth(_ fragments: [LayoutFragment]) -> Int? {
        var x = 0
        for k in fragments.indices {
            guard fragments[k].x == x else { return nil }
            x += fragments[k].width
        }
        return x
    }

    /// Adds fragments laid out on one line by `TranscriptText`.
    mutating func append(_ pieces: [LayoutFragment]) {
        for f in pieces {
            var g = f
            g.x = width
            fragments.append(g)
            width += f.width
        }
    }

    /// `count` copies of `scalar`, written as UTF-8 bytes in one go (`String(repeating:count:)`
    /// appends them one at a time, which showed in export profiles): the first copy, then
    /// what is written so far copied after itself until the run is complete.
    static func run(of scalar: Unicode.Scalar, count: Int) -> String {
        guard count > 0, let unit = UTF8.encode(scalar) else { return "" }
        let total = unit.count * count
        return String(unsafeUninitializedCapacity: total) { buffer in
            guard let out = buffer.baseAddress else { return 0 }
            for (k, byte) in unit.enumerated() { out[k] = byte }
            var filled = unit.count
            while filled < total {
                let n = min(filled, total - filled)
                (out + filled).update(from: out, count: n)
                filled += n
            }
            return total
        }
    }

    /// The finished line at row `y`.
    func line(y: Int) -> LayoutLine {
        LayoutLine(y: y, x: 0, width: width, start: 0, end: 0, block: .paragraph, rtl: false, fragments: fragments)
    }
}
