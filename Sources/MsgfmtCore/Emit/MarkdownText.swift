/// Writes styled message text as CommonMark.
enum MarkdownText {
    /// Text with CommonMark's punctuation escaped and control characters made visible.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in DisplaySafety.sanitize(s) {
            switch ch {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "!", "&":
                out.append("\\")
                out.append(ch)
            default:
                out.append(ch)
            }
        }
        return out
    }

    /// `s` made display-safe except for its newlines and tabs.
    static func sanitizeKeepingLines(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            out.append(scalar == "\n" || scalar == "\t" ? scalar : (DisplaySafety.placeholder(for: scalar) ?? scalar))
        }
        return String(out)
    }

    /// Only these link schemes become Markdown links.
    static func safeLink(_ url: String) -> String? {
        let lower = url.lowercased()
        guard ["http://", "https://", "tg://", "mailto:", "tel:"].contains(where: { lower.hasPrefix($0) }) else { return nil }
        var out = ""
        for ch in url {
            switch ch {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "<", ">", "\n", "\r": continue
            default: out.append(ch)
            }
        }
        return out
    }

    /// The body: paragraphs with inline styles, fenced code blocks, `>` quotes.
    static func body(_ styled: StyledText) -> String {
        var blocks: [String] = []
        for block in styled.blocks {
            let raw = styled.text.substring(block.range)
            switch block.kind {
            case .pre(let language):
                let content = sanitizeKeepingLines(raw.hasSuffix("\n") ? String(raw.dropLast()) : raw)
                let fence = content.firstRange(of: "```") != nil ? "~~~~" : "```"
                blocks.append("\(fence)\(language ?? "")\n\(content)\n\(fence)")
            case .paragraph:
                var text = ""
                for run in block.runs { text += inline(styled.text.substring(run.range), run.style) }
                while text.hasSuffix("\n") { text.removeLast() }
                guard !text.isEmpty else { continue }
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let joined = lines.joined(separator: "\\\n")
                blocks.append(block.quote != nil ? lines.map { "> " + $0 }.joined(separator: "\n") : joined)
            }
        }
        return blocks.joined(separator: "\n\n")
    }

    /// One run: escaped text wrapped in markers per line, whitespace kept outside them.
    private static func inline(_ text: String, _ style: Style) -> String {
        let a = style.attributes
        var open = ""
        var close = ""
        if a.contains(.code) { open = "`"; close = "`" }
        if a.contains(.bold) { open += "**"; close = "**" + close }
        if a.contains(.italic) { open += "*"; close = "*" + close }
        if a.contains(.strikethrough) { open += "~~"; close = "~~" + close }
        let link = style.link.flatMap(safeLink)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let s = String(line)
            let core = s.trimmingWhitespace
            guard !core.isEmpty else { return s }
            let lead = s.prefix { $0 == " " || $0 == "\t" }
            let trail = String(s.reversed().prefix { $0 == " " || $0 == "\t" })
            var body = a.contains(.code) ? DisplaySafety.sanitize(core).replacingBackticks : escape(core)
            body = open + body + close
            if let link { body = "[\(body)](\(link))" }
            return lead + body + trail
        }.joined(separator: "\n")
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingWhitespace: String {
        let chars = Array(self)
        var lo = 0
        var hi = chars.count
        while lo < hi, chars[lo] == " " || chars[lo] == "\t" { lo += 1 }
        while hi > lo, chars[hi - 1] == " " || chars[hi - 1] == "\t" { hi -= 1 }
        return String(chars[lo..<hi])
    }

    /// Backticks replaced by a look-alike so inline code cannot be closed early.
    fileprivate var replacingBackticks: String {
        String(map { $0 == "`" ? "ˋ" : $0 })
    }
}
