/// The sentence every transcript shows for a chat that shows no message: one empty in the
/// export, or whose messages could none be read (each was reported with its place). A chat
/// whose messages were all left out by `--since`, `--until` or `--filter` is left out
/// whole instead, as the user asked.
enum EmptyChatNotice {
    /// The sentence for a chat with `unreadable` messages (0: an empty chat).
    static func sentence(unreadable: Int) -> String {
        switch unreadable {
        case 0: "This chat has no messages."
        case 1: "This chat's only message could not be read: msgfmt reported where it is in the export and why."
        default: "None of this chat's \(unreadable) messages could be read: msgfmt reported where each is in the export and why."
        }
    }
}
