/// Consecutive photos and videos that form an album, held back by the site writer until
/// the album ends, then written inside one grid (`<div class="album">`). An album is the
/// messages sharing a `grouped_id` when the export records it; otherwise consecutive
/// media messages of one sender sent within a second of each other.
struct HTMLAlbum {
    /// The messages' HTML, in order.
    private(set) var members: [String] = []
    private var sender = ""
    private var groupedID: Int64?
    private var lastDate: Int64 = 0

    /// True for messages that may be part of an album: a photo or video shown as itself.
    static func isCandidate(_ message: TranscriptMessage) -> Bool {
        guard let media = message.media, media.available, !message.message.isService else { return false }
        return media.file.kind == .photo || media.file.kind.isVideo && media.file.kind != .videoMessage
    }

    /// True when `message` continues the album held so far.
    func isContinued(by message: TranscriptMessage) -> Bool {
        guard !members.isEmpty, Self.isCandidate(message) else { return false }
        let m = message.message
        guard TranscriptGrouping.senderKey(m) == sender else { return false }
        if let groupedID, let other = m.groupedID { return groupedID == other }
        return groupedID == nil && m.groupedID == nil && m.date >= lastDate && m.date - lastDate <= 1
    }

    /// Adds a candidate message (starting a new album when the held one is empty).
    mutating func add(_ message: TranscriptMessage, html: String) {
        if members.isEmpty {
            sender = TranscriptGrouping.senderKey(message.message)
            groupedID = message.message.groupedID
        }
        lastDate = message.message.date
        members.append(html)
    }

    /// The held messages' HTML, in a grid when there are several, and empties the album.
    mutating func take() -> String {
        defer { members = [] }
        guard members.count > 1 else { return members.first ?? "" }
        return "<div class=\"album album-\(min(members.count, 4))\">\n" + members.joined() + "</div>\n"
    }
}

extension HTMLSiteWriter {
    /// True when `message` joins the album being held.
    func continuesAlbum(_ message: TranscriptMessage) -> Bool {
        album.isContinued(by: message)
    }

    /// Holds `message`'s HTML back when it may start or continue an album; false when it
    /// is no album candidate and should be written now.
    func addToAlbum(_ message: TranscriptMessage, html: @autoclosure () -> String) -> Bool {
        guard HTMLAlbum.isCandidate(message) else { return false }
        if !album.isContinued(by: message) { flushAlbum() }
        album.add(message, html: html())
        return true
    }

    /// Writes the album being held, if any.
    func flushAlbum() {
        guard !album.members.isEmpty else { return }
        page?.write(album.take())
    }
}
