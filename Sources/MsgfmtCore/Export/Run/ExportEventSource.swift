/// Where an export run's events come from: the scanner streaming one export, or a merge of
/// several (`MergedExportSource`). Events come in the order a single export has them:
/// personal information first, then each chat's start, messages and end.
public protocol ExportEventSource {
    /// The next event, nil at the end; throws when the input as a whole cannot be read.
    mutating func next() throws(ExportReadError) -> ExportEvent?
    /// Bytes read so far, for progress.
    var bytesRead: Int { get }
    /// The writer's answer to the `keepCheck` event just given.
    mutating func answer(_ answer: SiteKeepCheck.Answer)
}

extension ExportEventSource {
    /// Only `SitePageReuse` asks.
    public mutating func answer(_ answer: SiteKeepCheck.Answer) {}
}

extension ExportScanner: ExportEventSource {}
