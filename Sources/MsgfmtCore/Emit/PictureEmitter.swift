import FoundationEssentials

/// `--to svg` and `--to png`: each message as a chat bubble (see `BubbleScene`), laid out
/// with fonts, with the sender's name and the time (in `--time-zone`) when the input gives them
/// (Bot API `from` and `date`). With `PictureOptions.filePerMessage` every message becomes a
/// file of its own in the output directory, named after its id (`message-<id>.png`, or its
/// position when it has none); otherwise all messages are drawn one under another in one
/// picture written at the end, as the apps draw a conversation: a sender's name on the
/// first bubble of their run of messages, the tail on the last.
public struct PictureEmitter: MessageEmitter {
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
    private var stacked: [(layout: TextLayout, caption: BubbleCaption, sender: String?)] = []
    private var names: Set<String> = []
    /// Files that could not be written or drawn, one sentence each.
    public private(set) var failures: [String] = []

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

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        guard let fonts, let layout = message.layout else { return }
        let m = message.message
        let caption = BubbleCaption(
            name: m.sender?.name, peer: BubbleCaption.peer(of: m.sender?.key ?? ""), time: m.date.map(clock.time(of:)),
            library: fonts, maxWidth: maxWidth)
        guard picture.filePerMessage, let directory = picture.output else {
            stacked.append((layout, caption, m.sender?.key))
            return
        }
        let scene = BubbleScene(layout, metrics: PixelMetrics(fonts), theme: theme, spoilers: spoilers, caption: caption)
        var name = message.message.id.map { "message-\($0)" } ?? "message-\(message.index + 1)"
        if names.contains(name) { name += "-\(message.index + 1)" }
        names.insert(name)
        let file = directory + "/" + name + "." + format.rawValue
        guard let bytes = encoder?.encode([scene]) else {
            failures.append("cannot draw \(file): the picture is too large")
            return
        }
        if !FileManager.default.createFile(atPath: file, contents: Data(bytes)) {
            failures.append("cannot write \(file)")
        }
    }

    public mutating func end(into sink: OutputSink) {
        guard !picture.filePerMessage, !stacked.isEmpty, let fonts else { return }
        let metrics = PixelMetrics(fonts)
        var scenes: [BubbleScene] = []
        for (i, entry) in stacked.enumerated() {
            let sameAsBefore = i > 0 && entry.sender != nil && stacked[i - 1].sender == entry.sender
            let sameAsAfter = i + 1 < stacked.count && entry.sender != nil && stacked[i + 1].sender == entry.sender
            var caption = entry.caption
            if sameAsBefore { caption.name = nil }
            scenes.append(
                BubbleScene(entry.layout, metrics: metrics, theme: theme, spoilers: spoilers, caption: caption, tail: !sameAsAfter))
        }
        stacked = []
        guard let bytes = encoder?.encode(scenes) else {
            failures.append("cannot draw the picture: it is too large (at most 16384 pixels a side)")
            return
        }
        sink.write(bytes)
    }
}
