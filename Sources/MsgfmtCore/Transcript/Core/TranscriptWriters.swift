/// Picks the transcript writer for an export's format.
public enum TranscriptWriters {
    /// The writer for `options.format` into `output`.
    public static func make(options: ExportOptions, output: AtomicOutput) -> any TranscriptWriter {
        let sink = output.sink ?? OutputSink()
        switch options.format {
        case .html:
            return HTMLSiteWriter(options: options, directory: output.temporaryPath ?? ".")
        case .ansi, .text:
            return TerminalTranscriptWriter(options: options, sink: sink)
        case .json:
            return JSONLinesTranscriptWriter(options: options, sink: sink)
        case .markdown:
            return MarkdownTranscriptWriter(options: options, sink: sink)
        }
    }
}
