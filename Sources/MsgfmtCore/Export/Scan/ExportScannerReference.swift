/// Compares the export scanner with its byte-by-byte reference
/// (`ExportScanner.cutsMessagesByteByByte`): the same events, messages (bytes, offsets,
/// positions) and errors, for the tests and the fuzz target; and a scan that jumps to the
/// end of a message (`ExportScanner.jump`) with one that scanned every byte up to it.
@_spi(Testing) public enum ExportScannerReference {
    /// Whether both ways of scanning `bytes` (read `chunkSize` bytes at a time) agree.
    public static func agrees(_ bytes: [UInt8], chunkSize: Int? = nil) -> Bool {
        summary(bytes, chunkSize: chunkSize, byteByByte: false) == summary(bytes, chunkSize: chunkSize, byteByByte: true)
    }

    /// How many jumps agreed, nil when one did not: for every message of the first
    /// `messages` array that is a whole JSON value (as the messages of a page `--update`
    /// keeps are), a scanner that jumps from the array's start to the message's end (a copy
    /// made at the start, as `SitePageReuse` keeps one) must yield what a scan of every byte
    /// yields after it: the same events and the same end. At most `limit` messages are tried.
    public static func agreeingJumps(_ bytes: [UInt8], chunkSize: Int? = nil, limit: Int = 64) -> Int? {
        let full = summary(bytes, chunkSize: chunkSize, byteByByte: false)
        var scanner = ExportScanner(source: ExportByteSource(bytes: bytes, name: "reference", chunkSize: chunkSize, seekable: true))
        var ends: [(line: Int, end: Int, index: Int)] = []
        var line = 0
        var start: ExportScanner?
        var inFirst = false
        do {
            while line < 100_000, let event = try scanner.next() {
                switch event {
                case .chatStart:
                    // A jump stays inside the array it started from.
                    inFirst = start == nil
                    if start == nil { start = scanner }
                case .chatEnd: inFirst = false
                case .message(let raw) where inFirst && ends.count < limit:
                    var options = JSONParser.Options()
                    options.allowHexEscapes = true
                    if (try? JSONParser.parse(raw.bytes[...], options: options)) != nil {
                        ends.append((line, raw.byteOffset + raw.bytes.count, raw.index + 1))
                    }
                default: break
                }
                line += 1
            }
        } catch {}
        guard let start else { return 0 }
        for mark in ends {
            var jumped = start
            guard (try? jumped.jump(to: mark.end, messageIndex: mark.index)) != nil else { return nil }
            if Array(full[(mark.line + 1)...]) != lines(of: &jumped) { return nil }
        }
        return ends.count
    }

    /// What a scan of `bytes` yields, one line per event, and how it ended.
    static func summary(_ bytes: [UInt8], chunkSize: Int?, byteByByte: Bool) -> [String] {
        var scanner = ExportScanner(source: ExportByteSource(bytes: bytes, name: "reference", chunkSize: chunkSize))
        scanner.cutsMessagesByteByByte = byteByByte
        return lines(of: &scanner)
    }

    /// The rest of `scanner`'s events, one line each, and how it ended.
    private static func lines(of scanner: inout ExportScanner) -> [String] {
        var lines: [String] = []
        do {
            while lines.count < 100_000, let event = try scanner.next() {
                switch event {
                case .personalInformation(let value): lines.append("me \(value)")
                case .chatStart(let chat): lines.append("start \(chat)")
                case .chatEnd(let chat): lines.append("end \(chat)")
                case .message(let raw):
                    lines.append("message \(raw.index) \(raw.byteOffset) \(raw.chat.ordinal) \(raw.bytes.count) \(checksum(raw.bytes))")
                case .keptPage, .keptSearchBlock, .keepCheck: lines.append("kept")
                }
            }
        } catch {
            lines.append("error \(error)")
        }
        return lines
    }

    /// A 64-bit FNV-1a checksum of a message's bytes: the lines compare messages by it,
    /// which is far cheaper than writing every byte out (a fuzz input is scanned again from
    /// every jump).
    private static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }
}
