/// Writes bubble scenes as one self-contained SVG document: shapes, and text as
/// positioned `<text>` elements with the measured fonts' family names. No script, no
/// style sheet, no external reference; every text and attribute value is escaped as HTML
/// is (`HTMLEscaping`), and the noncharacters XML cannot hold become U+FFFD.
struct SVGPicture {
    /// The font-family lists of the text faces and of monospace.
    let families: String
    let monospaceFamilies: String
    /// The em size in pixels.
    let size: Double

    /// The families of the faces `fonts` measured with (the ones `--font` named or
    /// fontconfig chose for it, a file's by the family it holds), then the color emoji
    /// font and the generic family: the text faces first, so a viewer does not take
    /// digits, spaces, `#` or `*` from the emoji font, which has them for its keycaps.
    init(_ fonts: FontLibrary) {
        let named = fonts.faceFamilies
        let emoji = Self.quoted(named.emoji ?? "Noto Color Emoji")
        families = (named.text.map(Self.quoted) + [emoji, "sans-serif"]).joined(separator: ", ")
        monospaceFamilies = [Self.quoted(named.monospace ?? fonts.options.monospaceFamily), emoji, "monospace"].joined(separator: ", ")
        size = fonts.options.size
    }

    /// The document showing `scenes` one under another, `gap` pixels apart (outgoing ones
    /// at the right, chips centered).
    func document(_ scenes: [BubbleScene], gap: Double) -> String {
        let width = scenes.map(\.width).max() ?? 1
        let height = scenes.map(\.height).reduce(0, +) + gap * Double(max(0, scenes.count - 1))
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\""
        out += " viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">\n"
        var y = 0.0
        for scene in scenes {
            let x = scene.x(inStackOf: width)
            out += x == 0 && y == 0 ? "<g>\n" : "<g transform=\"translate(\(Self.number(x)) \(Self.number(y)))\">\n"
            for element in scene.elements { write(element, into: &out) }
            out += "</g>\n"
            y += scene.height + gap
        }
        out += "</svg>\n"
        return out
    }

    private func write(_ element: SceneElement, into out: inout String) {
        switch element {
        case .rect(let x, let y, let w, let h, let radius, let color):
            out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(w))\" height=\"\(Self.number(h))\""
            if radius > 0 { out += " rx=\"\(Self.number(radius))\"" }
            out += "\(Self.fill(color))/>\n"
        case .path(let commands, let color):
            out += "<path d=\"\(Self.pathData(commands))\"\(Self.fill(color))/>\n"
        case .text(let text):
            let family = text.face == .monospace ? monospaceFamilies : families
            let x = text.rtl ? text.x + text.width : text.x
            out += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(text.baseline))\" font-family=\"\(Self.escaped(family))\""
            out += " font-size=\"\(Self.number(size * text.scale))\""
            if text.face == .bold || text.face == .boldItalic { out += " font-weight=\"bold\"" }
            if text.face == .italic || text.face == .boldItalic { out += " font-style=\"italic\"" }
            if text.rtl { out += " direction=\"rtl\" unicode-bidi=\"embed\"" }
            if text.width > 0 { out += " textLength=\"\(Self.number(text.width))\" lengthAdjust=\"spacing\"" }
            out += " xml:space=\"preserve\"\(Self.fill(text.color))>\(Self.escaped(text.text))</text>\n"
        }
    }

    /// ` fill="#rrggbb"`, with `fill-opacity` when not opaque.
    static func fill(_ rgba: UInt32) -> String {
        let rgb = String(rgba >> 8, radix: 16)
        var out = " fill=\"#\(String(repeating: "0", count: 6 - rgb.count))\(rgb)\""
        let alpha = rgba & 0xFF
        if alpha != 0xFF { out += " fill-opacity=\"\(number(Double(alpha) / 255))\"" }
        return out
    }

    static func pathData(_ commands: [PathCommand]) -> String {
        commands.map { command in
            switch command {
            case .move(let x, let y): "M\(number(x)) \(number(y))"
            case .line(let x, let y): "L\(number(x)) \(number(y))"
            case .curve(let a, let b, let c, let d, let e, let f):
                "C\(number(a)) \(number(b)) \(number(c)) \(number(d)) \(number(e)) \(number(f))"
            case .close: "Z"
            }
        }.joined()
    }

    /// `value` with at most three decimals, without trailing zeros.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = Int((value * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = abs(thousandths)
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(magnitude / 1000) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// `text` escaped for XML text and attribute values: as HTML escapes it (controls
    /// shown as placeholders), with the noncharacters U+FFFE and U+FFFF, which XML 1.0
    /// cannot hold, as U+FFFD.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) else {
            return HTMLEscaping.escape(text)
        }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            safe.append(scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
        }
        return HTMLEscaping.escape(String(safe))
    }

    /// `family` in single quotes, for a font-family list.
    private static func quoted(_ family: String) -> String {
        "'" + family.filter { $0 != "'" && $0 != "\\" && $0 != ";" } + "'"
    }
}
