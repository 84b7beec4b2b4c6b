/// A media attachment shown as a placeholder: a title, a status line and, for polls and
/// checklists, detail lines. Export messages and Bot API messages are described the same
/// way (`MediaPlaceholder+Kinds`), so a photo reads "Photo 1280×720" whichever input it
/// came from.
public struct MediaPlaceholder: Sendable, Hashable {
    /// The kind (`photo`, `voice_message`, `file`, `poll`, …).
    public var kind: String
    /// The main line: "Photo 1280×720", "Voice message 0:07", "Sticker 😀".
    public var title: String
    /// A second line: size, "not included", totals; empty when there is nothing to add.
    public var status: String
    /// Extra lines (poll options with their votes, checklist tasks).
    public var details: [String]

    /// Creates a placeholder.
    public init(kind: String, title: String, status: String = "", details: [String] = []) {
        self.kind = kind
        self.title = title
        self.status = status
        self.details = details
    }

    /// The details as the items of a list that draws its own bullets (Markdown's, the
    /// site's): a poll option without its `• `.
    public var listItems: [String] {
        details.map { $0.hasPrefix(Self.pollBullet) ? String($0.dropFirst(Self.pollBullet.count)) : $0 }
    }

    /// Title and status on one line: "Video 0:42 · 10 MB".
    public var summary: String {
        status.isEmpty ? title : "\(title) · \(status)"
    }
}
