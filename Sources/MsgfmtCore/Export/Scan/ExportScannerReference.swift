/// Compares the export scanner with its byte-by-byte reference
/// (`ExportScanner.cutsMessagesByteByByte`): the same events, messages (bytes, offsets,
/// positions) and errors, for the tests and the fuzz target.
@_spi(Testing) public enum ExportScannerReference {
    /// Whether both ways of scanning `bytes` (read `chunkSize` bytes at a time) agree.
    public static func agrees(_ bytes: [UInt8], chunkSize: Int? = nil) -> Bool {
        summary(bytes, chunkSize: chunkSize, byteByByte: false) == summary(bytes, chunkSize: chunkSize, byteByByte: true)
    }

    /// What a scan of `bytes` yields, one line per event, and how it ended.
    static func summary(_ bytes: [UInt8], chunkSize: Int?, byteByByte: Bool) -> [String] {
        var scanner = ExportScanner(source: ExportByteSource(bytes: bytes, name: "reference", chunkSize: chunkSize))
        scanner.cutsMessagesByteByByte = byteByByte
        var lines: [String] = []
        do {
            while lines.count < 100_000, let event = try scanner.next() {
                switch event {
                case .personalInformation(let value): lines.append("me \(value)")
                case .chatStart(let chat): lines.append("start \(chat)")
                case .chatEnd(let chat): lines.append("end \(chat)")
                case .message(let raw): lines.append("message \(raw.index) \(raw.byteOffset) \(raw.chat.ordinal) \(raw.bytes)")
                case .keptPage, .keptSearchBlock: lines.append("kept")
                }
            }
        } catch {
            lines.append("error \(error)")
        }
        return lines
    }
}
