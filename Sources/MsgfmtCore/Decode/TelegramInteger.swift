/// The two ways tdlib reads a decimal number from a parse-mode payload.
enum TelegramInteger {
    /// `text` when it is the canonical decimal spelling of a value of `T` (tdlib's
    /// `to_integer_safe`): optional `-`, no `+`, no leading zeros, no `-0`, in range.
    static func strict<T: FixedWidthInteger & SignedInteger>(_ text: some StringProtocol, as: T.Type = T.self) -> T? {
        guard let value = T(text), String(value) == text else { return nil }
        return value
    }

    /// tdlib's lenient `to_integer` for 32-bit values: an optional `-`, then the leading
    /// digits (none gives 0), wrapping modulo 2³² as the C++ unsigned arithmetic does; the
    /// rest of the text is ignored.
    static func lenientInt32(_ text: String) -> Int32 {
        var bytes = text.utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var value: UInt32 = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { break }
            value = value &* 10 &+ UInt32(byte - 0x30)
        }
        let signed = Int32(bitPattern: value)
        return negative ? 0 &- signed : signed
    }
}
