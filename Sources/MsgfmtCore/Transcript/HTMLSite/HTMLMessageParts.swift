/// The HTML of one message split around the pieces that depend on the messages before it,
/// so worker threads write everything else in parallel and the site writer only adds the
/// day header, the sender group, the reply header and the pin link. The site writer's
/// piece (see `TranscriptWriter`).
///
/// The three parts are held as one run of UTF-8 bytes with two cuts, written by the
/// worker in one buffer and by the site writer straight from it.
public struct HTMLMessageParts: Sendable {
    /// The head, then the sentence, then the tail.
    private(set) var html: [UInt8]
    /// Where the head ends (and the sentence begins).
    private(set) var headEnd: Int
    /// Where the sentence ends (and the tail begins).
    private(set) var sentenceEnd: Int
    /// What the search index keeps of the message (nil with `--no-search`).
    var search: SearchRecord?

    /// Parts cut from `html`: the head up to `headEnd`, the sentence up to `sentenceEnd`
    /// (empty for ordinary messages: `sentenceEnd == headEnd`), the tail after it.
    init(html: [UInt8], headEnd: Int, sentenceEnd: Int) {
        precondition(0 <= headEnd && headEnd <= sentenceEnd && sentenceEnd <= html.count, "parts cut outside their HTML")
        self.html = html
        self.headEnd = headEnd
        self.sentenceEnd = sentenceEnd
    }

    /// Parts from the three strings.
    init(head: String, sentence: String = "", tail: String) {
        var html: [UInt8] = []
        html.reserveCapacity(head.utf8.count + sentence.utf8.count + tail.utf8.count)
        html.append(utf8: head)
        let headEnd = html.count
        html.append(utf8: sentence)
        let sentenceEnd = html.count
        html.append(utf8: tail)
        self.init(html: html, headEnd: headEnd, sentenceEnd: sentenceEnd)
    }

    /// Ordinary messages: the opening tags with the forward and via-bot lines, up to where
    /// the reply header goes. Service messages: the opening tags up to the sentence.
    var head: String { string(0..<headEnd) }
    /// Service messages: the escaped sentence (the writer may wrap it in a link).
    var sentence: String { string(headEnd..<sentenceEnd) }
    /// Everything after the reply header (or the sentence): media, body, reactions, the
    /// meta line with the time, and the closing tags.
    var tail: String { string(sentenceEnd..<html.count) }

    /// The bytes of the head, the sentence and the tail, for writing.
    var headBytes: ArraySlice<UInt8> { html[..<headEnd] }
    var sentenceBytes: ArraySlice<UInt8> { html[headEnd..<sentenceEnd] }
    var tailBytes: ArraySlice<UInt8> { html[sentenceEnd...] }

    private func string(_ range: Range<Int>) -> String {
        html.withUnsafeBufferPointer { ValidUTF8.string(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
