/// The Telegram Desktop export as plain messages, for `msgfmt render --from tdesktop`:
/// every message of every chat in order, bodies only (text and entities), with a failure
/// item for each message that cannot be decoded.
public enum TDesktopReader {
    /// Every message of the export in `input`. A file that is not an export, or that is
    /// cut short, ends with a failure item saying so.
    public static func decodeItems(_ input: InputFile, clock: ExportClock = ExportClock(timeZone: "UTC")!) -> [DecodedItem] {
        var items: [DecodedItem] = []
        var scanner = ExportScanner(source: ExportByteSource(bytes: input.bytes, name: input.name))
        var position = 0
        do {
            while let event = try scanner.next() {
                guard case .message(let raw) = event else { continue }
                switch ExportMessageDecoder.decode(raw, clock: clock) {
                case .success(let m):
                    items.append(.message(m.body, diagnostics: []))
                case .failure(let f):
                    var location = Diagnostic.Location(messageID: f.id, messageIndex: position)
                    if f.id == nil { location.byteOffset = raw.byteOffset }
                    items.append(.failure(Diagnostic(.error, location, f.error.message)))
                }
                position += 1
            }
        } catch {
            var location = Diagnostic.Location()
            if case .truncated(let offset) = error { location.byteOffset = offset }
            if case .malformed(let offset, _) = error { location.byteOffset = offset }
            items.append(.failure(Diagnostic(.error, location, error.message)))
        }
        return items
    }

    /// True when `bytes` look like a Telegram Desktop export (for `--from auto`): a JSON
    /// object whose first members include `messages`, `chats`, `personal_information` or
    /// the chat fields `name` / `type` with a `messages` array further on.
    public static func looksLikeExport(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard head.drop(while: { $0.isWhitespace }).first == "{" else { return false }
        return head.contains("\"messages\"") && (head.contains("\"date_unixtime\"") || head.contains("\"type\""))
            || head.contains("\"personal_information\"") || head.contains("\"chats\"")
    }
}
