import ArgumentParser
import MsgfmtCore

extension QuickArguments {
    /// Every long option of `diff` (but ArgumentParser's own `--help`), by name.
    static let diffOptions: [(name: String, action: Action<DiffSettings>)] = {
        var rows: [(name: String, action: Action<DiffSettings>)] = [
            ("to", .value { convert($1, into: &$0.to) }),
            ("output", .value { convert($1, into: &$0.output) }),
            ("chat", .value { convert($1, into: &$0.chat) }),
            ("time-zone", .value { convert($1, into: &$0.timeZone) }),
            ("me", .value { convert($1, into: &$0.me) }),
            ("stats", .flag { $0.stats = true }),
            ("jobs", .value { convert($1, into: &$0.jobs) }),
            ("width", .value { convert($1, into: &$0.width) }),
        ]
        layoutOptions({ $1(&$0.layout) }, into: &rows)
        escapeOptions({ $1(&$0.escapes) }, into: &rows)
        styleOptions({ $1(&$0.style) }, into: &rows)
        return rows
    }()

    /// The settings a `diff` command line (`arguments` without the program name, the
    /// command's name first) asks for, or nil to defer to ArgumentParser: for any other
    /// command, for a line without exactly two files, and for one that fails a check
    /// ArgumentParser makes (`DiffSettings.validate`).
    static func diff(_ arguments: [String]) -> DiffSettings? {
        guard arguments.first == "diff" else { return nil }
        var settings = DiffSettings()
        var files: [String] = []
        // `-o` is the output group's, which diff shares with export.
        guard
            read(
                arguments.dropFirst(), options: diffOptions, shortNames: exportShortNames, into: &settings,
                files: { _, file in files.append(file) }),
            files.count == 2
        else { return nil }
        settings.old = files[0]
        settings.new = files[1]
        guard (try? settings.validate()) != nil else { return nil }
        return settings
    }
}
