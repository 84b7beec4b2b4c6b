/// A terminal graphics protocol that draws pictures in the text (`export --images`).
public enum TerminalGraphics: String, Sendable, Hashable, CaseIterable {
    /// kitty's graphics protocol (APC `ESC _G…ESC \`): kitty, WezTerm, Ghostty, Konsole.
    case kitty
    /// DEC sixel graphics (DCS `ESC P…q…ESC \`): xterm -ti vt340, foot, mlterm, WezTerm.
    case sixel

    /// What the CLI writes to the terminal to ask: a kitty graphics query (a 1×1 RGB
    /// image, `a=q`, answered only by terminals that speak the protocol), then Primary
    /// Device Attributes (DA1, `ESC [ c`), which every terminal answers: once its reply is
    /// in, no kitty reply is coming.
    public static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// True when `replies` (what the terminal sent back so far) hold the DA1 reply
    /// (`ESC [ ? … c`), the last one the query asks for.
    public static func repliesComplete(_ replies: [UInt8]) -> Bool {
        deviceAttributes(in: replies) != nil
    }

    /// The protocol the terminal's `replies` to `query` offer, kitty first: kitty when it
    /// answered the graphics query with `OK`, sixel when its DA1 reply lists attribute 4,
    /// else nil.
    public static func supported(replies: [UInt8]) -> TerminalGraphics? {
        let text = String(decoding: replies, as: UTF8.self)
        if text.contains("\u{1B}_Gi=31;OK") { return .kitty }
        if let attributes = deviceAttributes(in: replies), attributes.contains(4) { return .sixel }
        return nil
    }

    /// The parameters of the first DA1 reply (`ESC [ ? 62 ; 4 ; 22 c`) in `bytes`.
    static func deviceAttributes(in bytes: [UInt8]) -> [Int]? {
        var i = 0
        while i + 2 < bytes.count {
            defer { i += 1 }
            guard bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "["), bytes[i + 2] == UInt8(ascii: "?") else { continue }
            var j = i + 3
            while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "c") else { continue }
            return String(decoding: bytes[(i + 3)..<j], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        }
        return nil
    }
}
