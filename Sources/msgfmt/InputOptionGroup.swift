import ArgumentParser
import MsgfmtCore

/// Options that say how input is read and checked.
struct InputOptionGroup: ParsableArguments {
    @Option(help: "Input format: auto, bot-api, text, markdown-v2, html, markdown or tdesktop.")
    var from: InputFormat = .auto

    @Option(help: ArgumentHelp("With --from text: the Bot API entity array, as JSON or @FILE.", valueName: "json-or-@file"))
    var entities: String?

    @Flag(help: "Add auto-detected entities (URLs, emails, mentions, hashtags, cashtags, bot commands).")
    var detect = false

    @Flag(help: "Treat normalization warnings as errors.")
    var strict = false

    @Flag(help: "Print how many messages were read, rendered, filtered (with --filter) and failed on stderr.")
    var stats = false
}

extension InputFormat: ExpressibleByArgument {}
