/// The site's pieces are kept by the layout cache with their search records.
extension HTMLMessageParts: CachedPiece {
    func encode(into out: inout CacheByteWriter) {
        out.string(head)
        out.string(sentence)
        out.string(tail)
        out.bytes.append(search == nil ? 0 : 1)
        search?.encode(into: &out)
    }

    init?(decoding input: inout CacheByteReader, message: ExportMessage, options: ExportOptions) {
        guard let head = input.string(), let sentence = input.string(), let tail = input.string(), let hasSearch = input.byte(),
            hasSearch <= 1
        else { return nil }
        self.init(head: head, sentence: sentence, tail: tail)
        if hasSearch == 1 {
            guard let record = SearchRecord(decoding: &input, message: message, clock: options.clock, hidingSpoilers: options.hidesSpoilers)
            else { return nil }
            search = record
        }
    }
}
