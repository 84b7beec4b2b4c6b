#if canImport(Glibc)
    import Glibc
#endif

/// A stream format written to one file per chat and period that an `OutputPattern`
/// names: each file is written under a temporary name by its own `Inner` writer and moved
/// into place when the messages for it end. Messages arrive in order, so a file is
/// usually finished once; when a path comes round again (messages out of date order, or
/// chats with the same slug) the new messages are added after what it holds.
public final class PatternTranscriptWriter<Inner: TranscriptWriter>: TranscriptWriter, FileSplittingWriter {
    public typealias Piece = Inner.Piece

    private let pattern: OutputPattern
    private let clock: ExportClock
    private let makeWriter: (OutputSink) -> Inner
    /// The run's inputs, which no file it writes may replace.
    private let inputs: [String]
    /// The file being written, its writer, and the chat begun in it.
    private var current: (path: String, output: AtomicOutput, writer: Inner, chat: ExportChatInfo?)?
    private var chat = ExportChatInfo()
    /// Whether the current chat wrote a message, and how many of its messages could not be
    /// read.
    private var chatWritten = false
    private var chatUnreadable = 0
    private var owner: String?
    private var written: Set<String> = []
    /// The first file that could not be written; later files are still tried.
    public private(set) var error: AtomicOutputError?
    /// Files moved into place, in order.
    public private(set) var files: [String] = []

    /// Creates a writer that makes an `Inner` for each file with `makeWriter`.
    public init(pattern: OutputPattern, options: ExportOptions, inputs: [String] = [], makeWriter: @escaping (OutputSink) -> Inner) {
        self.pattern = pattern
        self.inputs = inputs
        self.clock = options.clock
        self.makeWriter = makeWriter
    }

    public static func prepare(_ message: TranscriptMessage, options: ExportOptions) -> Piece {
        Inner.prepare(message, options: options)
    }

    public var failed: Bool { error != nil }

    public func setOwner(_ fromID: String) {
        if owner == nil { owner = fromID }
        current?.writer.setOwner(fromID)
    }

    public func beginChat(_ chat: ExportChatInfo) {
        self.chat = chat
        chatWritten = false
        chatUnreadable = 0
    }

    public func pass(over place: SiteInputPlace?, unreadable: Bool) {
        if unreadable { chatUnreadable += 1 }
    }

    public func write(_ message: TranscriptMessage, piece: Piece) {
        let path = pattern.path(chat: chat, day: clock.day(of: message.message.date))
        if current?.path != path { open(path) }
        chatWritten = true
        guard var file = current else { return }
        if file.chat?.ordinal != chat.ordinal {
            if let earlier = file.chat { file.writer.endChat(earlier) }
            file.writer.beginChat(chat)
            file.chat = chat
            current = file
        }
        file.writer.write(message, piece: piece)
    }

    public func endChat(_ chat: ExportChatInfo) {
        // A chat that shows no message still gets its file when the chat alone names it,
        // saying why (`EmptyChatNotice`); a dated name has no day to give it.
        if !chatWritten, !pattern.dated {
            let path = pattern.path(chat: chat, day: 0)
            if current?.path != path { open(path) }
            if var file = current {
                file.writer.beginChat(chat)
                for _ in 0..<chatUnreadable { file.writer.pass(over: nil, unreadable: true) }
                file.chat = chat
                current = file
            }
        }
        guard var file = current, file.chat?.ordinal == chat.ordinal else { return }
        file.writer.endChat(chat)
        file.chat = nil
        current = file
        // A file named by the chat alone is complete.
        if !pattern.dated { close() }
    }

    public func drainOutput() {
        current?.writer.drainOutput()
    }

    public func finish() {
        close()
    }

    /// Finishes the current file and starts `path`.
    private func open(_ path: String) {
        close()
        Self.makeFolders(of: path)
        let output: AtomicOutput
        do {
            output = try AtomicOutput(path: path, kind: .file, inputs: inputs)
        } catch {
            if self.error == nil { self.error = error }
            return
        }
        guard let sink = output.sink else { return }
        if written.contains(path), let earlier = Self.contents(of: path) { sink.write(earlier) }
        written.insert(path)
        let writer = makeWriter(sink)
        if let owner { writer.setOwner(owner) }
        current = (path, output, writer, nil)
    }

    /// Finishes the current file and moves it into place.
    private func close() {
        guard let file = current else { return }
        current = nil
        if let chat = file.chat { file.writer.endChat(chat) }
        file.writer.finish()
        do {
            try file.output.commit()
            files.append(file.path)
        } catch {
            file.output.abandon()
            if self.error == nil { self.error = error }
        }
    }

    /// Creates the folders above `path`.
    private static func makeFolders(of path: String) {
        var folder = ""
        for (i, part) in path.split(separator: "/", omittingEmptySubsequences: false).dropLast().enumerated() {
            folder += (i == 0 ? "" : "/") + part
            if !part.isEmpty { _ = mkdir(folder, 0o755) }
        }
    }

    /// The bytes of the file at `path`, when it can be read.
    private static func contents(of path: String) -> [UInt8]? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = Glibc.close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return n == 0 ? out : nil }
            out += buffer[0..<n]
        }
    }
}

/// What the command line asks of a writer into many files once it is done.
public protocol FileSplittingWriter: AnyObject {
    /// The first file that could not be written.
    var error: AtomicOutputError? { get }
}
