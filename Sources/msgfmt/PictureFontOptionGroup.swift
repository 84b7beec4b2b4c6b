import ArgumentParser
import MsgfmtCore

/// The font and picture options `render` and `export` share for `--to svg|png` (and
/// render's `--measure font`). Their defaults are `FontOptions()`'s and `PictureOptions()`'s.
struct PictureFontOptionGroup: ParsableArguments {
    private static let fontDefaults = FontOptions()
    private static let pictureDefaults = PictureOptions()

    @Option(
        help:
            "A font family (fontconfig name) or font file; repeat for fallbacks, first choice first (default: the system's sans-serif). Characters none of them has come from fontconfig's fallbacks, emoji from the color emoji font."
    )
    var font: [String] = []

    @Option(name: .customLong("font-size"), parsing: .unconditional, help: "The font size in pixels (4-256).")
    var fontSize: Double = Self.fontDefaults.size

    @Option(name: .customLong("line-height"), parsing: .unconditional, help: "The line height as a multiple of the font size (0.5-4).")
    var lineHeight: Double = Self.fontDefaults.lineHeight

    @Option(parsing: .unconditional, help: "With --to png: device pixels per pixel (1-4), for sharp pictures on dense screens.")
    var scale: Double = Self.pictureDefaults.scale

    @Flag(
        help:
            "With --to svg|png -o FILE: every message in one picture, one bubble under another (each day's date on a chip above its first message, when they fall on more than one day; export always heads its days)."
    )
    var stack = false

    /// The font options the flags set.
    var fonts: FontOptions {
        var o = FontOptions()
        o.families = font
        o.size = fontSize
        o.lineHeight = lineHeight
        return o
    }

    /// The picture options the flags set (no output).
    var picture: PictureOptions {
        var o = PictureOptions()
        o.scale = scale
        o.stack = stack
        return o
    }

    func validate() throws {
        try Self.validate(fonts: fonts, picture: picture)
    }

    /// The group's check of the sizes and the scale, for either reader of the command line.
    static func validate(fonts: FontOptions, picture: PictureOptions) throws {
        guard FontOptions.sizes.contains(fonts.size) else {
            throw ValidationError("--font-size must be between 4 and 256 pixels, not \(fonts.size).")
        }
        guard FontOptions.lineHeights.contains(fonts.lineHeight) else {
            throw ValidationError("--line-height must be between 0.5 and 4 (times the font size), not \(fonts.lineHeight).")
        }
        guard PictureOptions.scales.contains(picture.scale) else {
            throw ValidationError("--scale must be between 1 and 4, not \(picture.scale).")
        }
    }
}
