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
        case .svg, .png:
            let directory = options.render.picture.stack ? nil : output.temporaryPath
            return PictureTranscriptWriter(options: options, directory: directory, sink: sink)
        }
    }

    /// A writer of `options.format` (a stream format) into the files `pattern` names, none
    /// of which may be one of `inputs`.
    public static func make(options: ExportOptions, pattern: OutputPattern, inputs: [String] = []) -> any TranscriptWriter
        & FileSplittingWriter
    {
        switch options.format {
        case .ansi, .text, .html, .svg, .png:
            return PatternTranscriptWriter(pattern: pattern, options: options, inputs: inputs) {
                TerminalTranscriptWriter(options: options, sink: $0)
            }
        case .json:
            return PatternTranscriptWriter(pattern: pattern, options: options, inputs: inputs) {
                JSONLinesTranscriptWriter(options: options, sink: $0)
            }
        case .markdown:
            return PatternTranscriptWriter(pattern: pattern, options: options, inputs: inputs) {
                MarkdownTranscriptWriter(options: options, sink: $0)
            }
        }
    }
}
