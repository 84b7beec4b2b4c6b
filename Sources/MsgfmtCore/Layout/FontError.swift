/// Why the fonts for `--measure font` could not be set up.
public enum FontError: Error, Sendable, Hashable {
    /// No installed font matches the family (or the file is not a font).
    case notFound(String)
    /// The size is outside `FontOptions.sizes`.
    case sizeOutOfRange(Double)
    /// The line height is outside `FontOptions.lineHeights`.
    case lineHeightOutOfRange(Double)
    /// A system library fonts or pictures need (HarfBuzz, fontconfig, cairo, FreeType,
    /// zlib) could not be loaded: the loader's reason.
    case libraryMissing(String)

    /// The error in one sentence.
    public var message: String {
        switch self {
        case .notFound(let family): "no font found for \"\(family)\" (a family name fontconfig knows, or a font file)"
        case .sizeOutOfRange(let size): "the font size must be between 4 and 256 pixels, not \(size)"
        case .lineHeightOutOfRange(let height): "the line height must be between 0.5 and 4 times the font size, not \(height)"
        case .libraryMissing(let reason): "pixel layout and pictures need a system library that could not be loaded (\(reason))"
        }
    }
}
