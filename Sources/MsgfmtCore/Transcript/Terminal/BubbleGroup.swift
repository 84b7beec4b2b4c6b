/// The messages of one sender group in the bubbles presentation, collected until the
/// group ends so its box can be as wide as its widest line.
struct BubbleGroup: Sendable {
    /// A content line: its left part and, for the line carrying the time, a right part
    /// placed against the box's right edge.
    struct Row {
        var left: TranscriptLine
        var right: String?
        /// Index into `bodies` of the message the row belongs to (nil for the header).
        var body: Int?
    }

    /// Most messages one box holds before a new box continues the group.
    static let maxMessages = 64

    var rows: [Row] = []
    /// The styled bodies of the group's messages, for the emitter's link spans.
    var bodies: [StyledText] = []
    var messages: Int { bodies.count }
    let outgoing: Bool

    /// The widest box in a transcript `width` cells wide: three quarters of it, at least 24.
    static func maxWidth(in width: Int) -> Int {
        min(width, max(24, width * 3 / 4))
    }

    /// Cells the content needs.
    var contentWidth: Int {
        rows.map { row in
            guard let right = row.right else { return row.left.width }
            return row.left.width + (row.left.width > 0 ? 2 : 0) + right.utf8.count
        }.max() ?? 0
    }

    /// The box: a rounded border around the rows, at the left edge for incoming groups
    /// and the right edge for outgoing ones; each piece with the body its rows show.
    func box(width: Int) -> [(lines: [TranscriptLine], body: StyledText?)] {
        let inner = min(max(contentWidth, 5), Self.maxWidth(in: width) - 4)
        let x = outgoing ? width - (inner + 4) : 0
        var pieces: [(lines: [TranscriptLine], body: StyledText?)] = []
        pieces.reserveCapacity(bodies.count + 3)
        var top = TranscriptLine()
        top.pad(to: x)
        top.add(TranscriptLine.framed("╭", "─", count: inner + 2, "╮"), cells: inner + 4)
        pieces.append(([top], nil))
        var current: Int?
        // The rows read in place through their buffer, each line made where it is kept: a
        // row passed on from the array, or a line appended, was copied, retaining
        // everything it holds.
        rows.withUnsafeBufferPointer { rows in
            for k in rows.indices {
                let body = rows[k].body
                if body != current || pieces.count == 1 {
                    var end = k + 1
                    while end < rows.count, rows[end].body == body { end += 1 }
                    pieces.append(([], body.map { bodies[$0] }))
                    pieces[pieces.count - 1].lines.reserveCapacity(end - k)
                    current = body
                }
                pieces[pieces.count - 1].lines.append(TranscriptLine())
                let last = pieces[pieces.count - 1].lines.count - 1
                Self.draw(rows.baseAddress! + k, x: x, inner: inner, into: &pieces[pieces.count - 1].lines[last])
            }
        }
        var bottom = TranscriptLine()
        bottom.pad(to: x)
        bottom.add(TranscriptLine.framed("╰", "─", count: inner + 2, "╯"), cells: inner + 4)
        pieces.append(([bottom], nil))
        return pieces
    }

    /// Draws `row` into the empty `line`: the box's left edge and a blank, the row's pieces,
    /// its time against the right edge when it has one, a blank and the right edge; its
    /// link and picture moved with it. `x` is the box's column, `inner` its content width.
    /// The row is read through a pointer: passed as a value, it was copied.
    private static func draw(_ row: UnsafePointer<Row>, x: Int, inner: Int, into line: inout TranscriptLine) {
        // The row's pieces, then a blank, the time, a blank and the edges on either side.
        line.reserve(row.pointee.left.fragments.count + 6)
        line.pad(to: x)
        line.add("│ ", cells: 2)
        line.append(row.pointee.left.fragments)
        if let right = row.pointee.right {
            line.pad(to: x + 2 + inner - right.utf8.count)
            line.ascii(right, role: .title)
        }
        line.pad(to: x + 2 + inner)
        line.add(" │", cells: 2)
        line.link = row.pointee.left.link
        line.image = row.pointee.left.image
        line.imageColumn = x + 2 + row.pointee.left.imageColumn
    }
}

extension TerminalTranscriptWriter {
    /// Adds a message to the current bubble, starting a new box when needed.
    func addToBubble(_ message: TranscriptMessage, pieces: TerminalPieces, startsGroup: Bool) {
        let m = message.message
        let outgoing = state.isOutgoing(m)
        if let group = bubble, group.messages >= BubbleGroup.maxMessages || group.outgoing != outgoing {
            flushBubble()
        }
        let inner = BubbleGroup.maxWidth(in: width) - 4
        // The open group taken out while rows are added, so each goes in by one copy of its
        // line; a new one (under its sender's header when incoming) when none is open.
        var group: BubbleGroup
        if let open = bubble.take() {
            group = open
        } else {
            group = BubbleGroup(outgoing: outgoing)
            if !outgoing { group.rows.append(.init(left: pieces.header, right: nil, body: nil)) }
        }
        let body = group.bodies.count
        let lines = contentLines(message, pieces: pieces)
        let time = TerminalComposer.timeLabel(m, clock: composer.options.clock, deleted: message.deleted)
        let timeFits = !TerminalComposer.endsUnderPicture(lines) && (lines.last.map { $0.width + 2 + time.utf8.count <= inner } ?? false)
        group.rows.reserveCapacity(group.rows.count + lines.count + 1)
        for k in lines.indices {
            group.rows.append(BubbleGroup.Row(left: lines[k], right: timeFits && k == lines.count - 1 ? time : nil, body: body))
        }
        if !timeFits { group.rows.append(.init(left: TranscriptLine(), right: time, body: body)) }
        group.bodies.append(message.rendered.styled)
        bubble = group
    }

    /// Draws the current bubble, if any.
    func flushBubble() {
        guard let group = bubble else { return }
        bubble = nil
        queue(.bubble(group))
    }
}
