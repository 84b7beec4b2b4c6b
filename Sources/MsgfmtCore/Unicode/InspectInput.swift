#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits the input of `msgfmt inspect` into texts: plain text as one text, or the `text`
/// (or `caption`) of Bot API JSON in every shape `--from bot-api` reads (a message, an
/// array, an Update, a `getUpdates` response, or JSON Lines of these).
public enum InspectInput {
    /// One text to inspect, or why an input item could not give one.
    public typealias Item = Result<(id: Int64?, text: String), Diagnostic>

    /// Reads `bytes`: JSON when the first non-blank byte is `{` or `[`, else plain text.
    public static func parse(_ bytes: [UInt8]) -> [Item] {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            return plainText(bytes)
        }
        return MessageDecoder.decodeJSON(bytes, allowTDesktop: false).map { item in
            switch item {
            case .message(let message, _): .success((message.id, message.text))
            case .failure(let diagnostic): .failure(diagnostic)
            // Inspect reads without a filter.
            case .filtered: .failure(Diagnostic(.error, .init(), "left out by a filter"))
            }
        }
    }

    private static func plainText(_ bytes: [UInt8]) -> [Item] {
        var items: [Item] = []
        if let bad = UTF8Validation.firstInvalidOffset(bytes) {
            items.append(.failure(Diagnostic(.error, .init(byteOffset: bad), "invalid UTF-8 (shown as U+FFFD)")))
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        items.append(.success((nil, text)))
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
