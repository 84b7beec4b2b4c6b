/// A prepare-step piece (`TranscriptWriter.Piece`) the layout cache can keep: it depends on
/// its message, the message's media files and the options alone, and comes back equal
/// from its bytes. Pieces that are not (the terminal formats draw from the laid-out body
/// in `write`) are laid out every time.
protocol CachedPiece: Sendable {
    /// Appends the piece's bytes.
    func encode(into out: inout CacheByteWriter)
    /// The piece `encode` wrote for `message` under `options`; nil when the bytes are not
    /// one.
    init?(decoding input: inout CacheByteReader, message: ExportMessage, options: ExportOptions)
}

/// A JSON Lines message's members (`--to json`).
extension [UInt8]: CachedPiece {
    func encode(into out: inout CacheByteWriter) {
        out.data(self)
    }

    init?(decoding input: inout CacheByteReader, message: ExportMessage, options: ExportOptions) {
        guard let bytes = input.data() else { return nil }
        self = bytes
    }
}

/// A Markdown message body (`--to markdown`).
extension String: CachedPiece {
    func encode(into out: inout CacheByteWriter) {
        out.string(self)
    }

    init?(decoding input: inout CacheByteReader, message: ExportMessage, options: ExportOptions) {
        guard let string = input.string() else { return nil }
        self = string
    }
}
