/// The Bot API Updates of a run that carried no message (`DecodedItem.skipped`), counted
/// by kind, so they can be reported once instead of vanishing.
public struct SkippedUpdates: Sendable, Hashable {
    /// How many updates of each kind were skipped.
    public private(set) var kinds: [String: Int] = [:]
    /// How many updates were skipped in all.
    public private(set) var count = 0

    /// Creates an empty count.
    public init() {}

    /// Counts one skipped update of kind `update`.
    public mutating func add(_ update: String) {
        kinds[update, default: 0] += 1
        count += 1
    }

    /// Adds the counts of `other`.
    public mutating func add(_ other: SkippedUpdates) {
        for (kind, n) in other.kinds { kinds[kind, default: 0] += n }
        count += other.count
    }

    /// The note that reports them, `skipped 3 updates without a message (2 inline_query,
    /// 1 poll)`, kinds by falling count then name; nil when nothing was skipped.
    public var note: String? {
        guard count > 0 else { return nil }
        let parts = kinds.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return "skipped \(count) update\(count == 1 ? "" : "s") without a message (\(parts.joined(separator: ", ")))"
    }
}
