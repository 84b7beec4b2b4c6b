import ArgumentParser
import MsgfmtCore

/// Reads the everyday `msgfmt [render] [--option value]... [file]...` command line without
/// ArgumentParser's reflection, which costs most of a one-message run's time.
///
/// It accepts only what it is sure of: known long options of `render`, each at most once,
/// values converted by the same `ExpressibleByArgument` initializers, flags without values,
/// files and `--`. Anything else — help, version, completion, other commands, short
/// options, repeats, values starting with `-`, a subcommand's name anywhere, a value or
/// setting ArgumentParser would reject — gives nil, and ArgumentParser parses (and
/// reports) the line as always. A test checks both give the same settings.
enum QuickArguments {
    /// The settings `arguments` (without the program name) ask for, or nil to defer.
    static func render(_ arguments: [String]) -> RenderSettings? {
        var settings = RenderSettings()
        var rest = arguments[...]
        if rest.first == "render" { rest = rest.dropFirst() }
        var seen: [Substring] = []
        var onlyFiles = false
        while let argument = rest.popFirst() {
            if commandNames.contains(argument) { return nil }
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                settings.files.append(argument)
                continue
            }
            if argument == "--" {
                onlyFiles = true
                continue
            }
            guard argument.hasPrefix("--") else { return nil }
            var name = argument.dropFirst(2)
            var value: Substring?
            if let equals = name.firstIndex(of: "=") {
                value = name[name.index(after: equals)...]
                name = name[..<equals]
            }
            if seen.contains(name) { return nil }
            seen.append(name)
            if setFlag(name, in: &settings) {
                guard value == nil else { return nil }
                continue
            }
            if value == nil {
                guard let next = rest.popFirst(), !next.hasPrefix("-"), !commandNames.contains(next) else { return nil }
                value = next[...]
            }
            guard let value, !value.isEmpty, !value.hasPrefix("-"),
                  set(String(name), to: String(value), in: &settings) else { return nil }
        }
        guard (try? settings.layout.validate()) != nil else { return nil }
        return settings
    }

    /// Names ArgumentParser may read as a command rather than a file.
    private static let commandNames: Set<String> = ["render", "inspect", "export", "diff", "help"]

    /// Turns on the flag `name`; false when `render` has no such flag.
    private static func setFlag(_ name: Substring, in s: inout RenderSettings) -> Bool {
        switch name {
        case "detect": s.detect = true
        case "strict": s.strict = true
        case "stats": s.stats = true
        case "expand-quotes": s.layout.expandQuotes = true
        case "standalone": s.style.standalone = true
        default: return false
        }
        return true
    }

    /// Stores the option `name`'s `value`; false when the name is unknown or the value
    /// does not convert.
    private static func set(_ name: String, to value: String, in s: inout RenderSettings) -> Bool {
        switch name {
        case "from": convert(value, into: &s.from)
        case "entities": convert(value, into: &s.entities)
        case "to": convert(value, into: &s.to)
        case "width": convert(value, into: &s.layout.width)
        case "max-lines": convert(value, into: &s.layout.maxLines)
        case "truncate": convert(value, into: &s.layout.truncate)
        case "ellipsis": convert(value, into: &s.layout.ellipsis)
        case "overflow": convert(value, into: &s.layout.overflow)
        case "wrap": convert(value, into: &s.layout.wrap)
        case "align": convert(value, into: &s.layout.align)
        case "tab-width": convert(value, into: &s.layout.tabWidth)
        case "width-model": convert(value, into: &s.layout.widthModel)
        case "color": convert(value, into: &s.style.color)
        case "hyperlinks": convert(value, into: &s.style.hyperlinks)
        case "spoilers": convert(value, into: &s.style.spoilers)
        case "theme": convert(value, into: &s.style.theme)
        default: false
        }
    }

    private static func convert<T: ExpressibleByArgument>(_ value: String, into slot: inout T) -> Bool {
        guard let converted = T(argument: value) else { return false }
        slot = converted
        return true
    }

    private static func convert<T: ExpressibleByArgument>(_ value: String, into slot: inout T?) -> Bool {
        guard let converted = T(argument: value) else { return false }
        slot = converted
        return true
    }
}
