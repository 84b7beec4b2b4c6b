/// Decodes HTML character references as Telegram's HTML mode does: `&lt; &gt; &amp; &quot;`
/// and numeric `&#NNN;`/`&#xHH;`/`&#XHH;`, the semicolon optional; anything else stays literal.
///
/// Like tdlib, a numeric reference is read only when the whole of it, from `&` to the last
/// digit, is at most 9 bytes (7 decimal or 6 hex digits, leading zeros included) and its
/// value is in 1…0x10FFFE; otherwise the `&` is text and the digits after it too. A value
/// in D800–DFFF (a lone or paired UTF-16 surrogate) is decoded by Telegram into bytes that
/// are not UTF-8, and the message is then refused.
enum HTMLReference {
    /// What one reference decodes to.
    enum Decoded: Equatable {
        /// A character; `end` is the index after the reference.
        case scalar(Unicode.Scalar, end: Int)
        /// A numeric reference to a UTF-16 surrogate code point; `end` as above.
        case surrogate(end: Int)
        /// Not a reference Telegram decodes: the `&` is text.
        case literal
    }

    /// Decodes the reference at `at` (a `&`) in `bytes`.
    static func decode(_ bytes: [UInt8], at: Int) -> Decoded {
        var j = at + 1
        if j < bytes.count, bytes[j] == UInt8(ascii: "#") {
            j += 1
            let hex = j < bytes.count && (bytes[j] | 0x20) == UInt8(ascii: "x")
            if hex { j += 1 }
            let digitsStart = j
            var value: UInt32 = 0
            while j < bytes.count, let d = digit(bytes[j], hex: hex) {
                // Past the limit the reference is literal anyway: stop growing, never overflow.
                if value <= 0x10FFFF { value = value * (hex ? 16 : 10) + d }
                j += 1
            }
            guard j > digitsStart, value != 0, value < 0x10FFFF, j - at < 10 else { return .literal }
            if j < bytes.count, bytes[j] == UInt8(ascii: ";") { j += 1 }
            guard let scalar = Unicode.Scalar(value) else { return .surrogate(end: j) }
            return .scalar(scalar, end: j)
        }
        let nameStart = j
        while j < bytes.count, j - nameStart < 8, (bytes[j] | 0x20) >= 0x61, (bytes[j] | 0x20) <= 0x7A { j += 1 }
        let scalar: Unicode.Scalar
        switch bytes[nameStart..<j] {
        case [0x6C, 0x74]: scalar = "<"  // lt
        case [0x67, 0x74]: scalar = ">"  // gt
        case [0x61, 0x6D, 0x70]: scalar = "&"  // amp
        case [0x71, 0x75, 0x6F, 0x74]: scalar = "\""  // quot
        default: return .literal
        }
        if j < bytes.count, bytes[j] == UInt8(ascii: ";") { j += 1 }
        return .scalar(scalar, end: j)
    }

    private static func digit(_ b: UInt8, hex: Bool) -> UInt32? {
        if b >= 0x30 && b <= 0x39 { return UInt32(b - 0x30) }
        if hex, (b | 0x20) >= 0x61, (b | 0x20) <= 0x66 { return UInt32((b | 0x20) - 0x61 + 10) }
        return nil
    }
}
