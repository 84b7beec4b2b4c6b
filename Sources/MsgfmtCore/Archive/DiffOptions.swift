/// Everything `msgfmt diff` was asked to do, as one value.
public struct DiffOptions: Sendable {
    /// Output format.
    public var format: DiffFormat = .text
    /// Output width in cells (text and ansi; json lays bodies out at it).
    public var width = 80
    /// Layout constraints of message bodies; their width is derived from `width`.
    public var layout = LayoutConstraints()
    /// Colours, attributes, links, spoilers and theme (`color` and `attributes` off mean
    /// no escape sequence at all).
    public var style = StyleOptions()
    /// The zone dates are shown in (and legacy `date` strings read in).
    public var clock: ExportClock = ExportClock(timeZone: "UTC")!
    /// The exporting account's `from_id`, marking its messages as outgoing; whole-account
    /// exports name it themselves.
    public var me: String?
    /// `--chat` filters (names or ids); empty compares every chat.
    public var chats: [String] = []
    /// What message hashes cover.
    public var scope: ContentHash.Scope = .content
    /// Threads reading and laying out the changed messages (written in order by the
    /// thread that runs the comparison, which lays out its share too).
    public var jobs = 1

    /// Creates the defaults.
    public init() {}

    /// Whether `--chat` selects `chat`.
    public func selects(_ chat: ExportChatInfo) -> Bool {
        chats.isEmpty || chats.contains { chat.matches($0) }
    }

    /// True when the output carries escape sequences (ansi with `--color` allowing them).
    var escapes: Bool { format == .ansi && (style.color || style.attributes) }

    /// How edited bodies mark their changed words; nil when they are left as they are
    /// (json shows the messages as they are; html shows the changed words apart).
    var marks: DiffMarks.Style? {
        switch format {
        case .text: .brackets
        case .ansi: escapes ? .entities : .brackets
        case .html, .json: nil
        }
    }
}
