/// Writes the HTML of one message's styled text: blocks as `<p>`, `<pre><code>`,
/// `<blockquote>` (expandable ones in `<details>`), runs wrapped in inline elements that
/// neighbouring runs share, every piece of text escaped.
struct HTMLFragmentWriter {
    private let styled: StyledText
    private let spoilersHidden: Bool
    private let expandQuotes: Bool
    private let truncation: HTMLTruncation?
    private let ellipsis: String
    /// The link elements made so far.
    private let links: HTMLLinkTags
    /// Gaps whose ellipsis is not written yet.
    private var pendingGaps: [Range<Int>]
    /// The HTML written so far, as UTF-8.
    var out: [UInt8] = []

    /// Prepares to write `styled`; with `truncation`, only its kept text and an ellipsis
    /// for each gap.
    init(
        styled: StyledText, spoilersHidden: Bool, expandQuotes: Bool, truncation: HTMLTruncation?, ellipsis: String,
        links: HTMLLinkTags = HTMLLinkTags()
    ) {
        self.links = links
        self.styled = styled
        self.spoilersHidden = spoilersHidden
        self.expandQuotes = expandQuotes
        self.truncation = truncation
        self.ellipsis = ellipsis
        self.pendingGaps = truncation?.gaps ?? []
    }

    /// Writes every block.
    mutating func write() {
        let blocks = styled.blocks
        var i = 0
        while i < blocks.count {
            guard let quote = blocks[i].quote else {
                writeBlock(at: i)
                i += 1
                continue
            }
            var j = i
            while j < blocks.count, blocks[j].quote?.index == quote.index { j += 1 }
            let range = blocks[i].range.lowerBound..<blocks[j - 1].range.upperBound
            if truncation?.pieces(of: range).isEmpty ?? false {
                i = j
                continue
            }
            let collapsible = quote.expandable && truncation == nil
            if collapsible {
                out.append(utf8: expandQuotes ? "<details class=\"msgfmt-expandable\" open>" : "<details class=\"msgfmt-expandable\">")
                out.append(utf8: "<summary><span class=\"msgfmt-preview\">")
                appendPreview(of: range)
                out.append(utf8: "</span></summary>")
            }
            out.append(utf8: "<blockquote>")
            for k in i..<j { writeBlock(at: k) }
            out.append(utf8: "</blockquote>")
            if collapsible { out.append(utf8: "</details>") }
            out.append(utf8: "\n")
            i = j
        }
        if !pendingGaps.isEmpty {
            out.append(utf8: "<p>")
            appendEllipsis()
            out.append(utf8: "</p>\n")
            pendingGaps.removeAll()
        }
    }

    /// Writes one block, leaving out the newline that separates it from its neighbours
    /// (block elements break lines by themselves).
    private mutating func writeBlock(at index: Int) {
        let block = styled.blocks[index]
        var range = clamped(block.range)
        let inPre: Bool
        var language: String?
        switch block.kind {
        case .pre(let lang):
            inPre = true
            language = lang
        case .paragraph:
            inPre = false
            let units = styled.text.units
            if index > 0, !range.isEmpty, units[range.lowerBound] == 0x0A { range = (range.lowerBound + 1)..<range.upperBound }
            if index < styled.blocks.count - 1, !range.isEmpty, units[range.upperBound - 1] == 0x0A {
                range = range.lowerBound..<(range.upperBound - 1)
            }
        }
        // Without a line limit the block is one piece: no array is made for it.
        let cut = truncation?.pieces(of: range)
        let pieceCount = cut?.count ?? (range.isEmpty ? 0 : 1)
        if pieceCount == 0 { return }
        if inPre {
            appendPreOpening(language: language ?? "")
        } else {
            // Each paragraph takes its direction from its first strong character, as
            // layout does, so right-to-left messages read right to left in browsers.
            out.append(utf8: "<p dir=\"auto\">")
        }
        var open = HTMLInlineTagSet()
        let units = styled.text.units
        for k in 0..<pieceCount {
            let piece = cut?[k] ?? range
            if pendingGaps.first.map({ $0.upperBound <= piece.lowerBound }) ?? false {
                open.move(to: HTMLInlineTagSet(), spoilersHidden: spoilersHidden, into: &out)
                while let gap = pendingGaps.first, gap.upperBound <= piece.lowerBound {
                    appendEllipsis()
                    pendingGaps.removeFirst()
                }
            }
            // Runs are read in place: a copy of each would retain its style's payload.
            block.runs.withUnsafeBufferPointer { runs in
                units.withUnsafeBufferPointer { buffer in
                    for j in runs.indices where runs[j].range.overlaps(piece) && !runs[j].range.isEmpty {
                        let range = runs[j].range
                        let r = max(range.lowerBound, piece.lowerBound)..<min(range.upperBound, piece.upperBound)
                        // Made in the call: handed over, not copied.
                        open.move(
                            to: HTMLInlineTagSet(runs[j].style, inPre: inPre, links: links), spoilersHidden: spoilersHidden,
                            into: &out)
                        HTMLEscaping.append(units: buffer, range: r, newlines: inPre ? .keep : .lineBreak, into: &out)
                    }
                }
            }
        }
        open.move(to: HTMLInlineTagSet(), spoilersHidden: spoilersHidden, into: &out)
        while let gap = pendingGaps.first, gap.lowerBound >= block.range.lowerBound, gap.lowerBound <= block.range.upperBound {
            appendEllipsis()
            pendingGaps.removeFirst()
        }
        out.append(utf8: inPre ? "</code></pre>" : "</p>")
        if styled.blocks[index].quote == nil { out.append(0x0A) }
    }

    /// `range` cut to the text, so a malformed block cannot index past it.
    private func clamped(_ range: Range<Int>) -> Range<Int> {
        let count = styled.text.count
        let lower = max(0, min(range.lowerBound, count))
        return lower..<max(lower, min(range.upperBound, count))
    }

    private mutating func appendEllipsis() {
        out.append(utf8: "<span class=\"msgfmt-ellipsis\">")
        HTMLEscaping.append(ellipsis, newlines: .space, into: &out)
        out.append(utf8: "</span>")
    }

    /// The first lines of a collapsed quote (`BlockQuote.collapsedLines`, as the terminal and
    /// the pictures show it; each at most 80 UTF-16 units), plain and escaped, one under
    /// another.
    private mutating func appendPreview(of whole: Range<Int>) {
        let units = styled.text.units
        let range = clamped(whole)
        var lineStart = range.lowerBound
        for n in 0..<BlockQuote.collapsedLines where lineStart < range.upperBound {
            var end = lineStart
            while end < range.upperBound, units[end] != 0x0A, end - lineStart < 80 { end += 1 }
            if end < range.upperBound, end > lineStart, UTF16.isLeadSurrogate(units[end - 1]) { end -= 1 }
            if n > 0 { out.append(utf8: "<br>") }
            units.withUnsafeBufferPointer { HTMLEscaping.append(units: $0, range: lineStart..<end, newlines: .space, into: &out) }
            // On past the rest of the line, which a long line leaves.
            while end < range.upperBound, units[end] != 0x0A { end += 1 }
            lineStart = end + 1
        }
        // The ellipsis says there is more: not after a quote shown whole.
        if lineStart < range.upperBound { out.append(utf8: "…") }
    }

    /// `<pre><code>`, with a `language-` class of the language's first 64 letters, digits,
    /// `_`, `+` and `-` (the other characters left out) when it has any.
    private mutating func appendPreOpening(language: String) {
        let start = out.count
        out.append(literal: "<pre><code class=\"language-")
        let classStart = out.count
        for byte in language.utf8 where out.count - classStart < 64 && Self.isLanguageByte(byte) { out.append(byte) }
        if out.count == classStart {
            out.removeLast(out.count - start)
            out.append(literal: "<pre><code>")
        } else {
            out.append(literal: "\">")
        }
    }

    /// Letters, digits, `_`, `+` and `-`: what a `language-` class may contain.
    private static func isLanguageByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
