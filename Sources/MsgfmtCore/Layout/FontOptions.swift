/// What `--measure font` measures with: font families (or files), the pixel size and the
/// line height. One source of truth for the defaults of `--font`, `--font-size` and
/// `--line-height`.
public struct FontOptions: Sendable, Hashable {
    /// Families or font files, first choice first; fontconfig supplies fallbacks for
    /// characters none of them has. Empty means the system's sans-serif.
    public var families: [String] = []
    /// The em size in pixels.
    public var size: Double = 16
    /// The line height as a multiple of `size` (Telegram's apps: 21 px lines at 16 px).
    public var lineHeight: Double = 1.3125
    /// The family of code and pre blocks.
    public var monospaceFamily = "monospace"

    /// The family asked for when `families` is empty.
    public static let defaultFamily = "sans-serif"

    /// The sizes `--font-size` accepts, in pixels.
    public static let sizes: ClosedRange<Double> = 4...256
    /// The line heights `--line-height` accepts, as multiples of the size.
    public static let lineHeights: ClosedRange<Double> = 0.5...4

    /// Creates the defaults.
    public init() {}
}
