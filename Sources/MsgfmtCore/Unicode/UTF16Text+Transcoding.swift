internal import CByteScan

/// Hand-written UTF-8 ⇄ UTF-16 transcoding for `UTF16Text`.
///
/// The standard library's generic `String(decoding:as: UTF16.self)` and `String.utf16`
/// iteration are not specialized across module boundaries and cost several calls per code
/// unit; these loops are the hot path of every message, so they work on raw buffers.
extension UTF16Text {
    /// The UTF-16 code units of `string`, through `transcode`; clears `ascii` when the
    /// string is not all ASCII.
    static func units(of string: String, ascii: inout Bool) -> [UInt16] {
        var source = string
        return source.withUTF8 { utf8 in
            // UTF-16 never needs more units than UTF-8 has bytes.
            [UInt16].filled(capacity: utf8.count) { out in transcode(utf8, into: out, ascii: &ascii) }
        }
    }

    /// The UTF-16 code units of `string`, for callers that do not ask whether it is ASCII.
    static func units(of string: String) -> [UInt16] {
        var ascii = true
        return units(of: string, ascii: &ascii)
    }

    /// Transcodes valid UTF-8 (a `String`'s storage) to UTF-16 into `out`, which must hold
    /// `utf8.count` units. Returns the number of units written; clears `ascii` when a byte
    /// is 0x80 or above. ASCII sixteen bytes at a time, two-byte scalars four at a time
    /// (`msgfmt_byte_scan_decode_utf8`, CByteScan).
    @inline(__always)
    static func transcode(
        _ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt16>,
        ascii: inout Bool
    ) -> Int {
        guard let source = utf8.baseAddress, !utf8.isEmpty, let target = out.baseAddress else { return 0 }
        var beyond: Int32 = 0
        let count = msgfmt_byte_scan_decode_utf8(source, utf8.count, target, &beyond)
        if beyond != 0 { ascii = false }
        return count
    }

    /// The string of UTF-16 `units`; a lone surrogate becomes U+FFFD. Clears `ascii` when a
    /// unit is 0x80 or above.
    static func makeString(_ units: UnsafeBufferPointer<UInt16>, ascii: inout Bool) -> String {
        let n = units.count
        if n == 0 { return "" }
        // The exact UTF-8 length first, so the string is allocated once at its size (and
        // short strings stay inline, with no allocation at all).
        var k = 0
        while k < n, units[k] < 0x80 { k &+= 1 }
        if k == n {
            return ValidUTF8.string(count: n) { out in
                for k in 0..<n { out[k] = UInt8(truncatingIfNeeded: units[k]) }
            }
        }
        var length = k
        while k < n {
            let u = units[k]
            k &+= 1
            if u < 0x80 {
                length &+= 1
            } else if u < 0x800 {
                length &+= 2
            } else if u >= 0xD800, u < 0xDC00, k < n, units[k] >= 0xDC00, units[k] <= 0xDFFF {
                length &+= 4
                k &+= 1
            } else {
                length &+= 3  // other BMP scalars and lone surrogates (U+FFFD)
            }
        }
        ascii = false
        return ValidUTF8.string(count: length) { out in
            _ = encodeUTF8(units, into: out)
        }
    }

    /// Appends UTF-16 `units` as UTF-8 to `out` (lone surrogates as U+FFFD), with one
    /// capacity check.
    static func appendUTF8(_ units: UnsafeBufferPointer<UInt16>, to out: inout [UInt8]) {
        out.appendBytes(upTo: units.count &* 3) { p in
            encodeUTF8(units, into: UnsafeMutableBufferPointer(start: p, count: units.count &* 3))
        }
    }

    /// Calls `body` with UTF-16 `units` as UTF-8 (lone surrogates as U+FFFD), encoded into
    /// a scratch buffer on the stack when it is small enough.
    static func withUTF8<R>(_ units: UnsafeBufferPointer<UInt16>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, units.count &* 3)) { scratch in
            let count = encodeUTF8(units, into: scratch)
            return body(UnsafeBufferPointer(rebasing: scratch[..<count]))
        }
    }

    /// Writes UTF-16 `units` as UTF-8 into `out`, which must hold all of it (at most
    /// `units.count * 3` bytes; a surrogate pair is 2 units for 4 bytes); a lone surrogate
    /// becomes U+FFFD, as `String(decoding:as: UTF16.self)` makes it. Returns the number of
    /// bytes written. ASCII goes eight units at a time (CByteScan).
    @inline(__always)
    static func encodeUTF8(_ units: UnsafeBufferPointer<UInt16>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let source = units.baseAddress, !units.isEmpty, let target = out.baseAddress else { return 0 }
        return msgfmt_byte_scan_encode_utf8(source, units.count, target)
    }
}
