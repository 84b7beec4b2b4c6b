import ArgumentParser
import MsgfmtCore

/// Options that say how input is read and checked. Defaults are `RenderOptions()`'s.
struct InputOptionGroup: ParsableArguments {
    @OptionGroup var format: InputFormatOptionGroup

    @Flag(help: "Add auto-detected entities (URLs, emails, mentions, hashtags, cashtags, bot commands).")
    var detect = false

    @Flag(help: "Treat normalization warnings as errors.")
    var strict = false

    @Flag(help: "Print how many messages were read, rendered, filtered (with --filter) and failed (and updates skipped) on stderr.")
    var stats = false

    /// `--from`.
    var from: InputFormat { format.from }
    /// `--entities`, as given.
    var entities: String? { format.entities }
}
