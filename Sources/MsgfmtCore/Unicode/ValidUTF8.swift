/// Strings made from bytes msgfmt knows to be valid UTF-8, without the standard library
/// checking them again (about nine instructions a byte, the largest part of making a
/// message's strings): bytes its own encoders wrote (`UTF16Text`'s transcoding, which
/// writes U+FFFD for a lone surrogate) and input bytes `JSONParser` checked on the way
/// (`scanPlain`). Debug builds, which run the tests, and fuzz builds check every string
/// made here.
enum ValidUTF8 {
    /// The string of `bytes`, which must be valid UTF-8. An all-ASCII string is made known
    /// as such, as the checking initializers make it: comparing and hashing it then take
    /// the standard library's fast paths, not its normalizing ones.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        #if MSGFMT_FUZZ_CHECKS
            precondition(String(validating: bytes, as: UTF8.self) != nil, "bytes handed to ValidUTF8 are not valid UTF-8")
        #else
            assert(String(validating: bytes, as: UTF8.self) != nil, "bytes handed to ValidUTF8 are not valid UTF-8")
        #endif
        return unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII(bytes)))
    }

    /// True when every byte is below 0x80: eight at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        var high: UInt64 = 0
        while i &+ 8 <= n {
            high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i &+= 8
        }
        while i < n {
            high |= UInt64(base[i])
            i &+= 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The string of the `count` bytes `body` writes into a buffer of that size (valid
    /// UTF-8, as `string(_:)` requires); on the stack when small.
    @inline(__always)
    static func string(count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> String {
        if count == 0 { return "" }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            body(buffer)
            return string(UnsafeBufferPointer(buffer))
        }
    }
}
