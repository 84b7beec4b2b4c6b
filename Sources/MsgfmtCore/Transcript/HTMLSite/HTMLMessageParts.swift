/// The HTML of one message split around the pieces that depend on the messages before it,
/// so worker threads write everything else in parallel and the site writer only adds the
/// day header, the sender group, the reply header and the pin link. The site writer's
/// piece (see `TranscriptWriter`).
public struct HTMLMessageParts: Sendable {
    /// Ordinary messages: the opening tags with the forward and via-bot lines, up to where
    /// the reply header goes. Service messages: the opening tags up to the sentence.
    var head: String
    /// Service messages: the escaped sentence (the writer may wrap it in a link).
    var sentence: String = ""
    /// Everything after the reply header (or the sentence): media, body, reactions, the
    /// meta line with the time, and the closing tags.
    var tail: String
    /// What the search index keeps of the message (nil with `--no-search`).
    var search: SearchRecord?
}
