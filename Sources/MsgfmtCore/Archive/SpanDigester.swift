/// Digests the spans of a site's pages straight from the export file (`--update` of an
/// HTML site): many byte ranges at once, spread over `threads` threads, each with its own
/// digester and buffer, so checking a long chat's pages costs the hashing of its bytes on
/// every core and nothing more.
public enum SpanDigester {
    /// `records` (a site's, as its writer made them) with the digests of `spans` made from
    /// `file`, the export the site was made from; none when the spans are not complete, one
    /// could not be read, or the file changed since it was opened (the next update then
    /// writes the site in full).
    public static func records(_ records: [SiteChatRecord], spans: SiteSpans, file: ExportMessageFile, threads: Int) -> [SiteChatRecord] {
        guard spans.complete else { return [] }
        let digests = digests(of: spans.ranges, in: file, threads: threads)
        guard !file.changedSinceOpened else { return [] }
        return spans.apply(digests, to: records)
    }

    /// The digest of each of `ranges` of `file`, in order; nil for a range whose bytes are
    /// not all in the file.
    static func digests(of ranges: [Range<Int>], in file: ExportMessageFile, threads: Int) -> [ContentHash?] {
        [ContentHash?].madeOnLanes(count: ranges.count, lanes: threads, start: (MessageDigester(), [UInt8]())) { lane, i in
            file.digest(of: ranges[i], with: lane.0, buffer: &lane.1)
        }
    }
}
