import ArgumentParser
import MsgfmtCore

/// Everything `msgfmt export` was asked to do, as plain values, however the command line
/// was read (`ExportCommand.settings` from ArgumentParser, `QuickArguments.export` without
/// it). Each default is written once, here; the option groups' declarations read them.
struct ExportSettings: Equatable {
    /// The Export group's options (`ExportOptionGroup`, `OutputChatOptionGroup`, `--time-zone`).
    struct Export: Equatable {
        /// `--to`.
        var to = ExportOptions().format
        /// `-o`, `--output`.
        var output: String?
        /// `--chat`, each time given.
        var chat: [String] = []
        /// `--since` and `--until`, as written (YYYY-MM-DD).
        var since: String?
        var until: String?
        /// `--style`; nil: list for the terminal formats, bubbles for html.
        var style: TranscriptStyle?
        /// `--time-zone`; nil: the system's zone.
        var timeZone: String?
        /// `--jobs`; nil: every core.
        var jobs: Int?
        /// `--progress`.
        var progress = ProgressMode.auto
        /// `--page-size` and `--pages`; nil: `ExportOptions`' defaults.
        var pageSize: Int?
        var pages: PageSplit?
        /// `--no-search`.
        var noSearch = false
        /// `--me`.
        var me: String?
        /// `--media`.
        var media = MediaMode.link
        /// `--images` and `--image-protocol`.
        var images = false
        var imageProtocol = ImageProtocolChoice.auto
        /// `--stats`.
        var stats = false

        /// The clock of `--time-zone`.
        var clock: ExportClock { .named(timeZone) }
    }

    /// The Archive group's options (`ArchiveOptionGroup`).
    struct Archive: Equatable {
        /// `--deleted`.
        var deleted = ExportOptions().deleted
        /// `--update`.
        var update = false
        /// `--layout-cache-size`, in MiB.
        var layoutCacheSize = 512
    }

    /// Input paths (at least one; `-` is standard input).
    var files: [String] = []
    var export = Export()
    var archive = Archive()
    /// `--filter`: the expression, parsed when the run starts.
    var filter: String?
    /// `--width`; nil takes COLUMNS, else the terminal's width, else 80 (360 px for pictures).
    var width: WidthArgument?
    /// The Layout group's other options.
    var layout = LayoutConstraints()
    /// The Style group's options but the escape switches.
    var style = StyleOptions()
    /// `--color` and `--hyperlinks`.
    var escapes = EscapeSettings()
    /// `--font`, `--font-size` and `--line-height`.
    var fonts = FontOptions()
    /// `--scale` and `--stack`.
    var picture = PictureOptions()

    /// True for the picture formats, which lay out in pixels.
    var drawsPictures: Bool { export.to == .svg || export.to == .png }

    /// Every check ArgumentParser makes of a parsed `export` command line: each option
    /// group's, then the command's. Throws the first failure's `ValidationError`.
    func validate() throws {
        try ExportOptionGroup.validate(export)
        try ArchiveOptionGroup.validate(layoutCacheSize: archive.layoutCacheSize)
        try LayoutOptionGroup.validate(width: width, constraints: layout)
        try PictureFontOptionGroup.validate(fonts: fonts, picture: picture)
        try TimeZoneOptionGroup.validate(export.timeZone)
        try ExportCommand.validate(self)
    }
}
