import ArgumentParser
import MsgfmtCore

/// `render`'s options for layouts measured with fonts and for pictures: `--measure`, the
/// options `export` shares (`PictureFontOptionGroup`) and `-o`.
struct FontOptionGroup: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "What layout measures in: cells (terminal cells) or font (pixels of real fonts, shaped with HarfBuzz).",
            discussion:
                "--to svg and --to png, and a --width in px, always measure with fonts; --width then counts pixels (default 360px). With fonts, --to json writes the same boxes in pixels (at most two decimals) with \"unit\": \"px\" after id: the message's width and height; each line's y (top of its band), height (the line height), x, width, baseline (from the top of the message), ascent and descent; each fragment's x, width, y and height. Cell output has no unit member."
        ))
    var measure: MeasureMode = RenderOptions().measure

    @OptionGroup var shared: PictureFontOptionGroup

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help:
            "With --to svg|png: a directory that gets one picture per message (message-ID.png; message-N.png, N its position, for one without an id, and message-ID-N.png for an id already used), drawn on every --jobs thread and written in input order; or, with --stack or a name ending in the format's extension (-o bubble.png), the file of one picture of all messages (default, or '-': that picture on standard output)."
    )
    var output: String?

    /// The font options the flags set.
    var fonts: FontOptions { shared.fonts }

    /// The picture options the flags set.
    var picture: PictureOptions {
        var o = shared.picture
        o.output = output
        return o
    }
}

extension MeasureMode: ExpressibleByArgument {}
