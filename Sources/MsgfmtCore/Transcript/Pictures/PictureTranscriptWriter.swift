import Dispatch
import FoundationEssentials

/// `export --to svg|png`: each message of the selected chats as a chat bubble, with the
/// sender's name on the first bubble of a group (incoming messages), what a chat shows
/// around the text (forward and via-bot lines, the reply quote, the media placeholder,
/// the reactions: `BubbleComposer`), the time at the bottom right, outgoing messages
/// (`--me`, or the account's own) on the right, and the tail on the last bubble of a
/// group. One file per message in a directory, named so they sort by date and id
/// (`2024-01-05_100233-42.png`), or with `stack` every bubble in one picture written at
/// the end, a day chip (`BubbleDayChip`) above the first message of each day of each chat
/// and, when the stack shows more than one chat, a chip with the chat's name above each
/// chat's first message. A service message is drawn as a chip of its own, centered: what
/// happened and when ("Ann pinned a message · 10:02"), worded as the terminal transcript
/// words it.
///
/// The prepare step (worker threads) measures each message's name and time and lays out
/// its rows; `write` decides the grouping, the file names and what a reply quotes (the
/// reply preview cache, in order); when a batch was written (`drainOutput`) the reply
/// quotes are laid out and the pictures drawn and written to their files on the worker
/// threads, each file as soon as it is drawn, so memory holds one picture per thread
/// (a stack holds its scenes, which are small, until the end).
public final class PictureTranscriptWriter: TranscriptWriter {
    /// What the prepare step measured: nil for a message that is not drawn.
    public typealias Piece = PicturePiece?

    /// A message whose picture is decided but not yet drawn.
    struct Pending: Sendable {
        /// What is drawn: a bubble of the message's laid-out text, or a service message's
        /// chip of its sentence's lines (`PicturePiece.service`).
        enum Content: Sendable {
            case bubble(TextLayout)
            case service([LayoutLine])
        }

        var content: Content
        var caption: BubbleCaption
        var extras: BubbleExtras
        /// The message it replies to, and that message's sender and preview when known.
        var reply: Int64?
        var quoted: (sender: String, text: String)?
        var outgoing: Bool
        var tail: Bool
        var name: String
        var id: Int64
        /// The day chip drawn above it in a stack: the first drawn message of a day.
        var day: BubbleDayChip?
        /// In a stack, the lines of the chat's name when it is the chat's first message drawn.
        var chat: [LayoutLine]? = nil
    }

    private let options: ExportOptions
    private let fonts: FontLibrary?
    private let composer: BubbleComposer?
    private let format: OutputFormat
    private let directory: String?
    private let sink: OutputSink
    private var state: TranscriptState
    /// The last message, until the next one tells whether it ends its group.
    private var last: Pending?
    /// In a stack, the day whose chip goes above the next message drawn: set by a day's
    /// first message, taken by the first of the day that is drawn.
    private var dayAhead: Int64?
    /// In a stack, the name of the chat begun, laid out, until its first message is drawn.
    private var chatAhead: [LayoutLine]?
    /// In a stack, where each chat's scenes start in `stacked` and its name's chip: drawn
    /// at the end when there are two or more.
    private var chatStarts: [(at: Int, title: BubbleScene)] = []
    private var decided: [Pending] = []
    private var stacked: [BubbleScene] = []
    /// Names given since the last drain (earlier ones are files in `directory`).
    private var names: Set<String> = []
    private let encoder: PictureEncoder?
    /// Pictures that could not be drawn or written, one sentence each.
    public private(set) var failures: [String] = []
    /// The errors of the messages too tall to draw in a file of their own (more than
    /// `PNGPainter.maximumSide` pixels), in order: the other pictures are written.
    public private(set) var tooLarge: [Diagnostic] = []
    /// Messages written without a picture: those the renderer gave no layout (none, as
    /// long as every message is laid out; counted so none is left out unsaid).
    public private(set) var undrawn = 0
    /// True when this writer makes one stacked picture and no message was drawn into it, so
    /// there is no picture to write.
    public var stacksNothing: Bool { directory == nil && !wroteStack }
    private var wroteStack = false

    /// A writer drawing with `options.fonts` into files in `directory`, or with
    /// `directory` nil one stacked picture into `sink`; without fonts it draws nothing.
    public init(options: ExportOptions, directory: String?, sink: OutputSink) {
        self.options = options
        self.fonts = options.fonts
        self.composer = BubbleComposer(options: options)
        self.format = options.format == .png ? .png : .svg
        self.directory = directory
        self.sink = sink
        self.state = TranscriptState(options: options)
        let format: OutputFormat = options.format == .png ? .png : .svg
        self.encoder = options.fonts.map { PictureEncoder(format: format, fonts: $0, scale: options.render.picture.scale) }
    }

    public var failed: Bool { sink.failed }

    /// Measures the sender name and time of `message` and lays out the rows around its
    /// text but the reply quote, or a service message's sentence (nil for what is not
    /// drawn).
    public static func prepare(_ message: TranscriptMessage, options: ExportOptions) -> PicturePiece? {
        let m = message.message
        guard let fonts = options.fonts, let composer = BubbleComposer(options: options) else { return nil }
        // Named and timed as the terminal's bubbles are: the post author, the deleted tag.
        let time = TerminalComposer.timeLabel(m, clock: options.clock, deleted: message.deleted)
        if m.isService {
            let sentence = ServiceSentence.sentence(for: m) + " · " + time
            return PicturePiece(
                caption: BubbleCaption(), extras: BubbleExtras(),
                service: chipLines(
                    sentence, style: Style(attributes: .italic), scale: BubbleScene.serviceScale, composer: composer, options: options))
        }
        guard message.rendered.layout != nil else { return nil }
        let caption = BubbleCaption(
            name: m.senderWithAuthor, peer: BubbleCaption.peer(of: TranscriptGrouping.senderKey(m)), time: time, library: fonts,
            maxWidth: options.render.layout.width)
        return PicturePiece(caption: caption, extras: composer.extras(message))
    }

    /// `text` wrapped for a chip in `style`: as wide as a bubble's text once drawn at the
    /// chip's `scale` of the text's size.
    private static func chipLines(
        _ text: String, style: Style, scale: Double, composer: BubbleComposer, options: ExportOptions
    ) -> [LayoutLine] {
        let width = Int(Double(options.render.layout.width) / scale)
        return composer.text.wrapped(text, width: width, style: style).enumerated().map { k, line in
            LayoutLine(y: k, x: 0, width: line.width, start: 0, end: 0, block: .paragraph, rtl: false, fragments: line.fragments)
        }
    }

    public func setOwner(_ fromID: String) {
        state.setOwner(fromID)
    }

    public func beginChat(_ chat: ExportChatInfo) {
        endGroup()
        state.beginChat()
        if directory == nil, let composer {
            chatAhead = Self.chipLines(
                chat.displayName, style: Style(attributes: .bold), scale: BubbleScene.chatScale, composer: composer, options: options)
        }
    }

    public func write(_ message: TranscriptMessage, piece: PicturePiece?) {
        let m = message.message
        let placement = state.place(m)
        if placement.newGroup { endGroup() }
        if placement.newDay, directory == nil { dayAhead = placement.day }
        if let previous = last {
            decided.append(previous)
            last = nil
        }
        // Remembered after its own quote is looked up, drawn or not: a reply may quote it.
        defer { state.remember(message) }
        var day: BubbleDayChip? = nil
        var chat: [LayoutLine]? = nil
        if piece != nil, let ahead = dayAhead, let fonts {
            day = BubbleDayChip(day: ahead, library: fonts)
            dayAhead = nil
        }
        if piece != nil {
            chat = chatAhead
            chatAhead = nil
        }
        if let piece, !piece.service.isEmpty {
            last = Pending(
                content: .service(piece.service), caption: piece.caption, extras: piece.extras, reply: nil, quoted: nil,
                outgoing: false, tail: false, name: fileName(m), id: m.id, day: day, chat: chat)
            if options.jobs <= 1 { drainOutput() }
            return
        }
        guard let piece, var layout = message.rendered.layout else {
            undrawn += 1
            return
        }
        // Without text, the rows alone show the message (no empty line for the text).
        if m.body.text.isEmpty, !layout.lines.isEmpty { layout.lines = [] }
        let outgoing = state.isOutgoing(m)
        var shown = piece.caption
        if !placement.newGroup || outgoing { shown.name = nil }
        last = Pending(
            content: .bubble(layout), caption: shown, extras: piece.extras, reply: m.replyTo, quoted: m.replyTo.flatMap { state.quote($0) },
            outgoing: outgoing, tail: false, name: fileName(m), id: m.id, day: day, chat: chat)
        if options.jobs <= 1 { drainOutput() }
    }

    public func endChat(_ chat: ExportChatInfo) {
        endGroup()
    }

    public func finish() {
        endGroup()
        drainOutput()
        // Chats told apart by their names only when there are several: the stack made again
        // once, each name's chip before its chat's first scene.
        if chatStarts.count > 1 {
            var titled: [BubbleScene] = []
            titled.reserveCapacity(stacked.count + chatStarts.count)
            var from = 0
            for start in chatStarts {
                titled += stacked[from..<start.at]
                titled.append(start.title)
                from = start.at
            }
            titled += stacked[from...]
            stacked = titled
        }
        chatStarts = []
        if directory == nil, !stacked.isEmpty {
            if let bytes = encoder?.encode(stacked) {
                sink.write(bytes)
                wroteStack = true
            } else {
                failures.append("cannot draw the picture: it is too large (at most \(PNGPainter.maximumSide) pixels a side); use -o DIR")
            }
            stacked = []
        }
        sink.flush()
    }

    /// The group ended: the last message gets the tail.
    private func endGroup() {
        guard var previous = last else { return }
        previous.tail = true
        decided.append(previous)
        last = nil
    }

    /// Draws the decided pictures on `jobs` threads, each thread writing the files of the
    /// pictures it drew; what could not be drawn or written is reported in order.
    public func drainOutput() {
        guard !decided.isEmpty, let fonts, let encoder, let composer else { return }
        var batch: [Pending] = []
        swap(&batch, &decided)
        let metrics = PixelMetrics(fonts)
        let theme = options.render.style.theme
        let spoilers = options.render.style.spoilers
        @Sendable func scene(_ p: Pending) -> BubbleScene {
            let layout: TextLayout
            switch p.content {
            case .service(let lines): return BubbleScene(service: lines, metrics: metrics, theme: theme)
            case .bubble(let text): layout = text
            }
            let extras = p.reply.map { composer.quoting($0, target: p.quoted, in: p.extras) } ?? p.extras
            return BubbleScene(
                layout, metrics: metrics, theme: theme, spoilers: spoilers, caption: p.caption, extras: extras, outgoing: p.outgoing,
                tail: p.tail)
        }
        guard let directory else {
            for pending in batch {
                if let chat = pending.chat {
                    chatStarts.append((stacked.count, BubbleScene(chat: chat, metrics: metrics, theme: theme)))
                }
                if let day = pending.day { stacked.append(BubbleScene(day: day, metrics: metrics, theme: theme)) }
                stacked.append(scene(pending))
            }
            return
        }
        names.removeAll(keepingCapacity: true)
        let threads = ParallelLanes.heavyLanes(items: batch.count, jobs: options.jobs)
        // Each picture: nil when written, else whether it was too large or what failed.
        let slots = OrderedSlots<Pending, (tooLarge: Int64?, failure: String?)?>(batch)
        ParallelLanes.perform(threads) { _ in
            slots.fill { _, pending in
                let file = directory + "/" + pending.name
                guard let bytes = encoder.encode([scene(pending)]) else { return (pending.id, nil) }
                return FileManager.default.createFile(atPath: file, contents: Data(bytes)) ? nil : (nil, "cannot write \(file)")
            }
        }
        for outcome in slots.take() {
            if let failure = outcome?.failure { failures.append(failure) }
            if let id = outcome?.tooLarge {
                tooLarge.append(PictureEncoder.tooTall(at: Diagnostic.Location(messageID: id)))
            }
        }
    }

    /// `2024-01-05_100233-42.png`: the local date and time, then the id; a second message
    /// with the same name (another chat) gets `-2`, `-3`, ….
    private func fileName(_ m: ExportMessage) -> String {
        var bytes: [UInt8] = []
        TimeOfDay.writeDateAndTime(of: options.clock.local(m.date), separator: UInt8(ascii: "_"), withSeconds: true, to: &bytes)
        let stamp = String(decoding: bytes.filter { $0 != UInt8(ascii: ":") }, as: UTF8.self)
        let base = "\(stamp)-\(m.id)"
        var name = base + "." + format.rawValue
        var k = 2
        while names.contains(name) || directory.map({ FileManager.default.fileExists(atPath: $0 + "/" + name) }) == true {
            name = "\(base)-\(k).\(format.rawValue)"
            k += 1
        }
        names.insert(name)
        return name
    }
}
