/// OSC 8 hyperlinks: the escape sequences, and which fragments of a message belong to the
/// same link so a link wrapped over several lines keeps one `id`.
struct ANSIHyperlink {
    /// One link of the message: its source range, its link and how its safe URI is
    /// written (`LinkPolicy.safeURIPlan`; nil: shown as text). The URI itself is written
    /// straight into the output where the link opens.
    private struct Span {
        var range: Range<Int>
        var link: String
        var plan: (prefixed: Bool, length: Int)?

        init(range: Range<Int>, link: String) {
            self.range = range
            var link = link
            plan = link.withUTF8 { LinkPolicy.safeURIPlan(bytes: $0) }
            self.link = link
        }
    }

    private let spans: [Span]
    /// Makes ids unique across the messages of one output (`msgfmt<N>-`).
    private let messageNumber: Int

    /// Collects the links of `styled`: neighbouring runs with the same link are one span.
    init(_ styled: StyledText, messageNumber: Int) {
        var spans: [Span] = []
        var last: (range: Range<Int>, link: String)?
        for block in styled.blocks {
            for run in block.runs {
                guard let link = run.style.link, !run.range.isEmpty else { continue }
                if let current = last, current.link == link, current.range.upperBound == run.range.lowerBound {
                    last = (current.range.lowerBound..<run.range.upperBound, link)
                    continue
                }
                if let current = last {
                    // Room for a message's usual few links at once, not grown one by one.
                    if spans.isEmpty { spans.reserveCapacity(4) }
                    spans.append(Span(range: current.range, link: current.link))
                }
                last = (run.range, link)
            }
        }
        if let current = last { spans.append(Span(range: current.range, link: current.link)) }
        self.spans = spans
        self.messageNumber = messageNumber
    }

    /// The span holding the text at `offset`, when that span has a safe URI.
    func span(at offset: Int) -> Int? {
        var low = 0
        var high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low < spans.count, spans[low].range.contains(offset), spans[low].plan != nil else { return nil }
        return low
    }

    /// Appends the sequence that opens span `index` (from `span(at:)`).
    func open(_ index: Int, into out: inout [UInt8]) {
        guard let plan = spans[index].plan else { return }
        out.append(literal: "\u{1B}]8;id=msgfmt")
        out.appendDecimal(Int64(messageNumber))
        out.append(0x2D)  // -
        out.appendDecimal(Int64(index))
        out.append(0x3B)  // ;
        var link = spans[index].link
        link.withUTF8 { bytes in
            out.appendBytes(upTo: plan.length) { LinkPolicy.writeSafeURI(bytes: bytes, prefixed: plan.prefixed, into: $0) }
        }
        out.append(0x1B)
        out.append(0x5C)  // \
    }

    /// Appends the sequence that closes the open hyperlink.
    static func close(into out: inout [UInt8]) {
        out.append(literal: "\u{1B}]8;;\u{1B}\\")
    }
}
