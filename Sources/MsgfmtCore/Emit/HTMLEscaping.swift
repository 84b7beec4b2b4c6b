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
        // Most text needs nothing: append it whole.
        if !scalars.contains(where: needsWork) {
            out += String(scalars)
            return
        }
        for scalar in scalars {
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
    }

    /// True for a scalar that is escaped, replaced or turned into markup.
    @inline(__always)
    private static func needsWork(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "&", "<", ">", "\"", "'": true
        default: DisplaySafety.isUnsafe(s)
        }
    }
}
