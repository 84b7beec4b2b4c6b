extension MarkdownInline {
    /// Writes one line of a paragraph (see `MarkdownInline`): first the pieces whose
    /// markers would not flank their text are mended (`mend`), then the line is written
    /// with the same walk (`step`), so what was checked is what is written.
    struct LineWriter {
        let units: UnsafeBufferPointer<UInt16>
        /// The line's pieces, in order; they tile the line.
        var pieces: [Piece]
        /// The paragraph's link targets, as `MarkdownText.safeLink` spells them.
        let links: [String]

        /// What is open after a piece of text: a link, emphasis in the order it opened,
        /// and a code span (always innermost).
        struct State {
            var link = -1
            var stack = MarkList()
            var code = false
        }

        /// The markers written before a piece of text: what closes (the code span, then
        /// emphasis from the innermost, then the link), then what opens (the link, emphasis
        /// from the outermost, the code span).
        struct Change {
            /// The link that closes (-1: none).
            var closedLink = -1
            var closesCode = false
            var closers = MarkList()
            var opensLink = false
            var openers = MarkList()
            var opensCode = false
            /// The emphasis kept open through the change.
            var kept: Marks = []
        }

        /// What the walk over a line writes, in order.
        enum Token {
            /// White space, written as it is.
            case blanks(Range<Int>)
            /// The text of piece `piece` (its core), and the emphasis kept open through the
            /// change before it.
            case text(piece: Int, kept: Marks)
            /// An emphasis marker that opens or closes.
            case marker(Marks, opens: Bool)
            /// A code span's backtick.
            case backtick
            /// A link's `[`.
            case linkOpen
            /// A link's `](uri)`.
            case linkClose(Int)
        }

        /// Mends the pieces, then appends the line to `out`.
        mutating func write(into out: inout [UInt8]) {
            mend()
            let lineEnd = pieces.last?.range.upperBound ?? 0
            // The unit a backslash goes before so that the line does not begin a list, a
            // heading underline or a thematic break (-1: none, -2: not known yet): found
            // when the line's first text is written, since the pieces may cut `1.` in two.
            var escape = -2
            walk { token in
                switch token {
                case .blanks(let range): appendBlanks(range, into: &out)
                case .marker(let marks, _): out.append(literal: marks.marker)
                case .backtick: out.append(0x60)
                case .linkOpen: out.append(0x5B)  // [
                case .linkClose(let link):
                    out.append(literal: "](")
                    out.append(utf8: links[link])
                    out.append(0x29)  // )
                case .text(let k, _):
                    guard let core = core(k) else { return }
                    if escape == -2 {
                        // The line's first text: does the output line begin with it?
                        escape = MarkdownText.isAtLineStart(out) ? lineStartEscape(at: core.lowerBound, end: lineEnd) : -1
                    }
                    let text = UnsafeBufferPointer(rebasing: units[core])
                    if pieces[k].marks.contains(.code) {
                        MarkdownText.appendScalars(text, .code, into: &out)
                    } else {
                        MarkdownText.appendScalars(text, .line, marker: core.contains(escape) ? escape &- core.lowerBound : -1, into: &out)
                    }
                }
            }
        }

        /// The line as tokens: before each piece of text what its change closes (the code
        /// span, emphasis from the innermost, the link), the white space before it, then
        /// what opens (the link, emphasis from the outermost, the code span); at the end
        /// what is still open, then the white space after the last text.
        func walk(_ emit: (Token) -> Void) {
            var state = State()
            var written = pieces.first?.range.lowerBound ?? 0
            func close(_ change: Change) {
                if change.closesCode { emit(.backtick) }
                for marks in change.closers { emit(.marker(marks, opens: false)) }
                if change.closedLink >= 0 { emit(.linkClose(change.closedLink)) }
            }
            // What the white space since the last text has in common: a style or link it
            // lacks closes before it, even when the next text has it again.
            var through = Marks(rawValue: 0xFF)
            var sameLink = true
            for k in pieces.indices {
                guard let core = core(k) else {
                    through.formIntersection(pieces[k].marks)
                    sameLink = sameLink && pieces[k].link == state.link
                    continue
                }
                let change = step(&state, to: k, through: through, sameLink: sameLink)
                through = Marks(rawValue: 0xFF)
                sameLink = true
                close(change)
                if written < core.lowerBound { emit(.blanks(written..<core.lowerBound)) }
                if change.opensLink { emit(.linkOpen) }
                for marks in change.openers { emit(.marker(marks, opens: true)) }
                if change.opensCode { emit(.backtick) }
                emit(.text(piece: k, kept: change.kept))
                written = core.upperBound
            }
            var end = Change()
            end.closesCode = state.code
            end.closers = state.stack.reversed
            end.closedLink = state.link
            close(end)
            let lineEnd = pieces.last?.range.upperBound ?? written
            if written < lineEnd { emit(.blanks(written..<lineEnd)) }
        }

        /// The piece's text without the white space at its ends; nil when it is all white
        /// space.
        func core(_ k: Int) -> Range<Int>? {
            var start = pieces[k].range.lowerBound
            var end = pieces[k].range.upperBound
            while start < end, MarkdownInline.isBlank(units[start]) { start &+= 1 }
            while end > start, MarkdownInline.isBlank(units[end &- 1]) { end &-= 1 }
            return start < end ? start..<end : nil
        }

        /// The change from `state` to piece `k` (which has text), past white space whose
        /// pieces have `through` in common and `state`'s link when `sameLink`, and `state`
        /// after it.
        func step(_ state: inout State, to k: Int, through: Marks, sameLink: Bool) -> Change {
            let piece = pieces[k]
            let continuing = piece.marks.intersection(through)
            var change = Change()
            var keep = 0
            let linkChanges = piece.link != state.link || !sameLink
            if !linkChanges {
                while keep < state.stack.count, continuing.contains(state.stack[keep]) { keep &+= 1 }
            } else {
                change.closedLink = state.link
                change.opensLink = piece.link >= 0
            }
            change.closers = state.stack.dropFirst(keep).reversed
            change.kept = state.stack.prefix(keep).union
            change.openers = openers(of: k, keeping: change.kept)
            change.closesCode =
                state.code
                && (linkChanges || !continuing.contains(.code) || !change.closers.isEmpty || !change.openers.isEmpty)
            change.opensCode = piece.marks.contains(.code) && (!state.code || change.closesCode)
            state.link = piece.link
            state.stack = state.stack.prefix(keep) + change.openers
            state.code = piece.marks.contains(.code)
            return change
        }

        /// The emphasis piece `k` opens beyond `kept`, the longest-lasting outermost (so
        /// fewer close and open again), ties in `Marks.emphasis` order.
        private func openers(of k: Int, keeping kept: Marks) -> MarkList {
            let opening = pieces[k].marks.subtracting(kept)
            var new = MarkList()
            guard !opening.subtracting(.code).isEmpty else { return new }
            if opening.contains(.bold) { new.append(.bold) }
            if opening.contains(.italic) { new.append(.italic) }
            if opening.contains(.strikethrough) { new.append(.strikethrough) }
            guard new.count > 1 else { return new }
            func reach(_ marks: Marks) -> Int {
                var j = k &+ 1
                while j < pieces.count, pieces[j].link == pieces[k].link, pieces[j].marks.contains(marks) {
                    j &+= 1
                }
                return j
            }
            // At most three: an insertion sort, by reach, stable.
            var order: [(marks: Marks, reach: Int)] = []
            order.reserveCapacity(3)
            for marks in new {
                let r = reach(marks)
                var at = order.count
                while at > 0, order[at &- 1].reach < r { at &-= 1 }
                order.insert((marks, r), at: at)
            }
            var sorted = MarkList()
            for item in order { sorted.append(item.marks) }
            return sorted
        }

        /// The unit of a `-`, `+` or `=` at `start`, or of the `.` or `)` after digits there,
        /// when the line's text begins at `start` before `end`; -1 otherwise.
        private func lineStartEscape(at start: Int, end: Int) -> Int {
            let first = units[start]
            if first == 0x2D || first == 0x2B || first == 0x3D { return start }
            var k = start
            while k < end, units[k] &- 0x30 < 10 { k &+= 1 }
            return k > start && k < end && (units[k] == 0x2E || units[k] == 0x29) ? k : -1
        }

        /// Appends white space as it is.
        private func appendBlanks(_ range: Range<Int>, into out: inout [UInt8]) {
            for k in range {
                let unit = units[k]
                if unit < 0x80 { out.append(UInt8(truncatingIfNeeded: unit)) } else { out.append(scalar: UInt32(unit)) }
            }
        }
    }
}
