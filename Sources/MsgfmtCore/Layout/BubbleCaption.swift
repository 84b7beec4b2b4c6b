/// The sender name and the time a bubble shows around its text, measured with fonts so
/// the picture emitters only place them: the name in the bold face (cut with "…" when
/// wider than the bubble may be), the time in the regular face at `timeScale` of the size.
public struct BubbleCaption: Sendable, Hashable {
    /// The name shown on the first bubble of a group, and its width in layout units.
    public var name: String?
    public var nameWidth = 0
    /// True when the name reads right to left (its first strong character does): it is
    /// shaped and drawn that way.
    public var nameRTL = false
    /// Which of the peer colors the name gets (Telegram's `id % 7`).
    public var peer = 0
    /// The time shown at the bottom right ("14:05"), and its width in layout units at
    /// `timeScale`.
    public var time: String?
    public var timeWidth = 0
    /// The widest the bubble's content may grow to hold the time, in layout units.
    public var maxWidth = 0

    /// The time's size as a fraction of the font size (13 px beside 16 px text).
    public static let timeScale = 0.8125
    /// The gap between the text and a time tucked into its last line, in pixels.
    public static let timeGap = 8

    /// The most characters of a name that are measured.
    static let nameLimit = 128

    /// No name and no time.
    public init() {}

    /// `name` and `time` measured with `library`, for content at most `maxWidth` layout
    /// units wide.
    public init(name: String?, peer: Int, time: String?, library: FontLibrary, maxWidth: Int) {
        self.maxWidth = maxWidth
        self.peer = peer
        if let name, !name.isEmpty {
            let safe = DisplaySafety.sanitize(String(name.prefix(Self.nameLimit)))
            nameRTL = FontLibrary.startsRightToLeft(Array(safe.utf16))
            let (shown, width) = Self.fitted(safe, library: library, width: maxWidth, direction: nameRTL ? 2 : 1)
            self.name = shown
            nameWidth = width
        }
        if let time, !time.isEmpty {
            self.time = time
            let width = library.shape(Array(time.utf16), style: .regular, direction: 1).width
            timeWidth = Int((Double(width) * Self.timeScale).rounded(.up))
        }
    }

    /// `text` in the bold face, shaped in `direction` (`FontLibrary.shape`), cut at a
    /// grapheme boundary with "…" so it is at most `width` units wide (the ellipsis alone
    /// when nothing fits), and its width.
    static func fitted(_ text: String, library: FontLibrary, width: Int, direction: Int32 = 1) -> (String, Int) {
        let whole = library.shape(Array(text.utf16), style: .bold, direction: direction).width
        if whole <= width { return (text, whole) }
        let ellipsis = library.shape([0x2026], style: .bold, direction: direction).width
        var kept = ""
        var keptWidth = 0
        for character in text {
            let candidate = kept + String(character)
            let w = library.shape(Array(candidate.utf16), style: .bold, direction: direction).width
            if w + ellipsis > width { break }
            kept = candidate
            keptWidth = w
        }
        return (kept + "…", keptWidth + ellipsis)
    }

    /// The peer color of a sender: Telegram's `id % 7` for a numeric id (`user123`,
    /// `channel123` or `123`), else a stable hash of the key.
    public static func peer(of key: String) -> Int {
        let digits = key.drop { !$0.isNumber }
        if !digits.isEmpty, let id = UInt64(digits) { return Int(id % 7) }
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % 7)
    }
}
