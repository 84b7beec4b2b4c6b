internal import CByteScan

/// What message text may not send to a terminal raw, and the visible stand-in for each.
///
/// Layout measures a character through `placeholder(for:)` and emitters write the same
/// placeholder, so the shown width always matches the laid-out width. Every placeholder
/// is one cell wide.
public enum DisplaySafety {
    /// The visible stand-in for an unsafe scalar, or nil when the scalar is safe to print.
    /// C0 controls show as Control Pictures (`␛`), DEL as `␡`, C1 controls and bidi
    /// embedding, override and isolate controls as U+FFFD. Newline and tab are handled by
    /// layout and never reach an emitter as characters.
    @inline(__always)
    public static func placeholder(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let v = scalar.value
        if v < 0x20 { return Unicode.Scalar(0x2400 + v) }
        if v < 0x7F { return nil }
        if v == 0x7F { return "\u{2421}" }
        if v < 0xA0 { return "\u{FFFD}" }
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return "\u{FFFD}" }
        return nil
    }

    /// True when `scalar` needs a placeholder.
    @inline(__always)
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        placeholder(for: scalar) != nil
    }

    /// `string` with every unsafe scalar replaced by its placeholder.
    public static func sanitize(_ string: String) -> String {
        if !string.unicodeScalars.contains(where: isUnsafe) { return string }
        return replacing(string, keepingLines: false)
    }

    /// `string` with every unsafe scalar but line feeds and tabs replaced by its
    /// placeholder: for text shown with its lines by something that draws what it is
    /// given (the site's search snippets), which a bidi override would otherwise reorder.
    public static func sanitizeKeepingLines(_ string: String) -> String {
        var bytes = string
        guard bytes.withUTF8({ mayHoldUnsafe($0, from: 0, keepingLines: true) }) else { return string }
        return replacing(string, keepingLines: true)
    }

    /// `string` with each unsafe scalar replaced by its placeholder, line feeds and tabs
    /// kept when `keepingLines`.
    private static func replacing(_ string: String, keepingLines: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            let kept = keepingLines && (scalar == "\n" || scalar == "\t")
            out.append(kept ? scalar : placeholder(for: scalar) ?? scalar)
        }
        return String(out)
    }

    /// `sanitizeKeepingLines` of UTF-16 `units`, in place: every unsafe scalar is one unit,
    /// and so is its placeholder, so the units keep their length.
    static func sanitizeKeepingLines(_ units: inout [UInt16]) {
        for i in units.indices where units[i] < 0xA0 || (0x202A...0x2069).contains(units[i]) {
            let unit = units[i]
            guard unit != 0x0A, unit != 0x09, let scalar = Unicode.Scalar(unit), let shown = placeholder(for: scalar) else { continue }
            units[i] = UInt16(truncatingIfNeeded: shown.value)
        }
    }

    /// True when the UTF-8 of a valid string holds a scalar that needs a placeholder,
    /// found from its bytes: C0 controls and DEL, C1 controls (`C2 80`–`C2 9F`), bidi
    /// embeddings and overrides (`E2 80 AA`–`AE`) and isolates (`E2 81 A6`–`A9`). The
    /// bytes that cannot start such a scalar are passed over sixteen at a time (CByteScan).
    static func mayHoldUnsafe(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        mayHoldUnsafe(utf8, from: 0)
    }

    /// `mayHoldUnsafe` of the bytes of `utf8` from `start`, those before it being valid to
    /// read (the scan may test them, as part of its last vector, and ignore them).
    static func mayHoldUnsafe(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        mayHoldUnsafe(utf8, from: start, keepingLines: false)
    }

    /// `mayHoldUnsafe(_:from:)`, passing over line feeds and tabs when `keepingLines`
    /// (text shown with its lines, `sanitizeKeepingLines`).
    static func mayHoldUnsafe(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, keepingLines: Bool) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let n = utf8.count
        var i = start
        // Each byte alone until an E2 that starts none of them (box drawing, a dash, a
        // quote) is met; then each byte with the two after it, so the next ones do not
        // stop the scan (the pieces of a bubble's border are made of nothing else).
        var pairs = false
        while true {
            i = pairs ? msgfmt_byte_scan_display_unsafe_after(base, i, n) : msgfmt_byte_scan_may_be_unsafe_after(base, i, n)
            if i >= n { return false }
            let b = utf8[i]
            if keepingLines, b == 0x0A || b == 0x09 {
                i += 1
                continue
            }
            if b < 0x20 || b == 0x7F { return true }
            if b == 0xC2, i + 1 < n, utf8[i + 1] < 0xA0 { return true }
            if b == 0xE2, i + 2 < n {
                let b1 = utf8[i + 1]
                let b2 = utf8[i + 2]
                if b1 == 0x80, b2 >= 0xAA, b2 <= 0xAE { return true }
                if b1 == 0x81, b2 >= 0xA6, b2 <= 0xA9 { return true }
                pairs = true
            }
            i += 1
        }
    }
}
