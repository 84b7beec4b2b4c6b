/// `--to html`: a semantic HTML fragment per message, reflowable (the browser wraps it);
/// with `standalone`, a self-contained page around them (`HTMLPage`).
///
/// Built from the styled text, not the layout, except under a line limit: then only the
/// text the layout kept is shown, followed by the ellipsis. A media placeholder comes
/// before the text as `<div class="msgfmt-media">`.
public struct HTMLEmitter: ParallelEmitter, BufferedEmitter {
    private let options: StyleOptions
    private let layout: LayoutConstraints
    /// The HTML of the message being written, reused from message to message.
    var buffer: [UInt8] = []
    /// The link elements made so far, shared by the messages of the run.
    private let links = HTMLLinkTags()

    /// Creates the emitter; `layout` supplies the line limit, ellipsis and quote expansion.
    public init(options: StyleOptions, layout: LayoutConstraints = LayoutConstraints()) {
        self.options = options
        self.layout = layout
    }

    public mutating func begin(into sink: OutputSink) {
        if options.standalone { sink.write(HTMLPage.head(theme: options.theme, extraCSS: HTMLPage.tabSizeCSS(layout.tabWidth))) }
    }

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        emitThroughBuffer(message, into: sink)
    }

    /// A copy for a worker thread, with link elements of its own.
    public func makeWorkerCopy() -> HTMLEmitter? {
        HTMLEmitter(options: options, layout: layout)
    }

    /// Appends the message's `<div class="msgfmt-message">`.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        HTMLEmitter.appendFragment(for: message, options: options, layout: layout, links: links, into: &out)
    }

    public mutating func end(into sink: OutputSink) {
        if options.standalone { sink.write(HTMLPage.foot) }
    }

    /// The `<div class="msgfmt-message">` of one message, newline-terminated.
    public static func fragment(
        for message: RenderedMessage, options: StyleOptions, layout: LayoutConstraints = LayoutConstraints()
    ) -> String {
        var out: [UInt8] = []
        appendFragment(for: message, options: options, layout: layout, into: &out)
        return out.withUnsafeBufferPointer(ValidUTF8.string)  // escaped units and markup: valid
    }

    /// Appends the UTF-8 of `fragment(for:options:layout:)` to `out`, with link elements
    /// from a table borrowed for the call (`HTMLLinkTags.borrowing`): for callers on any
    /// thread that keep no table of their own, such as the HTML site's workers.
    static func appendFragment(
        for message: RenderedMessage, options: StyleOptions, layout: LayoutConstraints, into out: inout [UInt8]
    ) {
        HTMLLinkTags.borrowing { links in appendFragment(for: message, options: options, layout: layout, links: links, into: &out) }
    }

    /// Appends the UTF-8 of `fragment(for:options:layout:)` to `out`, with the link
    /// elements of `links`.
    static func appendFragment(
        for message: RenderedMessage, options: StyleOptions, layout: LayoutConstraints, links: HTMLLinkTags,
        into out: inout [UInt8]
    ) {
        var truncation: HTMLTruncation?
        if layout.maxLines > 0, let laidOut = message.layout, laidOut.truncated {
            truncation = HTMLTruncation(layout: laidOut, textLength: message.styled.text.count)
        }
        out.append(utf8: "<div class=\"msgfmt-message\"")
        if let id = message.styled.messageID ?? message.message.id {
            out.append(literal: " data-message-id=\"")
            out.appendDecimal(id)
            out.append(literal: "\"")
        }
        out.append(utf8: ">\n")
        if let media = message.message.media { appendMedia(media, into: &out) }
        var writer = HTMLFragmentWriter(
            styled: message.styled, spoilersHidden: options.spoilers == .hide,
            expandQuotes: layout.expandQuotes, truncation: truncation, ellipsis: layout.ellipsis, links: links)
        // The buffer is lent to the writer and taken back, never shared: no copy of it.
        swap(&out, &writer.out)
        writer.write()
        swap(&out, &writer.out)
        out.append(utf8: "</div>\n")
    }

    /// The placeholder of a message's media, on its own line: `<div class="msgfmt-media"
    /// data-kind="photo" dir="auto"><i>[Photo 90×90 · 1000 B]</i></div>`, with each detail
    /// (poll option, checklist task) after a `<br>`. Brackets and italics mark it as a
    /// placeholder even on a page without style.
    static func appendMedia(_ media: MediaPlaceholder, into out: inout [UInt8]) {
        out.append(utf8: "<div class=\"msgfmt-media\" data-kind=\"")
        HTMLEscaping.append(media.kind, newlines: .space, into: &out)
        out.append(utf8: "\" dir=\"auto\"><i>[")
        HTMLEscaping.append(media.summary, newlines: .space, into: &out)
        out.append(utf8: "]</i>")
        for detail in media.details {
            out.append(utf8: "<br><i>")
            HTMLEscaping.append(detail, newlines: .space, into: &out)
            out.append(utf8: "</i>")
        }
        out.append(utf8: "</div>\n")
    }
}
