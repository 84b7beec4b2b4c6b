import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// The spans of a site's pages digested straight from the export file (`SpanDigester`):
/// on any number of threads, each range's digest is the digest of its bytes; a range past
/// the end has none; records get their digests in order, and none at all when the spans
/// are incomplete or the file changed since it was opened.
@Suite struct SpanDigesterTests {
    /// A file of `count` pseudo-random bytes, and its bytes.
    static func file(_ count: Int, seed: UInt64) throws -> (URL, [UInt8]) {
        var rng = SeededGenerator(seed: seed)
        let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.below(256)) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-spans-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return (url, bytes)
    }

    @Test(arguments: [1, 2, 3])
    func digestsAreThoseOfTheBytes(threads: Int) throws {
        let (url, bytes) = try Self.file(300_000, seed: 7)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ExportMessageFile(path: url.path)
        var rng = SeededGenerator(seed: 11)
        var ranges: [Range<Int>] = [0..<0, 0..<bytes.count, 65_536..<131_073]
        for _ in 0..<40 {
            let lower = rng.below(bytes.count)
            ranges.append(lower..<(lower + rng.below(bytes.count - lower + 1)))
        }
        let digests = SpanDigester.digests(of: ranges + [bytes.count - 5..<bytes.count + 1], in: file, threads: threads)
        for (range, digest) in zip(ranges, digests) {
            #expect(digest == MessageDigester().digest(Array(bytes[range])), "\(range)")
        }
        #expect(digests.last == .some(nil), "a range past the end")
    }

    @Test func recordsGetTheirDigestsInOrder() throws {
        let (url, bytes) = try Self.file(1000, seed: 3)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ExportMessageFile(path: url.path)
        var chat = SiteChatRecord(key: ContentHash(high: 1, low: 2), folder: "chat_001")
        chat.pages = [SitePageRecord(), SitePageRecord()]
        chat.tailInputs = 1
        var spans = SiteSpans()
        spans.owners = [(0, 1), (0, nil), (0, 0)]
        spans.ranges = [10..<20, 20..<30, 0..<10]
        let records = SpanDigester.records([chat], spans: spans, file: file, threads: 2)
        let digest = { (r: Range<Int>) in MessageDigester().digest(Array(bytes[r])) }
        #expect(records.first?.pages.map(\.digest) == [digest(0..<10), digest(10..<20)])
        #expect(records.first?.tailDigest == digest(20..<30))

        var incomplete = spans
        incomplete.complete = false
        #expect(SpanDigester.records([chat], spans: incomplete, file: file, threads: 2).isEmpty)
        var past = spans
        past.ranges[0] = 990..<1001
        #expect(SpanDigester.records([chat], spans: past, file: file, threads: 2).isEmpty)

        // Written to after it was opened (and read): its spans may not be what was read.
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([1, 2, 3]))
        try handle.close()
        #expect(file.changedSinceOpened)
        #expect(SpanDigester.records([chat], spans: spans, file: file, threads: 2).isEmpty)
    }
}
