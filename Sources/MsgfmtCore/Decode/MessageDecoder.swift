/// Reads messages from input bytes in any `--from` format.
public enum MessageDecoder {
    /// Decodes every message of `input`, in order. Never throws: unreadable parts become
    /// `.failure` items naming where they are.
    public static func decode(_ input: InputFile, options: DecodeOptions) -> [DecodedItem] {
        if let bad = UTF8Validation.firstInvalidOffset(input.bytes) {
            return [.failure(Diagnostic(.error, .init(byteOffset: bad), "invalid UTF-8"))]
        }
        var text = String(decoding: input.bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return [.message(Message(text: text), diagnostics: [])]
    }
}
