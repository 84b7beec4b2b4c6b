import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built binary with its standard output on a pseudo-terminal (80 × 40 cells of
/// 10 × 20 pixels, raw mode) playing a terminal: whatever the binary writes is collected,
/// and when it has written `TerminalGraphics.query` the terminal answers with `answer`
/// (nothing: a terminal that does not answer).
enum PseudoTerminal {
    /// What the terminal saw.
    struct Run {
        var status: Int32
        /// Every byte written to the terminal, the query included.
        var output: [UInt8]
        var stderr: String
        /// Seconds from the query to the next byte after it (the transcript), when both came.
        var afterQuery: TimeInterval?
        /// Seconds from start to exit.
        var elapsed: TimeInterval

        /// The output after the query (or all of it when there was none), as text.
        var transcript: String {
            let query = Array("\u{1B}[c".utf8)
            if let end = PseudoTerminal.find(query, in: output) { return String(decoding: output[(end + query.count)...], as: UTF8.self) }
            return String(decoding: output, as: UTF8.self)
        }
        /// True when the binary asked the terminal what it supports.
        var queried: Bool { PseudoTerminal.find(Array("\u{1B}_Gi=31,".utf8), in: output) != nil }
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], answer: String?) throws -> Run {
        // posix_openpt and friends are not visible through Glibc: the Linux multiplexer's
        // ioctls do the same (TIOCSPTLCK unlocks the slave, TIOCGPTN numbers it).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw CocoaError(.featureUnsupported) }
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw CocoaError(.featureUnsupported)
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.featureUnsupported) }
        var settings = termios()
        tcgetattr(slave, &settings)
        cfmakeraw(&settings)
        tcsetattr(slave, TCSANOW, &settings)
        var size = winsize(ws_row: 40, ws_col: 80, ws_xpixel: 800, ws_ypixel: 800)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["COLUMNS"] = nil
        for key in ["TERM_PROGRAM", "KITTY_WINDOW_ID", "NO_COLOR", "TMUX"] { env[key] = nil }
        env["TERM"] = "xterm-256color"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardOutput = terminal
        process.standardInput = FileHandle.nullDevice
        let error = Pipe()
        process.standardError = error
        let start = Date()
        try process.run()
        close(slave)
        let errorData = ErrorCollector()
        let errorReader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()

        var output: [UInt8] = []
        var queryAt: Date?
        var afterQuery: TimeInterval?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let query = Array("\u{1B}[c".utf8)
        while Date().timeIntervalSince(start) < 60 {
            var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 50)
            if ready > 0 {
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n <= 0 { break }  // EIO: every copy of the slave is closed
                output += buffer[0..<n]
                if queryAt == nil, let end = find(query, in: output) {
                    queryAt = Date()
                    if let answer { _ = Array(answer.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
                    if output.count > end + query.count { afterQuery = 0 }
                } else if let queryAt, afterQuery == nil {
                    afterQuery = Date().timeIntervalSince(queryAt)
                }
            } else if !process.isRunning, ready == 0 {
                break
            }
        }
        process.waitUntilExit()
        let elapsed = Date().timeIntervalSince(start)
        return Run(
            status: process.terminationStatus, output: output, stderr: String(decoding: errorData.wait(), as: UTF8.self),
            afterQuery: afterQuery, elapsed: elapsed)
    }

    /// The index of the first occurrence of `needle` in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }

    /// How many times `needle` occurs in `haystack`.
    static func count(_ needle: String, in haystack: [UInt8]) -> Int {
        String(decoding: haystack, as: UTF8.self).components(separatedBy: needle).count - 1
    }
}
