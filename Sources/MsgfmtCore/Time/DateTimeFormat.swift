/// The `date_time` display format: `r` (relative) or `w?[dD]?[tT]?`.
enum DateTimeFormat {
    /// True when `format` is a valid format string.
    static func isValid(_ format: String) -> Bool {
        if format == "r" { return true }
        var rest = Substring(format)
        if rest.first == "w" { rest = rest.dropFirst() }
        if let c = rest.first, c == "d" || c == "D" { rest = rest.dropFirst() }
        if let c = rest.first, c == "t" || c == "T" { rest = rest.dropFirst() }
        return rest.isEmpty
    }
}
