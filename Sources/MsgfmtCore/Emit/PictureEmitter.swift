import FoundationEssentials

/// `--to svg` and `--to png`: each message as a chat bubble (see `BubbleScene`), laid out
/// with fonts. With `PictureOptions.filePerMessage` every message becomes a file of its
/// own in the output directory, named after its id (`message-<id>.png`, or its position
/// when it has none); otherwise all messages are drawn one under another in one picture
/// written at the end.
public struct PictureEmitter: MessageEmitter {
    private let format: OutputFormat
    private let fonts: FontLibrary?
    private let palette: BubblePalette
    private let spoilers: SpoilerMode
    private let picture: PictureOptions
    private let svg: SVGPicture
    private var painter: PNGPainter?
    private var scenes: [BubbleScene] = []
    private var names: Set<String> = []
    /// Files that could not be written or drawn, one sentence each.
    public private(set) var failures: [String] = []

    /// Pixels between stacked bubbles.
    static let gap = 2.0

    /// An emitter writing `format` (svg or png) with `fonts`; without fonts it writes nothing.
    public init(format: OutputFormat, fonts: FontLibrary?, style: StyleOptions, picture: PictureOptions) {
        self.format = format
        self.fonts = fonts
        self.palette = BubblePalette(style.theme)
        self.spoilers = style.spoilers
        self.picture = picture
        self.svg = SVGPicture(fonts?.options ?? FontOptions())
        self.painter = fonts.map(PNGPainter.init)
    }

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        guard let fonts, let layout = message.layout else { return }
        let scene = BubbleScene(layout, metrics: PixelMetrics(fonts), palette: palette, spoilers: spoilers)
        guard picture.filePerMessage, let directory = picture.output else {
            scenes.append(scene)
            return
        }
        var name = message.message.id.map { "message-\($0)" } ?? "message-\(message.index + 1)"
        if names.contains(name) { name += "-\(message.index + 1)" }
        names.insert(name)
        let file = directory + "/" + name + "." + format.rawValue
        guard let bytes = encode([scene]) else {
            failures.append("cannot draw \(file): the picture is too large")
            return
        }
        if !FileManager.default.createFile(atPath: file, contents: Data(bytes)) {
            failures.append("cannot write \(file)")
        }
    }

    public mutating func end(into sink: OutputSink) {
        guard !picture.filePerMessage, !scenes.isEmpty else { return }
        guard let bytes = encode(scenes) else {
            failures.append("cannot draw the picture: it is too large (at most 16384 pixels a side)")
            return
        }
        sink.write(bytes)
    }

    /// The file bytes of `scenes` one under another.
    private func encode(_ scenes: [BubbleScene]) -> [UInt8]? {
        switch format {
        case .png: painter?.png(scenes, gap: Self.gap, scale: picture.scale)
        default: Array(svg.document(scenes, gap: Self.gap).utf8)
        }
    }
}
