/// The 16-color foregrounds `--to ansi` gives each kind of text, per `--theme`.
///
/// A dark terminal background gets the bright variants (90–97), a light one the normal
/// ones (30–37), so links stay readable on both.
public struct ANSIPalette: Sendable, Hashable {
    /// `url`, `text_link`, `email`, `phone_number` and `text_mention` text.
    public var link: UInt8
    /// `@username` mentions.
    public var mention: UInt8
    /// Hashtags and cashtags.
    public var hashtag: UInt8
    /// `/command` bot commands.
    public var botCommand: UInt8
    /// Inline code.
    public var code: UInt8
    /// Pre blocks.
    public var pre: UInt8
    /// The quote bar `▎` (drawn dim as well).
    public var quoteBar: UInt8

    /// Creates a palette.
    public init(link: UInt8, mention: UInt8, hashtag: UInt8, botCommand: UInt8, code: UInt8, pre: UInt8, quoteBar: UInt8) {
        self.link = link
        self.mention = mention
        self.hashtag = hashtag
        self.botCommand = botCommand
        self.code = code
        self.pre = pre
        self.quoteBar = quoteBar
    }

    /// The palette for a dark background: bright blue links, bright cyan code.
    public static let dark = ANSIPalette(link: 94, mention: 94, hashtag: 94, botCommand: 94, code: 96, pre: 96, quoteBar: 94)
    /// The palette for a light background: blue links, cyan code.
    public static let light = ANSIPalette(link: 34, mention: 34, hashtag: 34, botCommand: 34, code: 36, pre: 36, quoteBar: 34)

    /// The palette of a theme.
    public static func of(_ theme: Theme) -> ANSIPalette {
        switch theme {
        case .dark: .dark
        case .light: .light
        }
    }

    /// The foreground for text with `attributes`, or nil for the default color.
    public func foreground(for attributes: StyleAttributes) -> UInt8? {
        if attributes.contains(.pre) { return pre }
        if attributes.contains(.code) { return code }
        if attributes.rawValue & Self.linkKinds.rawValue != 0 { return link }
        if attributes.contains(.mention) { return mention }
        if attributes.rawValue & Self.tagKinds.rawValue != 0 { return hashtag }
        if attributes.contains(.botCommand) { return botCommand }
        return nil
    }

    /// The kinds drawn in the link color, as one mask (no set built per call).
    private static let linkKinds = StyleAttributes(
        rawValue: StyleAttributes.url.rawValue | StyleAttributes.textLink.rawValue | StyleAttributes.email.rawValue
            | StyleAttributes.phoneNumber.rawValue | StyleAttributes.textMention.rawValue)
    /// Hashtags and cashtags, as one mask.
    private static let tagKinds = StyleAttributes(rawValue: StyleAttributes.hashtag.rawValue | StyleAttributes.cashtag.rawValue)
}
