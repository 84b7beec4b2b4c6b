/// Picks the transcript writer for an export's format.
public enum TranscriptWriters {
    /// The writer for `options.format` into `output`; `width` is the terminal width for
    /// the ANSI and text transcripts.
    public static func make(options: ExportOptions, width: Int, output: AtomicOutput) -> any TranscriptWriter {
        let sink = output.sink ?? OutputSink()
        switch options.format {
        case .html:
            return HTMLSiteWriter(options: options, directory: output.temporaryPath ?? ".")
        case .ansi, .text:
            return TerminalTranscriptWriter(options: options, width: width, sink: sink)
        case .json:
            return JSONLinesTranscriptWriter(options: options, sink: sink)
        case .markdown:
            return MarkdownTranscriptWriter(options: options, sink: sink)
        }
    }
}
