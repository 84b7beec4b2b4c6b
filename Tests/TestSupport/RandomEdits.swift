/// Random edits of a byte string, for tests that compare a fast reader with its reference
/// on inputs near valid ones.
public enum RandomEdits {
    /// Edits `bytes` one to four times: each edit removes a byte, inserts one of `pieces`,
    /// or repeats a stretch of up to 11 bytes a little further on.
    public static func apply(to bytes: inout [UInt8], pieces: [String], using random: inout SeededGenerator) {
        for _ in 0...random.below(3) {
            let at = random.below(bytes.count + 1)
            switch random.below(3) {
            case 0: if at < bytes.count { bytes.remove(at: at) }
            case 1: bytes.insert(contentsOf: Array(pieces[random.below(pieces.count)].utf8), at: at)
            default:
                let end = min(bytes.count, at + random.below(12))
                bytes.insert(contentsOf: bytes[at..<end], at: min(bytes.count, end + random.below(4)))
            }
        }
    }
}
