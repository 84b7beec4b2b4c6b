/// Writes a message body as an HTML fragment from its styled runs: used for the HTML
/// transcript only while the shared pipeline has no HTML emitter (`Renderer.makeEmitter()`
/// still answers with the plain-text one). Everything is escaped; links only with safe
/// schemes.
struct HTMLBodyEmitter: MessageEmitter {
    mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        let styled = message.styled
        var out = ""
        var openQuote: Int?
        for block in styled.blocks {
            if block.quote?.index != openQuote {
                if openQuote != nil { out += "</blockquote>" }
                openQuote = block.quote?.index
                if let quote = block.quote { out += quote.expandable ? "<blockquote class=\"expandable\">" : "<blockquote>" }
            }
            switch block.kind {
            case .pre(let language):
                let lang = language.map { " data-language=\"\(HTMLEscape.text($0))\"" } ?? ""
                out += "<pre\(lang)><code>" + HTMLEscape.text(styled.text.substring(block.range)) + "</code></pre>"
            case .paragraph:
                for run in block.runs { out += span(styled.text.substring(run.range), run.style) }
            }
        }
        if openQuote != nil { out += "</blockquote>" }
        sink.write(out)
    }

    private func span(_ text: String, _ style: Style) -> String {
        var body = HTMLEscape.text(text).replacingNewlines
        let names = style.attributes.names
        if style.attributes.contains(.code) { body = "<code>\(body)</code>" }
        if !names.isEmpty { body = "<span class=\"\(names.map { "e-" + $0 }.joined(separator: " "))\">\(body)</span>" }
        if let link = style.link, let href = HTMLEscape.href(link) {
            body = "<a href=\"\(href)\" rel=\"noopener noreferrer\">\(body)</a>"
        }
        return body
    }
}

extension String {
    /// `<br>` for each newline.
    fileprivate var replacingNewlines: String {
        contains("\n") ? split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "<br>") : self
    }
}
