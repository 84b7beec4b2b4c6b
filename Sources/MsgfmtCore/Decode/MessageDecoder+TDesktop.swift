extension MessageDecoder {
    /// `--from tdesktop`, and `auto` input shaped like a Telegram Desktop export: every
    /// message of every chat, read by the streaming export reader.
    static func decodeTDesktop(_ bytes: [UInt8], filter: MessageFilter? = nil) -> [DecodedItem] {
        TDesktopReader.decodeItems(InputFile(name: "", bytes: bytes), filter: filter)
    }
}
