import ArgumentParser

/// `-o` and `--chat`, shared by `export` and `diff`: where the result goes and which chats
/// of the export(s) it covers.
struct OutputChatOptionGroup: ParsableArguments {
    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Output: a directory for export --to html, else a file ('-' or none: standard output); replaced only when complete.",
            valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("Only this chat (its name or id); repeatable.", valueName: "name-or-id"))
    var chat: [String] = []
}
