/// Turns bubble scenes into the bytes of an SVG or PNG file: what `render --to svg|png`
/// and `export --to svg|png` share. Holds nothing that changes, so the threads of a run
/// drawing in parallel share one encoder (and with it one opening of each font).
struct PictureEncoder: Sendable {
    private let format: OutputFormat
    private let scale: Double
    private let svg: SVGPicture
    private let painter: PNGPainter?

    /// Pixels between stacked bubbles.
    static let gap = 2.0

    /// The error of a message at `location` whose own picture is too tall to draw
    /// (`encode` gave nil): the other pictures of a run are still written.
    static func tooTall(at location: Diagnostic.Location) -> Diagnostic {
        Diagnostic(
            .error, location,
            "not drawn: its picture would be taller than \(PNGPainter.maximumSide) pixels (a wider --width or a smaller --scale "
                + "fits more lines)")
    }

    /// An encoder of `format` (svg or png, else svg) drawing with `fonts` at `scale`.
    init(format: OutputFormat, fonts: FontLibrary, scale: Double) {
        self.format = format
        self.scale = scale
        self.svg = SVGPicture(fonts)
        self.painter = format == .png ? PNGPainter(faces: PaintFaces(fonts: fonts)) : nil
    }

    /// The file bytes of `scenes` one under another; nil when the PNG cannot be drawn
    /// (more than `PNGPainter.maximumSide` device pixels a side).
    func encode(_ scenes: [BubbleScene]) -> [UInt8]? {
        if let painter { return painter.png(scenes, gap: Self.gap, scale: scale) }
        return Array(svg.document(scenes, gap: Self.gap).utf8)
    }
}
