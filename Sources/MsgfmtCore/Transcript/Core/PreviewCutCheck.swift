/// The check fuzz targets make of `PreviewScan.prefix`: that cutting a text after some
/// characters on its UTF-8 bytes (`CharacterCut`) gives what Swift's characters give.
@_spi(Testing) public enum PreviewCutCheck {
    /// True when `PreviewScan.prefix` of `text`, and of it without its first one or two
    /// scalars, equals `String(prefix(n))` for lengths around the start, the middle, the
    /// end and the preview limit.
    public static func agrees(_ text: String) -> Bool {
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
}
