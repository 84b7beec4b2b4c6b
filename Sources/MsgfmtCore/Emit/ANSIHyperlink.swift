/// OSC 8 hyperlinks: the escape sequences, and which fragments of a message belong to the
/// same link so a link wrapped over several lines keeps one `id`.
struct ANSIHyperlink {
    /// One link of the message: its source range and its safe URI (nil: shown as text).
    private struct Span {
        var range: Range<Int>
        var uri: String?
    }

    private let spans: [Span]
    /// Makes ids unique across the messages of one output.
    private let prefix: String

    /// Collects the links of `styled`: neighbouring runs with the same link are one span.
    init(_ styled: StyledText, messageNumber: Int) {
        var spans: [Span] = []
        var last: (range: Range<Int>, link: String)?
        for run in styled.runs {
            guard let link = run.style.link, !run.range.isEmpty else { continue }
            if let current = last, current.link == link, current.range.upperBound == run.range.lowerBound {
                last = (current.range.lowerBound..<run.range.upperBound, link)
                continue
            }
            if let current = last { spans.append(Span(range: current.range, uri: LinkPolicy.safeURI(current.link))) }
            last = (run.range, link)
        }
        if let current = last { spans.append(Span(range: current.range, uri: LinkPolicy.safeURI(current.link))) }
        self.spans = spans
        self.prefix = "msgfmt\(messageNumber)-"
    }

    /// The span holding the text at `offset`, when that span has a safe URI.
    func span(at offset: Int) -> Int? {
        var low = 0, high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low < spans.count, spans[low].range.contains(offset), spans[low].uri != nil else { return nil }
        return low
    }

    /// Appends the sequence that opens span `index` (from `span(at:)`).
    func open(_ index: Int, into out: inout String) {
        guard let uri = spans[index].uri else { return }
        out += "\u{1B}]8;id="
        out += prefix
        out += String(index)
        out += ";"
        out += uri
        out += "\u{1B}\\"
    }

    /// Appends the sequence that closes the open hyperlink.
    static func close(into out: inout String) {
        out += "\u{1B}]8;;\u{1B}\\"
    }
}
