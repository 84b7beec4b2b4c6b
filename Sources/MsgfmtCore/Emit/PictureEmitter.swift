import FoundationEssentials

/// `--to svg` and `--to png`: each message as a chat bubble (see `BubbleScene`), laid out
/// with fonts. With `PictureOptions.filePerMessage` every message becomes a file of its
/// own in the output directory, named after its id (`message-<id>.png`, or its position
/// when it has none); otherwise all messages are drawn one under another in one picture
/// written at the end.
public struct PictureEmitter: MessageEmitter {
    private let format: OutputFormat
    private let fonts: FontLibrary?
    private let theme: Theme
    private let spoilers: SpoilerMode
    private let picture: PictureOptions
    private let encoder: PictureEncoder?
    private var scenes: [BubbleScene] = []
    private var names: Set<String> = []
    /// Files that could not be written or drawn, one sentence each.
    public private(set) var failures: [String] = []

    /// An emitter writing `format` (svg or png) with `fonts`; without fonts it writes nothing.
    public init(format: OutputFormat, fonts: FontLibrary?, style: StyleOptions, picture: PictureOptions) {
        self.format = format
        self.fonts = fonts
        self.theme = style.theme
        self.spoilers = style.spoilers
        self.picture = picture
        self.encoder = fonts.map { PictureEncoder(format: format, fonts: $0, scale: picture.scale) }
    }

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        guard let fonts, let layout = message.layout else { return }
        let scene = BubbleScene(layout, metrics: PixelMetrics(fonts), theme: theme, spoilers: spoilers)
        guard picture.filePerMessage, let directory = picture.output else {
            scenes.append(scene)
            return
        }
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
        guard !picture.filePerMessage, !scenes.isEmpty else { return }
        guard let bytes = encoder?.encode(scenes) else {
            failures.append("cannot draw the picture: it is too large (at most 16384 pixels a side)")
            return
        }
        sink.write(bytes)
    }
}
