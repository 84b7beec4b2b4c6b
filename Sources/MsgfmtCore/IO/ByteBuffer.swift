extension Array where Element == UInt8 {
    /// Lets `fill` write at most `maximum` bytes at the end of the array through a pointer
    /// and keeps the number it returns: one capacity check for a whole stretch of output
    /// instead of one per byte.
    @inline(__always)
    mutating func appendBytes(upTo maximum: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Int) {
        if maximum <= 0 { return }
        let start = count
        reserveCapacity(start + maximum)
        append(contentsOf: repeatElement(0, count: maximum))
        let written = withUnsafeMutableBufferPointer { all in fill(all.baseAddress! + start) }
        removeLast(maximum - Swift.min(Swift.max(written, 0), maximum))
    }

    /// Appends the UTF-8 of `string`.
    @inline(__always)
    mutating func append(utf8 string: String) {
        var s = string
        s.withUTF8 { append(contentsOf: $0) }
    }
}
