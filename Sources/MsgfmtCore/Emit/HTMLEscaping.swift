/// Escaping for HTML text and attribute values.
///
/// `& < > " '` become character references everywhere (so one function serves text and
/// quoted attributes), and the characters `DisplaySafety` refuses — C0/C1 controls, DEL,
/// bidi overrides and isolates — become their visible placeholders, as in the terminal.
public enum HTMLEscaping {
    /// What a newline in the text becomes.
    public enum Newlines: Sendable {
        /// `<br>` (running text).
        case lineBreak
        /// Kept as a newline (inside `<pre>`).
        case keep
        /// A space (attribute values, one-line previews).
        case space
    }

    /// `string` escaped for text or a quoted attribute value; newlines become spaces.
    public static func escape(_ string: String) -> String {
        var out = ""
        append(string.unicodeScalars, newlines: .space, into: &out)
        return out
    }

    /// Appends `scalars` escaped to `out`.
    public static func append(_ scalars: String.UnicodeScalarView, newlines: Newlines, into out: inout String) {
        // Most text needs nothing: append it whole, found so on its UTF-8. The rest is
        // escaped as bytes (`append(needingWork:newlines:into:)`), then made one string.
        var whole = String(scalars)
        if whole.withUTF8(isClean) {
            out += whole
            return
        }
        var bytes: [UInt8] = []
        append(needingWork: whole, newlines: newlines, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-16 `units` in `range` escaped to `out`, straight from the units:
    /// clean stretches are decoded whole, without an intermediate string. Lone
    /// surrogates become U+FFFD.
    public static func append(units: [UInt16], range: Range<Int>, newlines: Newlines, into out: inout String) {
        let lower = max(0, min(range.lowerBound, units.count))
        let upper = max(lower, min(range.upperBound, units.count))
        units.withUnsafeBufferPointer { buffer in
            var clean = lower
            for i in lower..<upper {
                let unit = buffer[i]
                // Everything that needs work is in the BMP, outside the surrogates.
                guard !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit),
                    let scalar = Unicode.Scalar(unit), needsWork(scalar)
                else { continue }
                if clean < i { out += String(decoding: UnsafeBufferPointer(rebasing: buffer[clean..<i]), as: UTF16.self) }
                append(escaped: scalar, newlines: newlines, into: &out)
                clean = i + 1
            }
            if clean < upper { out += String(decoding: UnsafeBufferPointer(rebasing: buffer[clean..<upper]), as: UTF16.self) }
        }
    }

    /// Appends what `scalar`, one that `needsWork`, becomes: its character reference, the
    /// newline or tab as `newlines` says, or its `DisplaySafety` placeholder. The byte
    /// path (`HTMLEscaping+Bytes`) follows the same rule unit by unit; tests compare them.
    private static func append(escaped scalar: Unicode.Scalar, newlines: Newlines, into out: inout String) {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\n":
            switch newlines {
            case .lineBreak: out += "<br>"
            case .keep: out += "\n"
            case .space: out += " "
            }
        case "\t":
            out += newlines == .space ? " " : "\t"
        default:
            out.unicodeScalars.append(DisplaySafety.placeholder(for: scalar) ?? scalar)
        }
    }

    /// True when valid UTF-8 `bytes` hold no scalar that `needsWork`: no `& < > " '` and
    /// nothing `DisplaySafety` refuses.
    static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b < 0x40 && markupBits >> UInt64(b) & 1 != 0 { return false }
        return !DisplaySafety.mayHoldUnsafe(bytes)
    }

    /// The characters escaped as entities, `" & ' < >`, one bit each (all are below 0x40).
    @inline(__always)
    static var markupBits: UInt64 { 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E }

    /// True for a scalar that is escaped, replaced or turned into markup.
    @inline(__always)
    private static func needsWork(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "&", "<", ">", "\"", "'": true
        default: DisplaySafety.isUnsafe(s)
        }
    }
}
