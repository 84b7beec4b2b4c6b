#if canImport(Glibc)
import Glibc
#endif
import MsgfmtCore

/// Reads what the environment says about the terminal: width, color and link support.
/// Only the executable reads the environment; the library gets resolved values.
enum TerminalEnvironment {
    /// `--width` if given, else COLUMNS if a positive integer, else the width of the
    /// terminal on stdout, else 80.
    static func width(explicit: Int?) -> Int {
        if let explicit { return explicit }
        if let columns = getenv("COLUMNS").map({ String(cString: $0) }), let n = Int(columns), n > 0 {
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

    /// Whether colors are on for `mode` (CLI.md §Style options): the flag beats the
    /// environment; NO_COLOR (non-empty) turns them off, FORCE_COLOR/CLICOLOR_FORCE on;
    /// otherwise on when stdout is a terminal and TERM is not `dumb`.
    static func colorEnabled(_ mode: ColorMode) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = variable("NO_COLOR"), !noColor.isEmpty { return false }
            if let force = variable("FORCE_COLOR"), !force.isEmpty, force != "0" { return true }
            if let force = variable("CLICOLOR_FORCE"), !force.isEmpty, force != "0" { return true }
            if variable("TERM") == "dumb" { return false }
            return isatty(1) != 0
        }
    }

    /// Resolves the style flags into emitter options.
    static func styleOptions(_ group: StyleOptionGroup, format: OutputFormat) -> StyleOptions {
        var options = StyleOptions()
        options.color = colorEnabled(group.color)
        switch group.hyperlinks {
        case .always: options.hyperlinks = true
        case .never: options.hyperlinks = false
        case .auto: options.hyperlinks = group.color == .never ? false : colorEnabled(group.color)
        }
        options.spoilers = group.spoilers
        options.standalone = group.standalone
        options.theme = group.theme
        return options
    }
}
