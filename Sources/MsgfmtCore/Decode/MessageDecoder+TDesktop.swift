extension MessageDecoder {
    /// `--from tdesktop`, and `auto` input shaped like a Telegram Desktop export. The export
    /// reader replaces this.
    static func decodeTDesktop(_ bytes: [UInt8]) -> [DecodedItem] {
        [.failure(Diagnostic(.error, .init(), "Telegram Desktop exports are read by the export reader"))]
    }
}
