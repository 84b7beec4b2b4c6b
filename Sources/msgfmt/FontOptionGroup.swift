import ArgumentParser
import MsgfmtCore

/// `render`'s options for layouts measured with fonts and for pictures. Their defaults
/// are `FontOptions()`'s and `PictureOptions()`'s.
struct FontOptionGroup: ParsableArguments {
    private static let fontDefaults = FontOptions()
    private static let pictureDefaults = PictureOptions()

    @Option(
        help: ArgumentHelp(
            "What layout measures in: cells (terminal cells) or font (pixels of real fonts, shaped with HarfBuzz).",
            discussion:
                "--to svg and --to png, and a --width in px, always measure with fonts; --width then counts pixels (default 360px). With fonts, --to json writes the same boxes in pixels (at most two decimals) with \"unit\": \"px\" after id: the message's width and height; each line's y (top of its band), height (the line height), x, width, baseline (from the top of the message), ascent and descent; each fragment's x, width, y and height. Cell output has no unit member."
        ))
    var measure: MeasureMode = RenderOptions().measure

    @Option(
        help:
            "A font family (fontconfig name) or font file; repeat for fallbacks, first choice first (default: the system's sans-serif). Characters none of them has come from fontconfig's fallbacks, emoji from the color emoji font."
    )
    var font: [String] = []

    @Option(name: .customLong("font-size"), help: "The font size in pixels (4-256).")
    var fontSize: Double = Self.fontDefaults.size

    @Option(name: .customLong("line-height"), help: "The line height as a multiple of the font size (0.5-4).")
    var lineHeight: Double = Self.fontDefaults.lineHeight

    @Option(help: "With --to png: device pixels per pixel (1-4), for sharp pictures on dense screens.")
    var scale: Double = Self.pictureDefaults.scale

    @Flag(help: "With --to svg|png -o FILE: every message in one picture, one bubble under another.")
    var stack = false

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help:
            "With --to svg|png: a directory that gets one picture per message (message-ID.png), or with --stack the file of the picture (default: one picture of all messages on standard output)."
    )
    var output: String?

    /// The font options the flags set.
    var fonts: FontOptions {
        var o = FontOptions()
        o.families = font
        o.size = fontSize
        o.lineHeight = lineHeight
        return o
    }

    /// The picture options the flags set.
    var picture: PictureOptions {
        var o = PictureOptions()
        o.scale = scale
        o.stack = stack
        o.output = output
        return o
    }

    func validate() throws {
        guard FontOptions.sizes.contains(fontSize) else {
            throw ValidationError("--font-size must be between 4 and 256 pixels, not \(fontSize).")
        }
        guard FontOptions.lineHeights.contains(lineHeight) else {
            throw ValidationError("--line-height must be between 0.5 and 4 (times the font size), not \(lineHeight).")
        }
        guard PictureOptions.scales.contains(scale) else { throw ValidationError("--scale must be between 1 and 4, not \(scale).") }
    }
}

extension MeasureMode: ExpressibleByArgument {}
