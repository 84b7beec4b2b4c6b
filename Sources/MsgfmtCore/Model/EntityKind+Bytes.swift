extension EntityKind {
    /// The known kind whose Bot API name is `bytes` (`text_link`), or nil: for readers that
    /// have the name as bytes, and behind `init(botAPIName:)`.
    public init?(botAPIBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let key = PackedName(bytes) else { return nil }
        for (name, kind) in Self.packedNames where name == key {
            self = kind
            return
        }
        return nil
    }

    /// Every known kind by its packed Bot API name.
    private static let packedNames: [(PackedName, EntityKind)] = known.map { kind in
        var name = kind.botAPIName
        return (name.withUTF8 { PackedName($0)! }, kind)
    }

    /// A name of at most 24 bytes as its length and three little-endian words, zero-padded:
    /// comparing two is four integer comparisons.
    private struct PackedName: Equatable {
        var count: Int
        var first: UInt64 = 0
        var second: UInt64 = 0
        var third: UInt64 = 0

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= 24 else { return nil }
            count = bytes.count
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            first = UInt64(littleEndian: words.0)
            second = UInt64(littleEndian: words.1)
            third = UInt64(littleEndian: words.2)
        }
    }
}
