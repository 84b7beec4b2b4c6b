/// Remembers the `<a>` element made for each link target, so a link shown across several
/// runs (or messages) is checked by `LinkPolicy` and escaped once.
///
/// A direct-mapped cache: a target's bytes are digested (`Key.digest`) and the digest picks
/// its one slot; a hit needs equal bytes, so two spellings of one URL that Unicode calls
/// equal are still two `href`s. A target that lands on another's slot takes it, once the
/// table has grown from `firstCapacity` to `capacity` slots: bounded memory, and no input
/// can make a lookup cost more than one comparison. One thread uses a table at a time
/// (`borrowing` lends them across threads, hence `@unchecked Sendable`).
final class HTMLLinkTags: @unchecked Sendable {
    private struct Slot {
        var digest: UInt64
        var link: String
        var tag: HTMLInlineTag?
    }

    private var slots: [Slot?] = []
    private static let firstCapacity = 16
    private static let capacity = 4096

    /// The element for `link`, or nil when `LinkPolicy` refuses it.
    func tag(for link: String) -> HTMLInlineTag? {
        let key = Key(link)
        if !slots.isEmpty, let slot = slots[Int(truncatingIfNeeded: key.digest) & (slots.count - 1)],
            slot.digest == key.digest, slot.link.hasSameBytes(as: link)
        {
            return slot.tag
        }
        let made = HTMLInlineTag.link(link)
        insert(Slot(digest: key.digest, link: link, tag: made))
        return made
    }

    /// Puts `slot` in its place; where another target is, the table grows first while it
    /// may, and the newcomer takes the place when it may not.
    private func insert(_ slot: Slot) {
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.firstCapacity) }
        var at = Int(truncatingIfNeeded: slot.digest) & (slots.count - 1)
        if slots[at] != nil, slots.count < Self.capacity {
            let old = slots
            slots = Array(repeating: nil, count: slots.count * 4)
            for case let kept? in old { slots[Int(truncatingIfNeeded: kept.digest) & (slots.count - 1)] = kept }
            at = Int(truncatingIfNeeded: slot.digest) & (slots.count - 1)
        }
        slots[at] = slot
    }

    /// A link target with the digest of its bytes: a word-at-a-time mix seeded per
    /// process, so inputs cannot be made to share slots on purpose. Keys are equal when
    /// their bytes are. (`String`'s own hashing and equality go by canonical equivalence
    /// and cost several times more.)
    struct Key: Equatable {
        let link: String
        let digest: UInt64

        /// The seed of every digest in this process.
        private static let seed = UInt64.random(in: .min ... .max)

        init(_ link: String) {
            self.link = link
            var bytes = link
            digest = bytes.withUTF8 { Self.digest(of: $0) }
        }

        /// A 64-bit digest of `bytes`, eight at a time.
        static func digest(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let n = bytes.count
            var h = seed ^ UInt64(n) &* 0x9E37_79B9_7F4A_7C15
            guard let base = bytes.baseAddress else { return h }
            var i = 0
            while i &+ 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 29
                i &+= 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                tail |= UInt64(base[i]) << shift
                shift &+= 8
                i &+= 1
            }
            h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
            return h ^ h >> 32
        }

        static func == (a: Key, b: Key) -> Bool {
            a.digest == b.digest && a.link.hasSameBytes(as: b.link)
        }
    }
}
