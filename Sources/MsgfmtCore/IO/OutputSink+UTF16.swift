extension OutputSink {
    /// Appends UTF-16 `units` as UTF-8, straight into the buffer; a lone surrogate becomes
    /// U+FFFD, as `String(decoding:as: UTF16.self)` would make it.
    public func write(utf16 units: UnsafeBufferPointer<UInt16>) {
        let n = units.count
        if n == 0 { return }
        // At most 3 bytes per unit: a surrogate pair is 2 units for 4 bytes.
        withAppendingCapacity(n * 3) { out in
            UTF16Text.encodeUTF8(units, into: out)
        }
    }

    /// Appends UTF-16 `units` as UTF-8 (see `write(utf16:)` for a buffer).
    public func write(utf16 units: [UInt16]) {
        units.withUnsafeBufferPointer { write(utf16: $0) }
    }
}
