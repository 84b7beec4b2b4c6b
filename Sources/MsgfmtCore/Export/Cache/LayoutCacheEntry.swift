/// What the layout cache keeps of one message besides its key: the custom emoji its body
/// names (their sticker files are checked again before the entry is used), the warnings
/// laying it out gave (reported again on every run), and its writer's piece.
struct LayoutCacheEntry {
    /// The custom emoji ids the styled body names, in order, each once.
    var emojiIDs: [String]
    /// `LayoutCache.emojiPrint` of those ids when the entry was made.
    var emojiPrint: ContentHash
    /// Normalizing and laying out the message's body gave these.
    var diagnostics: [Diagnostic]
    /// The writer's piece (`CachedPiece`), as its bytes.
    var piece: any CachedPiece

    /// The entry's bytes. A diagnostic located at `index` (the message's place in its
    /// chat) is stored as "this message", so it is reported at the message's place in the
    /// run that uses it.
    func encoded(index: Int) -> [UInt8] {
        var out = CacheByteWriter()
        encode(index: index, into: &out)
        return out.bytes
    }

    /// Appends the entry's bytes (see `encoded(index:)`) to `out`.
    func encode(index: Int, into out: inout CacheByteWriter) {
        out.count(emojiIDs.count)
        for id in emojiIDs { out.string(id) }
        out.hash(emojiPrint)
        out.count(diagnostics.count)
        for d in diagnostics {
            out.bytes.append(d.severity == .error ? 1 : 0)
            out.string(d.message)
            let l = d.location
            switch l.messageIndex {
            case nil: out.bytes.append(0)
            case index?: out.bytes.append(1)
            case let other?:
                out.bytes.append(2)
                out.signed(Int64(other))
            }
            for value in [
                l.messageID, l.entityIndex.map(Int64.init), l.byteOffset.map(Int64.init), l.line.map(Int64.init),
                l.column.map(Int64.init),
            ] {
                out.bytes.append(value == nil ? 0 : 1)
                if let value { out.signed(value) }
            }
        }
        piece.encode(into: &out)
    }

    /// The entry `encoded(index:)` wrote, its piece of type `pieceType`, for `message` at
    /// `index` under `options`; nil when the bytes are not such an entry.
    init?(decoding bytes: [UInt8], pieceType: any CachedPiece.Type, message: ExportMessage, index: Int, options: ExportOptions) {
        var input = CacheByteReader(bytes)
        guard let idCount = input.count() else { return nil }
        var ids: [String] = []
        for _ in 0..<idCount {
            guard let id = input.string() else { return nil }
            ids.append(id)
        }
        guard let print = input.hash(), let diagnosticCount = input.count() else { return nil }
        var diagnostics: [Diagnostic] = []
        for _ in 0..<diagnosticCount {
            guard let severity = input.byte(), severity <= 1, let message = input.string(), let indexKind = input.byte() else {
                return nil
            }
            var location = Diagnostic.Location()
            switch indexKind {
            case 0: break
            case 1: location.messageIndex = index
            case 2:
                guard let other = input.signed(), let i = Int(exactly: other) else { return nil }
                location.messageIndex = i
            default: return nil
            }
            var values: [Int64?] = []
            for _ in 0..<5 {
                guard let present = input.byte(), present <= 1 else { return nil }
                if present == 0 {
                    values.append(nil)
                } else {
                    guard let value = input.signed() else { return nil }
                    values.append(value)
                }
            }
            location.messageID = values[0]
            guard let entity = Self.int(values[1]), let offset = Self.int(values[2]), let line = Self.int(values[3]),
                let column = Self.int(values[4])
            else { return nil }
            (location.entityIndex, location.byteOffset, location.line, location.column) = (entity, offset, line, column)
            diagnostics.append(Diagnostic(severity == 1 ? .error : .warning, location, message))
        }
        guard let piece = pieceType.init(decoding: &input, message: message, options: options), input.atEnd else { return nil }
        self.init(emojiIDs: ids, emojiPrint: print, diagnostics: diagnostics, piece: piece)
    }

    init(emojiIDs: [String], emojiPrint: ContentHash, diagnostics: [Diagnostic], piece: any CachedPiece) {
        self.emojiIDs = emojiIDs
        self.emojiPrint = emojiPrint
        self.diagnostics = diagnostics
        self.piece = piece
    }

    /// An optional stored number as an `Int`: `.some(nil)` when absent, nil when it does
    /// not fit.
    private static func int(_ value: Int64?) -> Int?? {
        guard let value else { return .some(nil) }
        guard let i = Int(exactly: value) else { return nil }
        return .some(i)
    }
}
