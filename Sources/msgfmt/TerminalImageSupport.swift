import MsgfmtCore

#if canImport(Glibc)
    import Glibc
#endif

/// Decides whether and how `export --images` draws pictures: only when the transcript goes
/// to standard output and that is a terminal, and (with `--image-protocol auto`) the
/// terminal says it speaks kitty graphics or sixel. Only the executable reads the
/// environment and the terminal; the library gets `TerminalImageOptions`.
enum TerminalImageSupport {
    /// How long the terminal has to answer the query, in milliseconds.
    static let queryTimeout = 400

    /// Terminals (`TERM`) that draw no pictures: not asked.
    static let textOnlyTerminals: Set<String> = ["dumb", "linux", "vt100", "vt220", "cons25"]

    /// The protocol to draw with, or nil and the one-line note saying why none.
    static func graphics(choice: ImageProtocolChoice, toStandardOutput: Bool) -> (TerminalGraphics?, note: String?) {
        guard toStandardOutput, isatty(1) != 0 else {
            return (nil, "--images: the transcript does not go to a terminal, so no pictures are drawn")
        }
        switch choice {
        case .kitty: return (.kitty, nil)
        case .sixel: return (.sixel, nil)
        case .auto: break
        }
        let term = TerminalEnvironment.variable("TERM") ?? ""
        if term.isEmpty || textOnlyTerminals.contains(term) {
            return (nil, "--images: this terminal (TERM=\(term.isEmpty ? "unset" : term)) draws no pictures")
        }
        let replies = query()
        if let found = TerminalGraphics.supported(replies: replies) { return (found, nil) }
        if !TerminalGraphics.repliesComplete(replies), kittyHinted(term: term) { return (.kitty, nil) }
        return (nil, "--images: the terminal does not support kitty graphics or sixel (--image-protocol chooses one without asking)")
    }

    /// True when the environment names a terminal known to speak kitty graphics.
    private static func kittyHinted(term: String) -> Bool {
        let program = TerminalEnvironment.variable("TERM_PROGRAM") ?? ""
        return term == "xterm-kitty" || term == "xterm-ghostty" || TerminalEnvironment.variable("KITTY_WINDOW_ID") != nil
            || ["WezTerm", "ghostty"].contains(program)
    }

    /// The options for drawing with `graphics` in a transcript whose content is
    /// `maxColumns` wide: the cell size and the screen height from the terminal on stdout.
    static func options(_ graphics: TerminalGraphics, maxColumns: Int) -> TerminalImageOptions {
        var options = TerminalImageOptions(graphics: graphics)
        options.maxColumns = max(1, maxColumns)
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            if size.ws_xpixel > 0, size.ws_ypixel > 0 {
                options.cellWidth = max(1, Int(size.ws_xpixel) / Int(size.ws_col))
                options.cellHeight = max(1, Int(size.ws_ypixel) / Int(size.ws_row))
            }
            options.maxRows = max(1, min(options.maxRows, Int(size.ws_row) - 2))
        }
        return options
    }

    /// Writes `TerminalGraphics.query` to the terminal on stdout and collects its replies
    /// until the last one is in or `queryTimeout` passes (the terminal's own echo and line
    /// editing off meanwhile); what arrives later is discarded.
    static func query() -> [UInt8] {
        guard let name = ttyname(1) else { return [] }
        let fd = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return [] }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(fd, TCSANOW, &quiet) == 0 else { return [] }
        defer { tcsetattr(fd, TCSANOW, &saved) }
        let sent = TerminalGraphics.query.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard sent == TerminalGraphics.query.count else { return [] }
        var replies: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = milliseconds() + queryTimeout
        while !TerminalGraphics.repliesComplete(replies), replies.count < 4096 {
            let left = deadline - milliseconds()
            guard left > 0 else { break }
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(left))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            replies += buffer[0..<n]
        }
        if !TerminalGraphics.repliesComplete(replies) { tcflush(fd, TCIFLUSH) }
        return replies
    }

    /// A monotonic clock in milliseconds.
    private static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
