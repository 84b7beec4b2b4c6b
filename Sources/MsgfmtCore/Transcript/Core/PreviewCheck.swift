/// The check fuzz targets make of previews found on the bytes (`PreviewScan`,
/// `CharacterCut`): that they are what the rule gives character by character.
@_spi(Testing) public enum PreviewCheck {
    /// True when the preview of a message of `text` (no media, not a service message) is
    /// `reference(text)`, and `PreviewScan.prefix` of `text`, and of it without its first
    /// one or two scalars, equals `String(prefix(n))` for lengths around the start, the
    /// middle, the end and the preview limit.
    public static func agrees(_ text: String) -> Bool {
        let message = ExportMessage(id: 1, date: 0, body: Message(text: text))
        guard TranscriptMessage.preview(of: message) == reference(text) else { return false }
        let scalars = text.unicodeScalars
        for skip in 0...min(2, scalars.count) {
            let slice = text[scalars.index(scalars.startIndex, offsetBy: skip)...]
            let count = slice.count
            for n in [0, 1, 2, 3, count / 2, count - 1, count, count + 1, PreviewScan.limit] where n >= 0 {
                if PreviewScan.prefix(slice, n) != String(slice.prefix(n)) { return false }
            }
        }
        return true
    }

    /// The preview of a message of `text` without media, as the rule was first written:
    /// its first line (up to the first `\n` or `\r` character) when that holds a character
    /// that is not white space, else the first such line of the rest; at most `limit`
    /// characters; "" when there is none.
    public static func reference(_ text: String) -> String {
        if let newline = text.firstIndex(where: { $0 == "\n" || $0 == "\r" }) {
            let first = text[..<newline]
            if first.contains(where: { !$0.isWhitespace }) { return String(first.prefix(PreviewScan.limit)) }
        } else if !text.isEmpty {
            return String(text.prefix(PreviewScan.limit))
        }
        let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first { $0.contains { !$0.isWhitespace } }
        return line.map { String($0.prefix(PreviewScan.limit)) } ?? ""
    }
}
