/// Checks UTF-8 and decodes it, reporting the first invalid byte.
public enum UTF8Validation {
    /// The byte offset of the first invalid UTF-8 sequence in `bytes`, or nil if valid.
    public static func firstInvalidOffset<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8, C.Index == Int {
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            let length: Int
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return i - bytes.startIndex
            }
            if i + length > end { return i - bytes.startIndex }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return i - bytes.startIndex }
            let b1 = bytes[i + 1]
            if (b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 > 0x9F) || (b0 == 0xF0 && b1 < 0x90) || (b0 == 0xF4 && b1 > 0x8F) {
                return i - bytes.startIndex
            }
            i += length
        }
        return nil
    }

    /// `bytes` with every invalid sequence replaced by U+FFFD, as the standard library's
    /// decoding replaces them: what input with a bad byte is read as, the rest kept.
    static func repaired(_ bytes: some Collection<UInt8>) -> [UInt8] {
        Array(String(decoding: bytes, as: UTF8.self).utf8)
    }
}
