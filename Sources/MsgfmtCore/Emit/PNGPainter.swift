internal import CCairo

/// Paints bubble scenes into a PNG through cairo: shapes as filled paths, text as the
/// glyphs the font library shapes for it (color emoji included), placed where the layout
/// put it. Holds nothing of its own between pictures, so any number of threads may paint
/// with one painter at once: the fonts are the run's shared `PaintFaces`.
struct PNGPainter: Sendable {
    /// The most device pixels a picture has a side (`msgfmt_cairo` refuses more).
    static let maximumSide = 16384

    private let faces: PaintFaces
    private var fonts: FontLibrary { faces.fonts }

    /// A painter drawing with `faces`.
    init(faces: PaintFaces) {
        self.faces = faces
    }

    /// The PNG bytes of `scenes` one under another, `gap` pixels apart, at `scale`; nil
    /// when cairo fails or the picture would be too large.
    func png(_ scenes: [BubbleScene], gap: Double, scale: Double) -> [UInt8]? {
        let width = scenes.map(\.width).max() ?? 1
        let height = scenes.map(\.height).reduce(0, +) + gap * Double(max(0, scenes.count - 1))
        guard let canvas = msgfmt_cairo_canvas_create(width, max(1, height), scale) else { return nil }
        defer { msgfmt_cairo_canvas_destroy(canvas) }
        var y = 0.0
        for scene in scenes {
            let x = scene.x(inStackOf: width)
            for element in scene.elements { draw(element, dx: x, dy: y, on: canvas) }
            y += scene.height + gap
        }
        var bytes: UnsafeMutablePointer<UInt8>? = nil
        let count = msgfmt_cairo_png(canvas, Int32(MSGFMT_CAIRO_PNG_FASTEST), &bytes)
        guard count >= 0, let bytes else { return nil }
        defer { msgfmt_cairo_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(count)))
    }

    private func draw(_ element: SceneElement, dx: Double, dy: Double, on canvas: OpaquePointer) {
        switch element {
        case .rect(let x, let y, let w, let h, let radius, let color):
            fill(PathCommand.roundedRect(x: x + dx, y: y + dy, width: w, height: h, radius: radius), color, on: canvas)
        case .path(let commands, let color):
            fill(commands.map { $0.offset(dx: dx, dy: dy) }, color, on: canvas)
        case .text(let text):
            let units = Array(text.text.utf16)
            guard !units.isEmpty else { return }
            let shaped = fonts.shape(units, style: text.face, direction: text.rtl ? 2 : 1)
            let scale = text.scale / Double(FontLibrary.unitsPerPixel)
            for run in shaped.runs {
                guard let face = faces.face(run.face) else { continue }
                let xs = run.xs.map { text.x + dx + Double($0) * scale }
                let ys = run.ys.map { text.baseline + dy + Double($0) * scale }
                msgfmt_cairo_glyphs(
                    canvas, face, fonts.options.size * text.scale, 0, text.color, Int32(run.glyphs.count), run.glyphs, xs, ys)
            }
        }
    }

    private func fill(_ commands: [PathCommand], _ color: UInt32, on canvas: OpaquePointer) {
        for command in commands {
            switch command {
            case .move(let x, let y): msgfmt_cairo_move_to(canvas, x, y)
            case .line(let x, let y): msgfmt_cairo_line_to(canvas, x, y)
            case .curve(let a, let b, let c, let d, let e, let f): msgfmt_cairo_curve_to(canvas, a, b, c, d, e, f)
            case .close: msgfmt_cairo_close_path(canvas)
            }
        }
        msgfmt_cairo_fill(canvas, color)
    }
}
