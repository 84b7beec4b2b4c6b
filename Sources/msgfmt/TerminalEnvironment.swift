import MsgfmtCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads what the environment says about the terminal: width, color and link support.
/// Only the executable reads the environment; the library gets resolved values.
///
/// Color policy for `--color auto` (the flag, when not `auto`, beats the environment):
/// 1. escapes are on when `FORCE_COLOR` or `CLICOLOR_FORCE` is set to anything but empty,
///    `0` or `false`; otherwise when stdout is a terminal and `TERM` is not `dumb`;
/// 2. `NO_COLOR` (non-empty) then bans color only: bold, italic, underline,
///    strikethrough, dim, reverse and hyperlinks stay, as NO_COLOR asks.
/// `--hyperlinks auto` follows whether escapes are on at all.
enum TerminalEnvironment {
    /// `--width` if given, else COLUMNS if a positive integer, else the width of the
    /// terminal on stdout, else 80.
    static func width(explicit: Int?) -> Int {
        if let explicit { return explicit }
        if let columns = variable("COLUMNS"), let n = Int(columns), n > 0 {
            return n
        }
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 80
    }

    /// The value of an environment variable, or nil when unset.
    static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// True when `name` is set to a value that means yes (not empty, `0` or `false`).
    private static func isForced(_ name: String) -> Bool {
        guard let value = variable(name) else { return false }
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }

    /// Whether `--color auto` writes escape sequences at all.
    static func terminalWantsEscapes() -> Bool {
        if isForced("FORCE_COLOR") || isForced("CLICOLOR_FORCE") { return true }
        if variable("TERM") == "dumb" { return false }
        return isatty(1) != 0
    }

    /// True when NO_COLOR asks for no color.
    static var noColor: Bool {
        guard let value = variable("NO_COLOR") else { return false }
        return !value.isEmpty
    }

    /// `style` with its escape switches (`color`, `attributes`, `hyperlinks`) set as
    /// `escapes` and the environment say.
    static func styleOptions(_ style: StyleOptions, escapes settings: EscapeSettings) -> StyleOptions {
        var options = style
        let escapes: Bool
        switch settings.color {
        case .always:
            escapes = true
            options.color = true
        case .never:
            escapes = false
            options.color = false
        case .auto:
            escapes = terminalWantsEscapes()
            options.color = escapes && !noColor
        }
        options.attributes = escapes
        switch settings.hyperlinks {
        case .always: options.hyperlinks = true
        case .never: options.hyperlinks = false
        case .auto: options.hyperlinks = escapes
        }
        return options
    }
}
