/// Marks the words a `WordDiff` found in a message body, so the transcript shows them.
public enum DiffMarks {
    /// How marks are drawn.
    public enum Style: Sendable, Hashable {
        /// In the text, as `git diff --word-diff` writes them: `[-removed-]`, `{+inserted+}`
        /// (for output without escapes).
        case brackets
        /// As formatting: removed words struck through, inserted words underlined (the
        /// terminal and HTML outputs colour them as well).
        case entities
    }

    /// Which side of an edit a body is.
    public enum Side: Sendable, Hashable {
        case removed, inserted
    }

    /// `message` with `ranges` (UTF-16, on character boundaries, sorted, disjoint) marked.
    public static func mark(_ message: Message, ranges: [Range<Int>], side: Side, style: Style) -> Message {
        guard !ranges.isEmpty else { return message }
        switch style {
        case .entities:
            var marked = message
            let kind: EntityKind = side == .removed ? .strikethrough : .underline
            for r in ranges where !r.isEmpty {
                marked.entities.append(MessageEntity(kind: kind, offset: r.lowerBound, length: r.count))
            }
            return marked
        case .brackets:
            return bracketed(message, ranges: ranges, side: side)
        }
    }

    /// The opening and closing marks of a side.
    static func brackets(_ side: Side) -> (open: String, close: String) {
        side == .removed ? ("[-", "-]") : ("{+", "+}")
    }

    /// Inserts the bracket marks into the text and moves the entities with their text: an
    /// entity that starts where a mark is inserted starts after it, one that ends there
    /// ends before it, so marks are never formatted as the words they surround.
    private static func bracketed(_ message: Message, ranges: [Range<Int>], side: Side) -> Message {
        let (open, close) = brackets(side)
        let units = Array(message.text.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(units.count + ranges.count * 4)
        // Insertion points in the original text and how many units each adds.
        var inserts: [(at: Int, length: Int)] = []
        var position = 0
        for r in ranges {
            let lower = min(max(r.lowerBound, position), units.count)
            let upper = min(max(r.upperBound, lower), units.count)
            out += units[position..<lower]
            out += open.utf16
            out += units[lower..<upper]
            out += close.utf16
            inserts.append((lower, open.utf16.count))
            inserts.append((upper, close.utf16.count))
            position = upper
        }
        out += units[position...]
        // An offset moves by the marks inserted before it (`inclusive`: also at it);
        // insertion points ascend, so a binary search finds how many those are.
        var added = [0]
        for insert in inserts { added.append(added[added.count - 1] + insert.length) }
        func moved(_ offset: Int, inclusive: Bool) -> Int {
            var low = 0
            var high = inserts.count
            while low < high {
                let mid = (low + high) / 2
                if inserts[mid].at < offset || (inclusive && inserts[mid].at == offset) { low = mid + 1 } else { high = mid }
            }
            return offset + added[low]
        }
        var marked = message
        marked.text = String(decoding: out, as: UTF16.self)
        marked.entities = message.entities.map { e in
            var shifted = e
            let start = moved(e.offset, inclusive: true)
            let end = e.length > 0 ? moved(e.end, inclusive: false) : start
            shifted.offset = start
            shifted.length = max(0, end - start)
            return shifted
        }
        return marked
    }
}
