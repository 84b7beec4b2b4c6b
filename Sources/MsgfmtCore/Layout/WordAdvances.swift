/// One measured word in `FontLibrary`'s measuring cache: the word's units and face style,
/// kept to confirm a hash match, and the advance of each unit in layout units.
struct WordAdvances: Sendable {
    let units: [UInt16]
    let style: FaceStyle
    let advances: [Int32]

    /// About the bytes this takes in a cache: two arrays with their headers and a
    /// dictionary slot.
    var cacheBytes: Int { 48 + 2 * 32 + 2 * units.count + 4 * advances.count }

    /// The cache key of `word` in `style`: FNV-1a over the style and the units. Cheap
    /// rather than collision-proof; `matches` settles equality.
    static func key(_ word: UnsafeBufferPointer<UInt16>, style: FaceStyle) -> UInt64 {
        var hash = FNV1aHasher()
        hash.add(byte: style.rawValue)
        hash.add(units: word)
        return hash.value
    }

    /// True when this entry is `word` in `style`.
    func matches(_ word: UnsafeBufferPointer<UInt16>, style: FaceStyle) -> Bool {
        guard self.style == style, units.count == word.count else { return false }
        return units.withUnsafeBufferPointer { stored in
            for k in 0..<word.count where stored[k] != word[k] { return false }
            return true
        }
    }
}
