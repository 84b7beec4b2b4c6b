/// The vertical geometry of a layout measured by a `FontMeasurer`, and the conversion of
/// its units to pixels: line `i` is the band `i × lineHeight` … `(i + 1) × lineHeight`,
/// its baseline placed so the first font's ascent and descent sit in the middle of it.
public struct PixelMetrics: Sendable, Hashable {
    /// Layout units per pixel.
    public var unitsPerPixel: Int
    /// Line height, ascent and descent, in layout units.
    public var lineHeight: Int
    public var ascent: Int
    public var descent: Int

    /// The metrics of `library`.
    public init(_ library: FontLibrary) {
        unitsPerPixel = FontLibrary.unitsPerPixel
        lineHeight = library.lineHeight
        ascent = library.ascent
        descent = library.descent
    }

    /// The top of line `index`, in layout units.
    public func top(ofLine index: Int) -> Int { index * lineHeight }

    /// The baseline of line `index`, in layout units from the top of the layout.
    public func baseline(ofLine index: Int) -> Int {
        top(ofLine: index) + (lineHeight - ascent - descent) / 2 + ascent
    }

    /// `units` in pixels.
    public func pixels(_ units: Int) -> Double { Double(units) / Double(unitsPerPixel) }
}
