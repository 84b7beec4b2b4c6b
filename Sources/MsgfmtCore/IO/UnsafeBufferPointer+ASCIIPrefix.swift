extension UnsafeBufferPointer where Element: FixedWidthInteger {
    /// True when the buffer starts with the ASCII `prefix`, code unit for code unit (UTF-8
    /// bytes or UTF-16 units alike): a check in the links' hot paths without a `String`.
    @inline(__always)
    func starts(withASCII prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard count >= n else { return false }
        for k in 0..<n where self[k] != Element(prefix.utf8Start[k]) { return false }
        return true
    }
}
