/// What every transcript writer keeps from message to message: whose messages are
/// outgoing, where day and sender headers go, and the previews that replies quote.
struct TranscriptState {
    /// The exporting account's `from_id`, once known.
    private(set) var owner: String?
    private let clock: ExportClock
    private var grouping: TranscriptGrouping
    private var previews = ReplyPreviewCache()
    /// The current chat's messages placed so far, and those that could not be read.
    private(set) var chatMessages = 0
    private(set) var chatUnreadable = 0

    /// Fresh state; `options.me`, when given, names the owner.
    init(options: ExportOptions) {
        owner = options.me
        clock = options.clock
        grouping = TranscriptGrouping(clock: options.clock)
    }

    /// Takes `fromID` as the owner unless one is known already.
    mutating func setOwner(_ fromID: String) {
        if owner == nil { owner = fromID }
    }

    /// A chat begins: grouping starts over and no earlier message can be quoted.
    mutating func beginChat() {
        restartGrouping()
        previews.removeAll()
        chatMessages = 0
        chatUnreadable = 0
    }

    /// A message of the current chat could not be read (its error was reported).
    mutating func countUnreadable() {
        chatUnreadable += 1
    }

    /// The notice a chat that ends without a message placed shows (`EmptyChatNotice`),
    /// or nil.
    var emptyChatNotice: String? {
        chatMessages == 0 ? EmptyChatNotice.sentence(unreadable: chatUnreadable) : nil
    }

    /// The next message gets a day header and a sender header whatever came before (a new
    /// HTML page begins).
    mutating func restartGrouping() {
        grouping = TranscriptGrouping(clock: clock)
    }

    /// Places `m` after the previous message (see `TranscriptGrouping`).
    mutating func place(_ m: ExportMessage) -> TranscriptGrouping.Placement {
        chatMessages += 1
        return grouping.place(m)
    }

    /// True when the exporting account sent `m`.
    func isOutgoing(_ m: ExportMessage) -> Bool {
        guard let owner, let from = m.fromID else { return false }
        return owner == from
    }

    /// Remembers `message` so later replies can quote it.
    mutating func remember(_ message: TranscriptMessage) {
        previews.insert(id: message.message.id, sender: message.message.senderName, text: message.preview)
    }

    /// Counts `n` messages written but not remembered (a kept page's).
    mutating func skipPreviews(_ n: Int) {
        previews.skip(n)
    }

    /// Remembers the preview of a message that was not written (a kept page's, read again),
    /// the chat's message `ordinal` (0 for the first).
    mutating func rememberPreview(id: Int64, sender: String, text: String, at ordinal: Int) {
        previews.insert(id: id, sender: sender, text: text, at: ordinal)
    }

    /// Remembers the sender and preview of message `id`, which this transcript does not
    /// write, so a reply to it quotes it (a diff draws each version of a message with a
    /// transcript of its own).
    mutating func rememberQuote(id: Int64, sender: String, text: String) {
        previews.insert(id: id, sender: sender, text: text)
    }

    /// The sender and preview of message `id`, if still remembered.
    func quote(_ id: Int64) -> (sender: String, text: String)? {
        previews.lookup(id)
    }

    /// The sender and preview of message `id` as the chat's message `ordinal` (this one or
    /// a later one) will find them.
    func quote(_ id: Int64, at ordinal: Int) -> (sender: String, text: String)? {
        previews.lookup(id, at: ordinal)
    }
}
