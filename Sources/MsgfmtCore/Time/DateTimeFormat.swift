/// The `date_time` display format, read as tdlib reads it: `r` or `R` (relative), or any
/// sequence of `t T d D w W` (short or long time, short or long date, day of the week),
/// stored as flags and written back in one canonical form.
enum DateTimeFormat {
    /// True when tdlib accepts `format` (the empty format too).
    static func isValid(_ format: String) -> Bool {
        canonical(format) != nil
    }

    /// The canonical spelling of `format` as the Bot API writes what tdlib stored: `r` when
    /// relative; otherwise `w` (day of the week), then `d` (short date) or else `D` (long
    /// date), then `t` (short time) or else `T` (long time). Empty when `format` sets no
    /// flag; nil when tdlib refuses it.
    static func canonical(_ format: String) -> String? {
        if format == "r" || format == "R" { return "r" }
        var shortTime = false
        var longTime = false
        var shortDate = false
        var longDate = false
        var dayOfWeek = false
        for unit in format.utf8 {
            switch unit {
            case UInt8(ascii: "t"): shortTime = true
            case UInt8(ascii: "T"): longTime = true
            case UInt8(ascii: "d"): shortDate = true
            case UInt8(ascii: "D"): longDate = true
            case UInt8(ascii: "w"), UInt8(ascii: "W"): dayOfWeek = true
            default: return nil
            }
        }
        var result = dayOfWeek ? "w" : ""
        if shortDate { result += "d" } else if longDate { result += "D" }
        if shortTime { result += "t" } else if longTime { result += "T" }
        return result
    }
}
