internal import CByteScan

extension HTMLEscaping {
    /// Appends the UTF-16 `units` in `range` escaped to `out` as UTF-8, exactly as
    /// `append(units:range:newlines:into:)` escapes them into a string, without building
    /// one (`msgfmt_byte_scan_html_escape`: plain ASCII eight units at a time, the rest
    /// unit by unit). Lone surrogates become U+FFFD.
    static func append(units: UnsafeBufferPointer<UInt16>, range: Range<Int>, newlines: Newlines, into out: inout [UInt8]) {
        let lower = max(0, min(range.lowerBound, units.count))
        let upper = max(lower, min(range.upperBound, units.count))
        guard lower < upper, let base = units.baseAddress else { return }
        let mode: Int32 =
            switch newlines {
            case .lineBreak: Int32(MSGFMT_HTML_NEWLINES_BREAK)
            case .keep: Int32(MSGFMT_HTML_NEWLINES_KEEP)
            case .space: Int32(MSGFMT_HTML_NEWLINES_SPACE)
            }
        // The longest replacement, "&quot;", is 6 bytes for one unit.
        out.appendBytes(upTo: (upper - lower) * 6) { msgfmt_byte_scan_html_escape(base + lower, upper - lower, $0, mode) }
    }

    /// Appends `string` escaped to `out` as UTF-8.
    static func append(_ string: String, newlines: Newlines, into out: inout [UInt8]) {
        var whole = string
        let copied = whole.withUTF8 { bytes in
            guard isClean(bytes) else { return false }
            out.append(bytes: bytes)
            return true
        }
        if copied { return }
        append(needingWork: string, newlines: newlines, into: &out)
    }

    /// Appends `string`, which `isClean` refused, escaped to `out` as UTF-8, through its
    /// UTF-16 units (the string path calls this too, having made that check itself).
    static func append(needingWork string: String, newlines: Newlines, into out: inout [UInt8]) {
        let units = UTF16Text.units(of: string)
        units.withUnsafeBufferPointer { append(units: $0, range: 0..<$0.count, newlines: newlines, into: &out) }
    }
}
