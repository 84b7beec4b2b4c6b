/// Splits the input of `msgfmt inspect` into texts: plain text as one text, or the `text`
/// (or `caption`) of Bot API JSON messages: one object, an array, or JSON Lines.
public enum InspectInput {
    /// One text to inspect, or why an input item could not give one.
    public typealias Item = Result<(id: Int64?, text: String), Diagnostic>

    /// Reads `bytes`: JSON when the first non-blank byte is `{` or `[`, else plain text.
    public static func parse(_ bytes: [UInt8]) -> [Item] {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            return plainText(bytes)
        }
        switch Result(catching: { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes) }) {
        case .success(let value):
            return items(from: value, index: 0, line: nil)
        case .failure(let error):
            // Not one JSON document: try JSON Lines, reporting each bad line by number.
            let lines = splitLines(bytes)
            if lines.count <= 1 {
                return [.failure(Diagnostic(.error, .init(byteOffset: error.byteOffset, line: error.line, column: error.column), "invalid JSON: \(error.reason)"))]
            }
            var result: [Item] = []
            for (number, slice) in lines {
                if slice.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) { continue }
                do throws(JSONParseError) {
                    let value = try JSONParser.parse(slice)
                    result += items(from: value, index: result.count, line: number)
                } catch {
                    result.append(.failure(Diagnostic(.error, .init(line: number, column: error.column), "invalid JSON: \(error.reason)")))
                }
            }
            return result
        }
    }

    /// Plain text is one item; invalid UTF-8 is reported and the text is still inspected
    /// with U+FFFD in place of each invalid sequence.
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

    private static func items(from value: JSONValue, index: Int, line: Int?) -> [Item] {
        if case .array(let elements) = value {
            return elements.enumerated().flatMap { items(from: $0.element, index: index + $0.offset, line: line) }
        }
        var message = value
        if let result = value["result"], value["ok"] != nil { return items(from: result, index: index, line: line) }
        if value["update_id"] != nil {
            for key in ["message", "edited_message", "channel_post", "edited_channel_post", "business_message"] {
                if let inner = value[key] { message = inner; break }
            }
        }
        let id = message["message_id"]?.int64Value ?? message["id"]?.int64Value
        if let text = (message["text"] ?? message["caption"])?.stringValue {
            return [.success((id, text))]
        }
        let location = Diagnostic.Location(messageID: id, messageIndex: index, line: line)
        return [.failure(Diagnostic(.error, location, "message has no \"text\" or \"caption\" string"))]
    }

    /// The input split at newlines, each with its 1-based line number.
    static func splitLines(_ bytes: [UInt8]) -> [(Int, ArraySlice<UInt8>)] {
        var result: [(Int, ArraySlice<UInt8>)] = []
        var start = 0
        var number = 1
        for i in 0..<bytes.count where bytes[i] == 0x0A {
            result.append((number, bytes[start..<i]))
            start = i + 1
            number += 1
        }
        if start < bytes.count { result.append((number, bytes[start...])) }
        return result
    }
}
