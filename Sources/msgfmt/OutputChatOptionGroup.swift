import ArgumentParser

/// `-o` and `--chat`, shared by `export` and `diff`: where the result goes and which chats
/// of the export(s) it covers.
struct OutputChatOptionGroup: ParsableArguments {
    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Output: a directory for export --to html (and --to svg|png without --stack, unless it ends in .svg or .png), else a file ('-' or none: standard output); replaced only when complete.",
            discussion: """
                With export's stream formats the path may name one file per chat and period: \
                'out/{chat}/{year}-{month}.md' with the placeholders {chat} (the chat's name as a \
                slug), {chat_id}, {year}, {month} and {day} (the local date in --time-zone). Each \
                file is written under a temporary name and moved into place when complete.
                """,
            valueName: "path"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Only this chat (its name or id; a chat without a name also as shown, Chat 16); repeatable.", valueName: "name-or-id"))
    var chat: [String] = []
}
