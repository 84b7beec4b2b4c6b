import ArgumentParser
import MsgfmtCore

/// Reads the everyday command lines without ArgumentParser's reflection, which costs most
/// of a one-message run's time and three quarters of a small export's: `msgfmt [render]
/// [--option value]... [file]...`, `msgfmt inspect [--option value]... [file]...`,
/// `msgfmt export [--option value]... file...` and `msgfmt diff [--option value]... old new`.
///
/// It accepts only what it is sure of: the long options of `render` in `options`, of
/// `inspect` in `inspectOptions`, of `export` in `exportOptions` and of `diff` in
/// `diffOptions` (and their `-o`), each at most once, values converted by the same
/// `ExpressibleByArgument` initializers, flags without values, files and `--`.
/// Anything else — help, version, completion, other commands, other short options,
/// repeats, values starting with `-`, a subcommand's name anywhere, a value or setting
/// ArgumentParser would reject — gives nil, and ArgumentParser parses (and reports) the
/// line as always. Tests check that the tables name exactly the options each command
/// declares and that both readers give the same settings.
enum QuickArguments {
    /// What one long option does to the settings of a command.
    enum Action<Settings>: Sendable {
        /// A flag, which takes no value.
        case flag(@Sendable (inout Settings) -> Void)
        /// An option with a value; false when the value does not convert.
        case value(@Sendable (inout Settings, String) -> Bool)
    }

    /// What `msgfmt --version` prints (without its newline), or nil for any other line:
    /// the same text ArgumentParser prints, without its start-up cost.
    static func version(_ arguments: [String]) -> String? {
        arguments == ["--version"] ? MsgfmtVersion.string : nil
    }

    /// Every long option of `render` (but ArgumentParser's own `--help` and `--version`),
    /// by name.
    static let options: [(name: String, action: Action<RenderSettings>)] = {
        var rows: [(name: String, action: Action<RenderSettings>)] = [
            ("from", .value { convert($1, into: &$0.options.from) }),
            ("entities", .value { convert($1, into: &$0.entities) }),
            ("detect", .flag { $0.options.detect = true }),
            ("strict", .flag { $0.options.strict = true }),
            ("stats", .flag { $0.stats = true }),
            ("filter", .value { convert($1, into: &$0.filter) }),
            ("to", .value { convert($1, into: &$0.options.to) }),
            ("width", .value { convert($1, into: &$0.width) }),
            ("jobs", .value { convert($1, into: &$0.jobs) }),
            ("measure", .value { convert($1, into: &$0.options.measure) }),
            ("output", .value { convert($1, into: &$0.options.picture.output) }),
            ("time-zone", .value { convert($1, into: &$0.options.timeZone) }),
        ]
        layoutOptions({ $1(&$0.options.layout) }, into: &rows)
        escapeOptions({ $1(&$0.escapes) }, into: &rows)
        styleOptions({ $1(&$0.options.style) }, into: &rows)
        fontOptions({ $1(&$0.options.fonts) }, into: &rows)
        pictureOptions({ $1(&$0.options.picture) }, into: &rows)
        return rows
    }()

    /// The settings `arguments` (without the program name) ask for, or nil to defer.
    static func render(_ arguments: [String]) -> RenderSettings? {
        var settings = RenderSettings()
        var rest = arguments[...]
        if rest.first == "render" { rest = rest.dropFirst() }
        guard read(rest, options: options, into: &settings, files: { $0.files.append($1) }) else { return nil }
        // The checks ArgumentParser makes: the option groups' and the command's.
        guard (try? LayoutOptionGroup.validate(width: settings.width, constraints: settings.options.layout)) != nil,
            (try? PictureFontOptionGroup.validate(fonts: settings.options.fonts, picture: settings.options.picture)) != nil,
            (try? TimeZoneOptionGroup.validate(settings.options.timeZone)) != nil,
            (try? RenderCommand.validate(settings)) != nil
        else { return nil }
        return settings
    }

    /// Reads `arguments` into `settings` by `options`, each file through `files`; false at
    /// the first thing not sure of (see the type's summary). `shortNames` maps the short
    /// options taken (`-o`) to their long names; each takes a value. The files go through
    /// a closure, not a key path: the first key path a process makes costs it ~50 000
    /// instructions of run-time set-up.
    static func read<Settings>(
        _ arguments: ArraySlice<String>, options: [(name: String, action: Action<Settings>)], shortNames: [String: String] = [:],
        into settings: inout Settings, files: (inout Settings, String) -> Void
    ) -> Bool {
        var rest = arguments
        var seen: [Substring] = []
        var onlyFiles = false
        while let argument = rest.popFirst() {
            if isCommandName(argument) { return false }
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                files(&settings, argument)
                continue
            }
            if argument == "--" {
                onlyFiles = true
                continue
            }
            var name: Substring
            var value: Substring?
            if let long = shortNames[argument] {
                name = long[...]
            } else {
                guard argument.hasPrefix("--") else { return false }
                name = argument.dropFirst(2)
                if let equals = name.firstIndex(of: "=") {
                    value = name[name.index(after: equals)...]
                    name = name[..<equals]
                }
            }
            if seen.contains(name) { return false }
            seen.append(name)
            guard let action = options.first(where: { $0.name == name })?.action else { return false }
            switch action {
            case .flag(let set):
                guard value == nil else { return false }
                set(&settings)
            case .value(let set):
                if value == nil {
                    guard let next = rest.popFirst(), !next.hasPrefix("-"), !isCommandName(next) else { return false }
                    value = next[...]
                }
                guard let value, !value.isEmpty, !value.hasPrefix("-"), set(&settings, String(value)) else { return false }
            }
        }
        return true
    }

    /// Whether ArgumentParser may read `argument` as a command rather than a file. A
    /// switch, not a `Set`: nothing to hash, and no set built at start-up.
    private static func isCommandName(_ argument: String) -> Bool {
        switch argument {
        case "render", "inspect", "export", "diff", "help": true
        default: false
        }
    }

    static func convert<T: ExpressibleByArgument>(_ value: String, into slot: inout T) -> Bool {
        guard let converted = T(argument: value) else { return false }
        slot = converted
        return true
    }

    /// A repeatable option's first value (a repeat defers to ArgumentParser).
    static func convert<T: ExpressibleByArgument>(_ value: String, into slot: inout [T]) -> Bool {
        guard let converted = T(argument: value) else { return false }
        slot = [converted]
        return true
    }

    static func convert<T: ExpressibleByArgument>(_ value: String, into slot: inout T?) -> Bool {
        guard let converted = T(argument: value) else { return false }
        slot = converted
        return true
    }
}
