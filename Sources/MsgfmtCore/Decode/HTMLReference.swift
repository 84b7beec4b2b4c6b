/// Decodes HTML character references as Telegram's HTML mode does: `&lt; &gt; &amp; &quot;`
/// (semicolon optional) and numeric `&#NNN;`/`&#xHH;`; anything else stays literal.
enum HTMLReference {
    /// Appends the decoding of the reference at `at` (a `&`) to `scalars`; returns the
    /// index after what was consumed.
    static func decode(_ bytes: [UInt8], at: Int, into scalars: inout [Unicode.Scalar]) -> Int {
        var j = at + 1
        if j < bytes.count, bytes[j] == 0x23 {
            j += 1
            let hex = j < bytes.count && (bytes[j] == 0x78 || bytes[j] == 0x58)
            if hex { j += 1 }
            let digitsStart = j
            var value: UInt32 = 0
            while j < bytes.count, j - digitsStart < 8, let d = digit(bytes[j], hex: hex) {
                value = value * (hex ? 16 : 10) + d
                j += 1
            }
            if j > digitsStart, let scalar = Unicode.Scalar(value), value != 0, j >= bytes.count || digit(bytes[j], hex: hex) == nil {
                if j < bytes.count, bytes[j] == 0x3B { j += 1 }
                scalars.append(scalar)
                return j
            }
            scalars.append("&")
            return at + 1
        }
        let nameStart = j
        while j < bytes.count, j - nameStart < 8, (bytes[j] | 0x20) >= 0x61, (bytes[j] | 0x20) <= 0x7A { j += 1 }
        let name = String(decoding: bytes[nameStart..<j], as: UTF8.self)
        let named: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\""]
        if let scalar = named[name] {
            if j < bytes.count, bytes[j] == 0x3B { j += 1 }
            scalars.append(scalar)
            return j
        }
        scalars.append("&")
        return at + 1
    }

    private static func digit(_ b: UInt8, hex: Bool) -> UInt32? {
        if b >= 0x30 && b <= 0x39 { return UInt32(b - 0x30) }
        if hex, (b | 0x20) >= 0x61, (b | 0x20) <= 0x66 { return UInt32((b | 0x20) - 0x61 + 10) }
        return nil
    }
}
