/// Everything `msgfmt render` was asked to do, as one value.
public struct RenderOptions: Sendable, Hashable {
    /// Input format.
    public var from: InputFormat = .auto
    /// `--from text`: the Bot API entity array as JSON, if given.
    public var entitiesJSON: String?
    /// Add auto-detected entities.
    public var detect = false
    /// Treat normalization warnings as errors.
    public var strict = false
    /// `--filter`: the messages `render(_:…)` keeps (decoders leave the others out;
    /// `process` renders whatever it is given).
    public var filter: MessageFilter?
    /// Output format.
    public var to: OutputFormat = .ansi
    /// Layout constraints (with `measure` font, in the measurer's units: see
    /// `FontLibrary.constraints(_:widthPixels:)`).
    public var layout = LayoutConstraints()
    /// What layout measures in; `--to svg|png` always measure with fonts.
    public var measure: MeasureMode = .cells
    /// The fonts of `measure` font.
    public var fonts = FontOptions()
    /// How pictures are written.
    public var picture = PictureOptions()
    /// Emitter styling.
    public var style = StyleOptions()
    /// Skip layout even for formats that have one, for callers that read only the styled
    /// text (the Markdown transcript).
    public var skipsLayout = false
    /// The output is the export's Markdown transcript, which writes message links as
    /// Markdown links (the styled text goes out as `--to text` would lay it out otherwise).
    public var writesMarkdown = false
    /// Lay a long message out a stretch at a time as `--to ansi`, `--to text` and
    /// `--to json` write it (`LayoutPieces`), so neither its layout nor its output is ever
    /// held whole, and leave any other message's layout to the ANSI and text emitters,
    /// which write each line as it is planned (`RenderedMessage.deferredLayout`): `render`
    /// sets it; callers that read a message's layout (the export's transcripts) do not.
    public var laysOutInPieces = false
    /// Threads rendering messages read through an `InputReader` (`render --jobs`): the
    /// calling thread, which decodes and writes, and `jobs - 1` workers; 1 does everything
    /// on the calling thread.
    public var jobs = 1
    /// `--time-zone`: the zone of the times pictures show and of the filter's `before:` and
    /// `after:`; nil is the system's zone (`TZ`, else `/etc/localtime`).
    public var timeZone: String?

    /// Creates the defaults.
    public init() {}

    /// The clock of `timeZone` (the system's zone when nil or unknown).
    public var clock: ExportClock { .named(timeZone) }

    /// Whether message links become links in the output (an HTML `href`, an OSC 8
    /// hyperlink, a Markdown link), so each one `LinkPolicy` refuses is warned about
    /// (`LinkRefusal`): `--to html`, `--to ansi` with hyperlinks, the Markdown transcript.
    public var writesLinks: Bool {
        switch to {
        case .html: true
        case .ansi: style.hyperlinks
        case .text: writesMarkdown
        case .json, .botAPI, .markdownV2, .telegramHTML, .svg, .png: false
        }
    }

    /// The output format as the user names it in a warning (`--to html`, `--to markdown`).
    public var formatName: String {
        "--to " + (writesMarkdown ? "markdown" : to.rawValue)
    }

    /// True when layout measures with fonts: `--measure font`, or a picture format.
    public var usesFonts: Bool { measure == .font || to == .svg || to == .png }
}
