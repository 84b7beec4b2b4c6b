import MsgfmtCore
import OutputSafety

extension FuzzTarget {
    /// The terminal transcripts of an export (`export --to ansi|text`, list and bubbles),
    /// at a width taken from the input's length (12 to 64 cells). Checks that ANSI output
    /// holds no escape sequence but msgfmt's own SGR and OSC 8 ones and plain text none at
    /// all; that the ANSI transcript without its escapes is the text transcript, byte for
    /// byte; that no line is wider than the transcript (at least 20 cells, as
    /// `TerminalTranscriptWriter` draws it); and that two threads write what one writes.
    /// Then the JSON Lines transcript (`export --to json`) of the same input: every line of
    /// it must be JSON; and the Markdown one (`export --to markdown`): no escape, no control
    /// but line feeds and tabs, no C1 or bidi control, however the message text and its
    /// links are made.
    static func checkTranscript(_ bytes: [UInt8]) -> [String] {
        let width = 12 + bytes.count % 53
        var problems: [String] = []
        for style in [TranscriptStyle.list, .bubbles] {
            let ansi = transcript(bytes, style: style, format: .ansi, width: width, jobs: 1)
            let text = transcript(bytes, style: style, format: .text, width: width, jobs: 1)
            problems += TerminalOutputScan.violations(ansi).map { "\(style) ANSI output: \($0)" }
            problems += TerminalOutputScan.violations(text).map { "\(style) text output: \($0)" }
            if text.contains(0x1B) { problems.append("\(style) text output holds an escape") }
            if TerminalOutputScan.withoutOwnSequences(ansi) != text {
                problems.append("\(style) ANSI output without its escapes differs from the text output")
            }
            problems += overwideLines(text, width: max(TerminalTranscriptWriter.minimumWidth, width)).map { "\(style) text output: \($0)" }
            // Threads: for one style per input, chosen by its length.
            if (bytes.count & 1 == 0) == (style == .list), transcript(bytes, style: style, format: .ansi, width: width, jobs: 2) != ansi {
                problems.append("\(style) ANSI output on two threads differs from one thread's")
            }
        }
        let json = transcript(bytes, style: .list, format: .json, width: width, jobs: 1)
        for (number, line) in json.split(separator: 0x0A).enumerated() where (try? JSONParser.parse(line)) == nil {
            problems.append("JSON Lines output: line \(number + 1) is not JSON")
            break
        }
        let markdown = transcript(bytes, style: .list, format: .markdown, width: width, jobs: 1)
        problems += TerminalOutputScan.violations(markdown).map { "Markdown output: \($0)" }
        if markdown.contains(0x1B) { problems.append("Markdown output holds an escape") }
        return problems
    }

    /// What `export --to FORMAT --style STYLE --width WIDTH --jobs JOBS` writes for `bytes`
    /// (colors and hyperlinks on for ANSI; ansi, text, json or markdown); whatever was
    /// written when the input is refused.
    static func transcript(_ bytes: [UInt8], style: TranscriptStyle, format: ExportFormat, width: Int, jobs: Int) -> [UInt8] {
        var options = ExportOptions()
        options.format = format
        options.style = style
        options.jobs = jobs
        options.width = width
        options.render.to = format == .ansi ? .ansi : format == .json ? .json : .text
        options.render.skipsLayout = format == .markdown
        options.render.style.color = format == .ansi
        options.render.style.hyperlinks = format == .ansi
        // Bodies as the CLI lays them out: beside the list's time column or in a bubble in
        // the terminal, at the whole width in JSON Lines.
        options.render.layout.width = format == .json ? width : TerminalTranscriptWriter.bodyWidth(style: style, width: width)
        return CapturedOutput.capture { sink in
            let writer: any TranscriptWriter =
                switch format {
                case .json: JSONLinesTranscriptWriter(options: options, sink: sink)
                case .markdown: MarkdownTranscriptWriter(options: options, sink: sink)
                default: TerminalTranscriptWriter(options: options, sink: sink)
                }
            _ = try? ExportConverter(options: options, writer: writer, report: { _ in })
                .run(ExportByteSource(bytes: bytes, name: "fuzz"))
        }
    }

    /// The lines of `output` wider than `width` cells, as msgfmt measures them.
    static func overwideLines(_ output: [UInt8], width: Int) -> [String] {
        var problems: [String] = []
        let measurer = CellMeasurer()
        for (number, line) in output.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            let cells = measurer.width(of: text)
            if cells > width { problems.append("line \(number + 1) is \(cells) cells wide, over \(width): \(text.debugDescription)") }
            if problems.count >= 5 { break }
        }
        return problems
    }
}
