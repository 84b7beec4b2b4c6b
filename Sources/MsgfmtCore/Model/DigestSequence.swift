/// A digest of a sequence of digests, in order (the messages of a page's span, the media
/// files of a page).
public struct DigestSequence: Sendable {
    private var hasher = ContentHasher()

    /// The digest of the empty sequence.
    public init() {}

    /// Appends one digest.
    public mutating func add(_ digest: ContentHash) {
        hasher.combine(Int64(bitPattern: digest.high))
        hasher.combine(Int64(bitPattern: digest.low))
    }

    /// The digest of the sequence so far.
    public var value: ContentHash { hasher.hash }
}
