extension DiffOptions {
    /// The export options the transcript writers draw messages with in this diff's format:
    /// the list presentation one gutter narrower for text and ansi, the full width for
    /// json, message bodies laid out at the width the transcript gives them.
    /// The width is clamped as export clamps it (`ExportOptions.transcriptWidth`).
    func transcriptOptions(owner: String?) -> ExportOptions {
        let width = ExportOptions.transcriptWidth(self.width)
        var o = ExportOptions()
        o.style = .list
        o.clock = clock
        o.me = owner
        o.jobs = 1
        o.search = false
        var render = RenderOptions()
        render.style = style
        render.style.standalone = false
        var constraints = layout
        switch format {
        case .text, .ansi:
            o.format = format == .ansi ? .ansi : .text
            o.width = max(1, width - TerminalDiffWriter.gutter)
            render.to = format == .ansi ? .ansi : .text
            constraints.width = max(1, TerminalTranscriptWriter.bodyWidth(style: .list, width: o.width))
        case .json:
            o.format = .json
            o.width = width
            render.to = .json
            constraints.width = max(1, width)
        case .html:
            o.format = .html
            o.style = .list
            o.width = width
            render.to = .html
            constraints.width = max(1, width)
        }
        render.layout = constraints
        o.render = render
        return o
    }
}
