import ArgumentParser
import MsgfmtCore

extension QuickArguments {
    /// Reaches one part of a command's settings: calls its second argument on that part
    /// of the first and answers what it answers.
    typealias Part<Settings, Value> = @Sendable (inout Settings, (inout Value) -> Bool) -> Bool

    // The long options of the groups `render` and `export` share, each appended to a
    // command's table for the part of its settings it fills, reached by `part`. Closures
    // rather than key paths and tables of the parts' own, appended one by one rather than
    // as arrays joined: either of those made the start-up build key paths, a generic type's
    // metadata or copies through the run time (a one-message render's 3.9 M instructions
    // grew by 0.36 M and 0.07 M).

    /// The layout group's options (`LayoutOptionGroup` but `--width`).
    static func layoutOptions<Settings>(
        _ part: @escaping Part<Settings, LayoutConstraints>, into rows: inout [(name: String, action: Action<Settings>)]
    ) {
        rows.append(("max-lines", .value { s, v in part(&s) { convert(v, into: &$0.maxLines) } }))
        rows.append(("truncate", .value { s, v in part(&s) { convert(v, into: &$0.truncate) } }))
        rows.append(("ellipsis", .value { s, v in part(&s) { convert(v, into: &$0.ellipsis) } }))
        rows.append(("overflow", .value { s, v in part(&s) { convert(v, into: &$0.overflow) } }))
        rows.append(("wrap", .value { s, v in part(&s) { convert(v, into: &$0.wrap) } }))
        rows.append(("align", .value { s, v in part(&s) { convert(v, into: &$0.align) } }))
        rows.append(("tab-width", .value { s, v in part(&s) { convert(v, into: &$0.tabWidth) } }))
        rows.append(("expand-quotes", flag(part) { $0.expandQuotes = true }))
        rows.append(("width-model", .value { s, v in part(&s) { convert(v, into: &$0.widthModel) } }))
    }

    /// The terminal escapes' options (`--color`, `--hyperlinks`).
    static func escapeOptions<Settings>(
        _ part: @escaping Part<Settings, EscapeSettings>, into rows: inout [(name: String, action: Action<Settings>)]
    ) {
        rows.append(("color", .value { s, v in part(&s) { convert(v, into: &$0.color) } }))
        rows.append(("hyperlinks", .value { s, v in part(&s) { convert(v, into: &$0.hyperlinks) } }))
    }

    /// The style group's options.
    static func styleOptions<Settings>(
        _ part: @escaping Part<Settings, StyleOptions>, into rows: inout [(name: String, action: Action<Settings>)]
    ) {
        rows.append(("spoilers", .value { s, v in part(&s) { convert(v, into: &$0.spoilers) } }))
        rows.append(("standalone", flag(part) { $0.standalone = true }))
        rows.append(("theme", .value { s, v in part(&s) { convert(v, into: &$0.theme) } }))
    }

    /// The picture-font group's font options.
    static func fontOptions<Settings>(
        _ part: @escaping Part<Settings, FontOptions>, into rows: inout [(name: String, action: Action<Settings>)]
    ) {
        rows.append(("font", .value { s, v in part(&s) { convert(v, into: &$0.families) } }))
        rows.append(("font-size", .value { s, v in part(&s) { convert(v, into: &$0.size) } }))
        rows.append(("line-height", .value { s, v in part(&s) { convert(v, into: &$0.lineHeight) } }))
    }

    /// The picture options both commands have (render's `--output` is its own).
    static func pictureOptions<Settings>(
        _ part: @escaping Part<Settings, PictureOptions>, into rows: inout [(name: String, action: Action<Settings>)]
    ) {
        rows.append(("scale", .value { s, v in part(&s) { convert(v, into: &$0.scale) } }))
        rows.append(("stack", flag(part) { $0.stack = true }))
    }

    /// A flag that sets a field of the part `part` reaches.
    static func flag<Settings, Value>(
        _ part: @escaping Part<Settings, Value>, _ set: @escaping @Sendable (inout Value) -> Void
    ) -> Action<Settings> {
        .flag { settings in
            _ = part(&settings) {
                set(&$0)
                return true
            }
        }
    }
}
