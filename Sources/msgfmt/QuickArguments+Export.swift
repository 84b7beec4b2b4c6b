import ArgumentParser
import MsgfmtCore

extension QuickArguments {
    /// Every long option of `export` (but ArgumentParser's own `--help`), by name.
    static let exportOptions: [(name: String, action: Action<ExportSettings>)] = {
        var rows: [(name: String, action: Action<ExportSettings>)] = [
            ("to", .value { convert($1, into: &$0.export.to) }),
            ("output", .value { convert($1, into: &$0.export.output) }),
            ("chat", .value { convert($1, into: &$0.export.chat) }),
            ("since", .value { convert($1, into: &$0.export.since) }),
            ("until", .value { convert($1, into: &$0.export.until) }),
            ("style", .value { convert($1, into: &$0.export.style) }),
            ("time-zone", .value { convert($1, into: &$0.export.timeZone) }),
            ("jobs", .value { convert($1, into: &$0.export.jobs) }),
            ("progress", .value { convert($1, into: &$0.export.progress) }),
            ("page-size", .value { convert($1, into: &$0.export.pageSize) }),
            ("pages", .value { convert($1, into: &$0.export.pages) }),
            ("no-search", .flag { $0.export.noSearch = true }),
            ("me", .value { convert($1, into: &$0.export.me) }),
            ("media", .value { convert($1, into: &$0.export.media) }),
            ("images", .flag { $0.export.images = true }),
            ("image-protocol", .value { convert($1, into: &$0.export.imageProtocol) }),
            ("stats", .flag { $0.export.stats = true }),
            ("deleted", .value { convert($1, into: &$0.archive.deleted) }),
            ("update", .flag { $0.archive.update = true }),
            ("layout-cache-size", .value { convert($1, into: &$0.archive.layoutCacheSize) }),
            ("filter", .value { convert($1, into: &$0.filter) }),
            ("width", .value { convert($1, into: &$0.width) }),
        ]
        layoutOptions({ $1(&$0.layout) }, into: &rows)
        escapeOptions({ $1(&$0.escapes) }, into: &rows)
        styleOptions({ $1(&$0.style) }, into: &rows)
        fontOptions({ $1(&$0.fonts) }, into: &rows)
        pictureOptions({ $1(&$0.picture) }, into: &rows)
        return rows
    }()

    /// The short options of `export` taken here, by their long names.
    static let exportShortNames = ["-o": "output"]

    /// The settings an `export` command line (`arguments` without the program name, the
    /// command's name first) asks for, or nil to defer to ArgumentParser: for any other
    /// command, and for a line without files or that fails a check ArgumentParser makes
    /// (`ExportSettings.validate`).
    static func export(_ arguments: [String]) -> ExportSettings? {
        guard arguments.first == "export" else { return nil }
        var settings = ExportSettings()
        guard
            read(
                arguments.dropFirst(), options: exportOptions, shortNames: exportShortNames, into: &settings,
                files: { $0.files.append($1) }),
            !settings.files.isEmpty, (try? settings.validate()) != nil
        else { return nil }
        return settings
    }
}
