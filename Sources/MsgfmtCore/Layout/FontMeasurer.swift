/// Measures one message in a font: each grapheme cluster's width is the sum of the
/// HarfBuzz advances of its glyphs, in layout units (1/64 px).
///
/// The message is shaped word by word when the measurer is made — a word being a run of
/// one face style between spaces, tabs and line ends, so ligatures, kerning and Arabic
/// joining inside it count — through the library's cache of shaped words. Text other
/// than the message (the ellipsis, a pre block's title) is shaped when asked for, in the
/// regular face. An unsafe control is measured as its `DisplaySafety` placeholder.
///
/// ```swift
/// let fonts = try FontLibrary(FontOptions())
/// let styled = StyledText(plain: "Hello there")
/// var c = LayoutConstraints()
/// c.width = 120 * FontLibrary.unitsPerPixel
/// let layout = TextLayouter.layout(styled, c, measurer: FontMeasurer(styled, library: fonts))
/// ```
public struct FontMeasurer: TextMeasurer {
    /// The fonts.
    public let library: FontLibrary
    /// The message's units (kept to recognize the message's text when asked) and the
    /// advance of each.
    private let units: [UInt16]
    private let advances: [Int32]

    /// Shapes `styled` with `library`.
    public init(_ styled: StyledText, library: FontLibrary) {
        self.library = library
        let units = styled.text.units
        self.units = units
        var advances = [Int32](repeating: 0, count: units.count)
        var faces = [FaceStyle](repeating: .regular, count: units.count)
        var styledFaces = false
        for run in styled.runs {
            let face = FaceStyle(run.style)
            guard face != .regular else { continue }
            for i in run.range.clamped(to: 0..<units.count) { faces[i] = face }
            styledFaces = true
        }
        if styledFaces, !styled.text.isASCII {
            // A cluster is drawn in the face of its first unit, as layout styles it: one
            // an entity ends inside (a family emoji half bold) is shaped whole in that face,
            // not as two pieces wider than the one glyph drawn.
            var start = 0
            for end in GraphemeSegmenter.boundaries(in: styled.text) where end > start {
                for i in start..<min(end, units.count) { faces[i] = faces[start] }
                start = end
            }
        }
        // A space's width per face style, looked up once per message.
        var spaces = [Int32](repeating: -1, count: FaceStyle.allCases.count)
        units.withUnsafeBufferPointer { units in
            advances.withUnsafeMutableBufferPointer { advances in
                var start = 0
                var i = 0
                while i <= units.count {
                    let ends = i == units.count || Self.separates(units[i]) || (i > start && faces[i] != faces[start])
                    if ends {
                        if i > start { library.addAdvances(units, start..<i, style: faces[start], into: advances) }
                        if i < units.count, units[i] == 0x20 {
                            let style = Int(faces[i].rawValue)
                            if spaces[style] < 0 { spaces[style] = Int32(library.shape([0x20], style: faces[i], direction: 0).width) }
                            advances[i] = spaces[style]
                        }
                        start = i + 1
                        if i < units.count, !Self.separates(units[i]) { start = i }
                    }
                    i += 1
                }
            }
        }
        self.advances = advances
    }

    /// True for a unit shaped on its own: spaces, tabs and line ends.
    private static func separates(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0x0A || u == 0x0D || u == 0x2028 || u == 0x2029
    }

    public func width(of range: Range<Int>, in text: UTF16Text) -> Int {
        if range.isEmpty { return 0 }
        let (scalar, length) = text.scalar(at: range.lowerBound)
        if length == range.count, let placeholder = DisplaySafety.placeholder(for: scalar) {
            return library.shape(Array(String(placeholder).utf16), style: .regular, direction: 0).width
        }
        if isMessage(text), range.upperBound <= advances.count {
            var sum = 0
            for i in range { sum += Int(advances[i]) }
            return sum
        }
        return library.shape(Array(text.units[range]), style: .regular, direction: 0).width
    }

    /// True when `text` is the message this measurer shaped (the same storage).
    private func isMessage(_ text: UTF16Text) -> Bool {
        guard text.units.count == units.count else { return false }
        return text.units.withUnsafeBufferPointer { a in units.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
