#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits the input of `msgfmt inspect` into texts, reading it as `msgfmt render` does
/// (`--from`): plain text is one text; Bot API JSON gives the `text` (or `caption`) of
/// every message in every shape `--from bot-api` reads (a message, an array, an Update, a
/// `getUpdates` response, or JSON Lines of these); the parse modes give their text
/// without markup.
public enum InspectInput {
    /// The items of `bytes` read as `options` say. `auto` reads JSON (or a Telegram
    /// Desktop export) when the input starts like a JSON object or array, else plain text.
    /// Plain text is taken as it is, one final newline dropped; invalid UTF-8 in it is an
    /// error (shown as U+FFFD), as are `--entities` that are not JSON.
    public static func parse(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) -> [DecodedItem] {
        switch options.format {
        case .auto where !MessageDecoder.looksLikeJSON(bytes), .text:
            return plainText(bytes, entitiesJSON: options.entitiesJSON)
        default:
            return MessageDecoder.decode(InputFile(name: "", bytes: bytes), options: options)
        }
    }

    private static func plainText(_ bytes: [UInt8], entitiesJSON: String?) -> [DecodedItem] {
        var items: [DecodedItem] = []
        if let bad = UTF8Validation.firstInvalidOffset(bytes) {
            items.append(.failure(Diagnostic(.error, .init(byteOffset: bad), "invalid UTF-8 (shown as U+FFFD)")))
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        var message = Message(text: text)
        var diagnostics: [Diagnostic] = []
        if let entitiesJSON { (message.entities, diagnostics) = MessageDecoder.entities(entitiesJSON) }
        items.append(.message(message, diagnostics: diagnostics))
        return items
    }

    /// The input split at newlines, each with its 1-based line number. Newlines are found
    /// with `memchr`, which scans many bytes at a time.
    static func splitLines(_ bytes: [UInt8]) -> [(Int, ArraySlice<UInt8>)] {
        var result: [(Int, ArraySlice<UInt8>)] = []
        var start = 0
        var number = 1
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while start < buffer.count {
                guard let hit = memchr(base + start, 0x0A, buffer.count - start) else { break }
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                result.append((number, bytes[start..<i]))
                start = i + 1
                number += 1
            }
        }
        if start < bytes.count { result.append((number, bytes[start...])) }
        return result
    }
}
