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
        for k in line.fragments.indices {
            // Read in place and copied once (a loop over the fragments copies each twice).
            pad(to: origin + line.x + (line.fragments[k].x - first))
            place(line.fragments[k])
        }
    }

    /// Adds the pieces of `other` after this line's, where they are on it moved on by this
    /// line's width (a transcript line is packed from column 0).
    mutating func append(_ other: TranscriptLine) {
        if fragments.isEmpty, width == 0 {
            fragments = other.fragments
            width = other.width
            return
        }
        append(other.fragments)
    }

    /// Makes room for `count` more fragments than the line holds.
    mutating func reserve(_ count: Int) {
        fragments.reserveCapacity(fragments.count + count)
    }

    /// Appends a copy of `fragment` at the line's end.
    private mutating func place(_ fragment: LayoutFragment) {
        let cells = fragment.width
        fragments.append(fragment)
        fragments[fragments.count - 1].x = width
        width += cells
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

    /// Adds fragments laid out on one line by `TranscriptText` (or a packed line's), each
    /// placed where the one before ends: copied once each, in one go from their buffer, then
    /// moved into place (copying them one at a time made each a temporary copy too).
    mutating func append(_ pieces: [LayoutFragment]) {
        let first = fragments.count
        pieces.withUnsafeBufferPointer { fragments.append(contentsOf: $0) }
        for k in first..<fragments.count {
            fragments[k].x = width
            width += fragments[k].width
        }
    }

    /// `count` copies of `scalar`, written as UTF-8 bytes in one go (`String(repeating:count:)`
    /// appends them one at a time, which showed in export profiles).
    static func run(of scalar: Unicode.Scalar, count: Int) -> String {
        if scalar == " ", count >= 0, count < blanks.count { return blanks[count] }
        return framed(nil, scalar, count: count, nil)
    }

    /// Runs of 0 to 255 blanks, made once: the pads of bubble rows and list lines, several a
    /// line, each then one retained string instead of one made.
    private static let blanks: [String] = (0..<256).map { framed(nil, " ", count: $0, nil) }

    /// `count` copies of `fill` between `left` and `right` (when given), made as one string
    /// without the standard library checking its UTF-8 again (`ValidUTF8`): a box's border
    /// or a run of blanks, several per bubble. The first copy is encoded, then what is
    /// written so far copied after itself until the run is complete.
    static func framed(_ left: Unicode.Scalar?, _ fill: Unicode.Scalar, count: Int, _ right: Unicode.Scalar?) -> String {
        let unit = UTF8.encode(fill) ?? UTF8.EncodedScalar()
        let l = left.flatMap { UTF8.encode($0) } ?? UTF8.EncodedScalar()
        let r = right.flatMap { UTF8.encode($0) } ?? UTF8.EncodedScalar()
        let total = l.count + unit.count * max(0, count) + r.count
        return ValidUTF8.string(count: total) { buffer in
            guard let out = buffer.baseAddress else { return }
            var at = 0
            for byte in l {
                out[at] = byte
                at += 1
            }
            let end = total - r.count
            if count > 0 {
                for byte in unit {
                    out[at] = byte
                    at += 1
                }
                let start = l.count
                while at < end {
                    let n = min(at - start, end - at)
                    (out + at).update(from: out + start, count: n)
                    at += n
                }
            }
            for byte in r {
                out[at] = byte
                at += 1
            }
        }
    }

    /// The finished line at row `y`.
    func line(y: Int) -> LayoutLine {
        LayoutLine(y: y, x: 0, width: width, start: 0, end: 0, block: .paragraph, rtl: false, fragments: fragments)
    }
}
