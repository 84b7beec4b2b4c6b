/// The Telegram Desktop export as plain messages, for `msgfmt render --from tdesktop`:
/// every message of every chat in order, bodies only (text, entities and the media
/// placeholder), with a failure item for each message that cannot be decoded.
public enum TDesktopReader {
    /// Every message of the export in `input`; those `filter` does not keep are
    /// `.filtered`. A file that is not an export, or that is cut short, ends with a
    /// failure item saying so.
    public static func decodeItems(
        _ input: InputFile, clock: ExportClock = ExportClock(timeZone: "UTC")!, filter: MessageFilter? = nil
    ) -> [DecodedItem] {
        var items: [DecodedItem] = []
        var scanner = ExportScanner(source: ExportByteSource(bytes: input.bytes, name: input.name))
        var position = 0
        do {
            while let event = try scanner.next() {
                guard case .message(let raw) = event else { continue }
                switch ExportMessageDecoder.decode(raw, clock: clock) {
                case .success(let m):
                    var body = m.body
                    body.media = m.media
                    let kept = filter?.matches(FilterSubject(m, chat: raw.chat)) ?? true
                    items.append(kept ? .message(body, diagnostics: []) : .filtered)
                case .failure(let f):
                    items.append(.failure(raw.diagnostic(.error, f.error.message, id: f.id, index: position)))
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
    /// object that, within its first 4 KiB, has a member `"messages": [`, `"chats": {` or
    /// `"personal_information": {` — keys a Bot API message never has.
    public static func looksLikeExport(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(4096)
        guard head.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else { return false }
        return hasMember(head, "\"messages\"", opening: UInt8(ascii: "["))
            || hasMember(head, "\"chats\"", opening: UInt8(ascii: "{"))
            || hasMember(head, "\"personal_information\"", opening: UInt8(ascii: "{"))
    }

    /// True when `key` (quoted) occurs followed by optional blanks, `:`, blanks and `opening`.
    private static func hasMember(_ bytes: ArraySlice<UInt8>, _ key: String, opening: UInt8) -> Bool {
        let pattern = Array(key.utf8)
        let blanks: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        var i = bytes.startIndex
        while i + pattern.count <= bytes.endIndex {
            if bytes[i] == pattern[0], bytes[i..<i + pattern.count].elementsEqual(pattern),
                i == bytes.startIndex || bytes[i - 1] != UInt8(ascii: "\\")
            {
                var j = i + pattern.count
                while j < bytes.endIndex, blanks.contains(bytes[j]) { j += 1 }
                if j < bytes.endIndex, bytes[j] == UInt8(ascii: ":") {
                    j += 1
                    while j < bytes.endIndex, blanks.contains(bytes[j]) { j += 1 }
                    if j < bytes.endIndex, bytes[j] == opening { return true }
                }
            }
            i += 1
        }
        return false
    }
}
