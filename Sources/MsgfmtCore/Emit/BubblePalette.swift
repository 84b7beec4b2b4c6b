/// The colors of a message bubble, 0xRRGGBBAA, after Telegram Desktop's default day and
/// night themes, for an incoming or an outgoing message.
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
    /// The time at the bottom right.
    var time: UInt32
    /// Sender names, by `BubbleCaption.peer` (red, orange, violet, green, cyan, blue, pink).
    var peers: [UInt32]
    /// A chip's pill and text (a day's date, a service message): the HTML site's day
    /// headers' colors.
    var chip: UInt32
    var chipText: UInt32

    /// The palette of `theme` for an incoming message, or an outgoing one.
    init(_ theme: Theme, outgoing: Bool = false) {
        switch (theme, outgoing) {
        case (.dark, false):
            self.init(
                bubble: 0x1825_33FF, shadow: 0x0000_0040, text: 0xF5F5_F5FF, link: 0x71BA_FAFF, accent: 0x71BA_FAFF,
                quoteBackground: 0x71BA_FA1A, codeBackground: 0xFFFF_FF14, spoiler: 0x3B4A_5AFF, time: 0x6D7F_8FFF)
        case (.dark, true):
            self.init(
                bubble: 0x2B52_78FF, shadow: 0x0000_0040, text: 0xF5F5_F5FF, link: 0x9CD6_FFFF, accent: 0xB3DE_FFFF,
                quoteBackground: 0xFFFF_FF1A, codeBackground: 0x0000_0026, spoiler: 0x5577_99FF, time: 0x7DA8_D3FF)
        case (.light, false):
            self.init(
                bubble: 0xFFFF_FFFF, shadow: 0x0000_0024, text: 0x0000_00FF, link: 0x168A_CDFF, accent: 0x168A_CDFF,
                quoteBackground: 0x168A_CD1A, codeBackground: 0x0000_000D, spoiler: 0xC9D2_DBFF, time: 0xA0AC_B6FF)
        case (.light, true):
            self.init(
                bubble: 0xEFFD_DEFF, shadow: 0x0000_0024, text: 0x0000_00FF, link: 0x168A_CDFF, accent: 0x3A8E_26FF,
                quoteBackground: 0x3A8E_261A, codeBackground: 0x3A8E_2614, spoiler: 0xC5DF_B4FF, time: 0x6CC2_64FF)
        }
        peers =
            theme == .dark
            ? [0xFF8E_86FF, 0xFFA3_57FF, 0xB18F_FFFF, 0x4DD6_4DFF, 0x45E8_D1FF, 0x7AD4_FFFF, 0xFF7F_D5FF]
            : [0xCC50_49FF, 0xD67F_21FF, 0x955C_DBFF, 0x40A9_20FF, 0x309E_BAFF, 0x368A_D1FF, 0xC750_8BFF]
        chip = theme == .dark ? 0x2A2E_35FF : 0xECEE_F1FF
        chipText = theme == .dark ? 0xB5BB_C4FF : 0x4B50_58FF
    }

    private init(
        bubble: UInt32, shadow: UInt32, text: UInt32, link: UInt32, accent: UInt32, quoteBackground: UInt32, codeBackground: UInt32,
        spoiler: UInt32, time: UInt32
    ) {
        self.bubble = bubble
        self.shadow = shadow
        self.text = text
        self.link = link
        self.accent = accent
        self.quoteBackground = quoteBackground
        self.codeBackground = codeBackground
        self.spoiler = spoiler
        self.time = time
        self.peers = []
        self.chip = 0
        self.chipText = 0
    }

    /// The color of a sender name with peer color `peer`.
    func name(_ peer: Int) -> UInt32 {
        peers.isEmpty ? accent : peers[((peer % peers.count) + peers.count) % peers.count]
    }
}
