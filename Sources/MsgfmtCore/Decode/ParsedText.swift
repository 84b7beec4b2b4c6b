/// The output buffer of the parse-mode parsers: UTF-8 text with a running UTF-16 length.
struct ParsedText {
    /// The text so far, as UTF-8.
    var bytes: [UInt8] = []
    /// Its length in UTF-16 code units.
    var utf16Count = 0
    /// Entities found so far.
    var entities: [MessageEntity] = []

    /// Appends one byte of valid UTF-8.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
        if byte < 0x80 || byte >= 0xC0 { utf16Count += byte >= 0xF0 ? 2 : 1 }
    }

    /// Appends a Unicode scalar.
    mutating func append(_ scalar: Unicode.Scalar) {
        guard let encoded = UTF8.encode(scalar) else { return }
        for byte in encoded { append(byte) }
    }

    /// Adds an entity from `start` to the current end, unless it would be empty.
    mutating func close(_ kind: EntityKind, from start: Int, configure: (inout MessageEntity) -> Void = { _ in }) {
        guard utf16Count > start else { return }
        var entity = MessageEntity(kind: kind, offset: start, length: utf16Count - start)
        configure(&entity)
        entities.append(entity)
    }

    /// The text from UTF-16 offset `start` to the end (scanning back from the end).
    func text(since start: Int) -> String {
        var units = utf16Count
        var index = bytes.count
        while units > start, index > 0 {
            index -= 1
            let b = bytes[index]
            if b < 0x80 || b >= 0xC0 { units -= b >= 0xF0 ? 2 : 1 }
        }
        return String(decoding: bytes[index...], as: UTF8.self)
    }

    /// The message built, with entities in canonical order.
    func message() -> Message {
        Message(text: String(decoding: bytes, as: UTF8.self), entities: EntityOrder.sorted(entities))
    }
}
