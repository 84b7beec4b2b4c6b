/// The colors of a message bubble, 0xRRGGBBAA, after Telegram Desktop's default day and
/// night themes (an incoming message).
struct BubblePalette: Sendable, Hashable {
    var bubble: UInt32
    var shadow: UInt32
    var text: UInt32
    var link: UInt32
    /// Quote bars, pre block titles.
    var accent: UInt32
    var quoteBackground: UInt32
    var codeBackground: UInt32
    var spoiler: UInt32

    /// The palette of `theme`.
    init(_ theme: Theme) {
        switch theme {
        case .dark:
            self.init(
                bubble: 0x1825_33FF, shadow: 0x0000_0040, text: 0xF5F5_F5FF, link: 0x71BA_FAFF, accent: 0x71BA_FAFF,
                quoteBackground: 0x71BA_FA1A, codeBackground: 0xFFFF_FF14, spoiler: 0x3B4A_5AFF)
        case .light:
            self.init(
                bubble: 0xFFFF_FFFF, shadow: 0x0000_0024, text: 0x0000_00FF, link: 0x168A_CDFF, accent: 0x168A_CDFF,
                quoteBackground: 0x168A_CD1A, codeBackground: 0x0000_000D, spoiler: 0xC9D2_DBFF)
        }
    }

    private init(
        bubble: UInt32, shadow: UInt32, text: UInt32, link: UInt32, accent: UInt32, quoteBackground: UInt32, codeBackground: UInt32,
        spoiler: UInt32
    ) {
        self.bubble = bubble
        self.shadow = shadow
        self.text = text
        self.link = link
        self.accent = accent
        self.quoteBackground = quoteBackground
        self.codeBackground = codeBackground
        self.spoiler = spoiler
    }
}
