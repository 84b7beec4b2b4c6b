import FoundationEssentials

/// `--to svg` and `--to png`: each message as a chat bubble (see `BubbleScene`), laid out
/// with fonts, with the sender's name and the time (in `--time-zone`) when the input gives them
/// (Bot API `from` and `date`). With `PictureOptions.filePerMessage` every message becomes a
/// file of its own in the output directory, named after its id (`message-<id>.png`, or its
/// position when it has none): drawn by whichever thread laid it out (`prepare`), the file
/// written in input order; otherwise all messages are drawn one under another in one
/// picture written at the end, as the apps draw a conversation: a sender's name on the
/// first bubble of their run of messages (a run ends with the day), the tail on the last,
/// and — when the messages' dates fall on more than one day — each day's date on a chip
/// above its first message (`BubbleDayChip`).
public struct PictureEmitter: BufferedEmitter {
    private let format: OutputFormat
    private let fonts: FontLibrary?
    private let theme: Theme
    private let spoilers: SpoilerMode
    private let picture: PictureOptions
    private let encoder: PictureEncoder?
    /// The widest a bubble's content may grow to hold its time, in layout units.
    private let maxWidth: Int
    /// The zone of the bubbles' times.
    private let clock: ExportClock
    /// The messages of the stacked picture, drawn at the end once each one's neighbours
    /// are known.
    private var stacked: [(layout: TextLayout, caption: BubbleCaption, extras: BubbleExtras, sender: String?, day: Int64?)] = []
    private var names: Set<String> = []
    var buffer: [UInt8] = []
    /// Files that could not be written or drawn, one sentence each.
    public private(set) var failures: [String] = []
    /// The messages of the current input too tall or wide to draw in a file of their own
    /// (more than `PNGPainter` draws a side), by id and position (from 1): reported as
    /// their messages' errors (`takeUndrawn`), the other pictures written.
    private var undrawn: [(id: Int64?, position: Int)] = []

    /// An emitter writing `format` (svg or png) with `fonts`, bubbles at most `maxWidth`
    /// layout units wide, times in `clock`'s zone; without fonts it writes nothing.
    public init(
        format: OutputFormat, fonts: FontLibrary?, style: StyleOptions, picture: PictureOptions, maxWidth: Int,
        clock: ExportClock = .local
    ) {
        self.clock = clock
        self.format = format
        self.maxWidth = maxWidth
        self.fonts = fonts
        self.theme = style.theme
        self.spoilers = style.spoilers
        self.picture = picture
        self.encoder = fonts.map { PictureEncoder(format: format, fonts: $0, scale: picture.scale) }
    }

    /// A copy for a worker thread, sharing the encoder (and its fonts); nil for a stacked
    /// picture, which is drawn whole at the end.
    public func makeWorkerCopy() -> PictureEmitter? {
        guard filesPerMessage else { return nil }
        var copy = self
        copy.names = []
        copy.failures = []
        copy.undrawn = []
        copy.buffer = []
        return copy
    }

    /// A picture is tens of kilobytes (a tall one megabytes): a few per batch keep the
    /// prepared bytes small, and a picture takes long enough to draw that handing out a
    /// batch costs little beside it.
    public var messagesPerBatch: Int { 8 }

    private var filesPerMessage: Bool { picture.filePerMessage && picture.output != nil }

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        guard let fonts, let layout = message.layout else { return }
        guard filesPerMessage else {
            let m = message.message
            let caption = caption(of: m, fonts: fonts)
            stacked.append((layout, caption, Self.extras(message, layout: layout), m.sender?.key, m.date.map(clock.day(of:))))
            return
        }
        emitThroughBuffer(message, into: sink)
    }

    /// Draws `message`'s own picture (file per message); nothing for a message that is not
    /// drawn.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        guard let fonts, let encoder, let layout = message.layout else { return }
        let scene = BubbleScene(
            layout, metrics: PixelMetrics(fonts), theme: theme, spoilers: spoilers, caption: caption(of: message.message, fonts: fonts),
            extras: Self.extras(message, layout: layout))
        PreparedPicture.append(id: message.message.id, position: message.index + 1, picture: encoder.encode([scene]), to: &out)
    }

    /// Names the prepared picture's file (a name used before gets the position too) and
    /// writes it.
    public mutating func emit(prepared: UnsafeBufferPointer<UInt8>, into sink: OutputSink) {
        guard let prepared = PreparedPicture(prepared), let directory = picture.output else { return }
        var name = prepared.name
        if names.contains(name) { name += "-\(prepared.position)" }
        names.insert(name)
        let file = directory + "/" + name + "." + format.rawValue
        guard let bytes = prepared.picture else {
            undrawn.append((prepared.id, prepared.position))
            return
        }
        if !FileManager.default.createFile(atPath: file, contents: Data(bytes)) {
            failures.append("cannot write \(file)")
        }
    }

    /// The errors of the messages of the input so far whose pictures were too large to
    /// draw, located by id (else position), and forgets them.
    public mutating func takeUndrawn() -> [Diagnostic] {
        defer { undrawn = [] }
        return undrawn.map { PictureEncoder.tooTall(at: Diagnostic.Location(messageID: $0.id, messageIndex: $0.position - 1)) }
    }

    /// The media placeholder's lines above the text (`RenderedMessage.mediaLines`, laid
    /// out with the fonts in `layout`'s width), as the terminal formats draw them.
    private static func extras(_ message: RenderedMessage, layout: TextLayout) -> BubbleExtras {
        guard !message.mediaLines.isEmpty else { return BubbleExtras() }
        return BubbleExtras(above: message.mediaLines.map { BubbleRow(.media, $0) }, below: [], width: layout.width)
    }

    /// The sender's name and the time of `m`, measured.
    private func caption(of m: Message, fonts: FontLibrary) -> BubbleCaption {
        BubbleCaption(
            name: m.sender?.name, peer: BubbleCaption.peer(of: m.sender?.key ?? ""), time: m.date.map(clock.time(of:)),
            library: fonts, maxWidth: maxWidth)
    }

    /// True when this emitter makes one stacked picture and no message was drawn into it,
    /// so there is no picture to write (as `PictureTranscriptWriter.stacksNothing`).
    public var stacksNothing: Bool { !picture.filePerMessage && !wroteStack }
    private var wroteStack = false

    public mutating func end(into sink: OutputSink) {
        guard !picture.filePerMessage, !stacked.isEmpty, let fonts else { return }
        let metrics = PixelMetrics(fonts)
        var scenes: [BubbleScene] = []
        // One run of a sender's bubbles: the same sender on the same day (or both undated).
        func together(_ a: Int, _ b: Int) -> Bool {
            stacked[a].sender != nil && stacked[a].sender == stacked[b].sender && stacked[a].day == stacked[b].day
        }
        let chips = Set(stacked.compactMap(\.day)).count > 1
        var lastDay: Int64? = nil
        for (i, entry) in stacked.enumerated() {
            if chips, let day = entry.day, day != lastDay {
                scenes.append(BubbleScene(day: BubbleDayChip(day: day, library: fonts), metrics: metrics, theme: theme))
                lastDay = day
            }
            let sameAsBefore = i > 0 && together(i - 1, i)
            let sameAsAfter = i + 1 < stacked.count && together(i, i + 1)
            var caption = entry.caption
            if sameAsBefore { caption.name = nil }
            scenes.append(
                BubbleScene(
                    entry.layout, metrics: metrics, theme: theme, spoilers: spoilers, caption: caption, extras: entry.extras,
                    tail: !sameAsAfter))
        }
        stacked = []
        guard let bytes = encoder?.encode(scenes) else {
            failures.append("cannot draw the picture: it is too large (at most \(PNGPainter.maximumSide) pixels a side)")
            return
        }
        sink.write(bytes)
        wroteStack = true
    }
}
