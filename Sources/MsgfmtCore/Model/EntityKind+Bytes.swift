extension EntityKind {
    /// The known kind whose Bot API name is `bytes` (`text_link`), or nil: for readers that
    /// have the name as bytes, and behind `init(botAPIName:)`.
    public init?(botAPIBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let name = PackedName(bytes), let kind = Self.known(name) else { return nil }
        self = kind
    }

    /// The known kind whose Bot API name lies at `range` of `buffer`, or nil; the name is
    /// read as words straight from the buffer when 24 bytes from its start lie inside it
    /// (a reader's line usually goes on well past a name), else copied out first.
    @inline(__always)
    static func botAPIKind(in buffer: UnsafeBufferPointer<UInt8>, at range: Range<Int>) -> EntityKind? {
        guard let name = PackedName(buffer, range) else { return nil }
        return known(name)
    }

    /// The kind a packed name names: one switch on its first word, which differs for every
    /// known name, then its length and other words compared.
    @inline(__always)
    private static func known(_ name: PackedName) -> EntityKind? {
        let kind: EntityKind
        let count: Int
        var second: UInt64 = 0
        var third: UInt64 = 0
        // Each case is a name's first eight bytes (fewer zero-padded) as a little-endian word.
        switch name.first {
        case 0x0000_0000_0065_7270: (kind, count) = (.pre, 3)
        case 0x0000_0000_006C_7275: (kind, count) = (.url, 3)
        case 0x0000_0000_646C_6F62: (kind, count) = (.bold, 4)
        case 0x0000_0000_6564_6F63: (kind, count) = (.code, 4)
        case 0x0000_006C_6961_6D65: (kind, count) = (.email, 5)
        case 0x0000_6369_6C61_7469: (kind, count) = (.italic, 6)
        case 0x0067_6174_6873_6163: (kind, count) = (.cashtag, 7)
        case 0x0067_6174_6873_6168: (kind, count) = (.hashtag, 7)
        case 0x006E_6F69_746E_656D: (kind, count) = (.mention, 7)
        case 0x0072_656C_696F_7073: (kind, count) = (.spoiler, 7)
        case 0x7261_635F_6B6E_6162: (kind, count, second) = (.bankCard, 9, 0x64)
        case 0x6D69_745F_6574_6164: (kind, count, second) = (.dateTime, 9, 0x65)
        case 0x6E69_6C5F_7478_6574: (kind, count, second) = (.textLink, 9, 0x6B)
        case 0x6E69_6C72_6564_6E75: (kind, count, second) = (.underline, 9, 0x65)
        case 0x6F75_716B_636F_6C62: (kind, count, second) = (.blockquote, 10, 0x6574)
        case 0x6D6D_6F63_5F74_6F62: (kind, count, second) = (.botCommand, 11, 0x64_6E61)
        case 0x655F_6D6F_7473_7563: (kind, count, second) = (.customEmoji, 12, 0x696A_6F6D)
        case 0x756E_5F65_6E6F_6870: (kind, count, second) = (.phoneNumber, 12, 0x7265_626D)
        case 0x6E65_6D5F_7478_6574: (kind, count, second) = (.textMention, 12, 0x6E6F_6974)
        case 0x6874_656B_6972_7473: (kind, count, second) = (.strikethrough, 13, 0x68_6775_6F72)
        case 0x6261_646E_6170_7865:
            (kind, count, second, third) = (.expandableBlockquote, 21, 0x6B63_6F6C_625F_656C, 0x65_746F_7571)
        default: return nil
        }
        guard name.count == count, name.second == second, name.third == third else { return nil }
        return kind
    }

    /// A name of at most 24 bytes as its length and three little-endian words, zero-padded.
    private struct PackedName {
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

        /// The name at `range` of `buffer`: three loads and masks when 24 bytes from its
        /// start lie inside the buffer.
        @inline(__always)
        init?(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            let n = range.count
            guard n <= 24 else { return nil }
            guard range.lowerBound &+ 24 <= buffer.count, let base = buffer.baseAddress else {
                guard let copied = PackedName(UnsafeBufferPointer(rebasing: buffer[range])) else { return nil }
                self = copied
                return
            }
            let at = UnsafeRawPointer(base + range.lowerBound)
            count = n
            first = UInt64(littleEndian: at.loadUnaligned(as: UInt64.self)) & PackedName.mask(n)
            second = UInt64(littleEndian: at.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & PackedName.mask(n &- 8)
            third = UInt64(littleEndian: at.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) & PackedName.mask(n &- 16)
        }

        /// The mask that keeps the low `bytes` bytes of a word (all for eight or more, none
        /// for zero or fewer).
        @inline(__always)
        private static func mask(_ bytes: Int) -> UInt64 {
            if bytes >= 8 { return ~0 }
            if bytes <= 0 { return 0 }
            return (1 << UInt64(bytes &* 8)) &- 1
        }
    }
}
