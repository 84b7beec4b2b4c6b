/// Remembers the previews of the most recent messages of a chat so replies can quote the
/// message they answer. Bounded: a message is remembered while fewer than `capacity`
/// messages came after it (the reply then shows a generic header).
///
/// Messages are counted by their place in the chat (the ordinal: 0 for the first written,
/// then 1, …), which `insert` advances. `--update` of an HTML site keeps pages without
/// reading their messages (`skip` counts them) and reads some of them again later
/// (`insert(…, at:)` puts them at their own ordinals), so a lookup sees exactly what
/// writing every message in order would have left.
public struct ReplyPreviewCache: Sendable {
    /// The ring of remembered messages, message `ordinal` in slot `ordinal % capacity`;
    /// it grows to `capacity` slots as they are first used, so a cache that sees a few
    /// messages (a diff renders each message with a transcript of its own) costs a few.
    private var slots: [(id: Int64, ordinal: Int, sender: String, text: String)?] = []
    private var positions: [Int64: Int] = [:]
    /// How many messages the cache holds.
    private let capacity: Int
    /// The ordinal of the next message.
    public private(set) var count = 0

    /// How many messages a cache holds unless told otherwise.
    public static let defaultCapacity = 4096

    /// Creates a cache holding `capacity` messages.
    public init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// Records the next message's sender and preview.
    public mutating func insert(id: Int64, sender: String, text: String) {
        insert(id: id, sender: sender, text: text, at: count)
        count += 1
    }

    /// Counts `n` messages that are not remembered (a kept page's).
    public mutating func skip(_ n: Int) {
        count += max(0, n)
    }

    /// Records the sender and preview of the message at `ordinal`, one counted before
    /// (`skip`) or the next: one older than the cache holds is not recorded, and neither is
    /// one older than what its slot or its id's entry already holds.
    public mutating func insert(id: Int64, sender: String, text: String, at ordinal: Int) {
        guard ordinal >= 0, ordinal >= count - capacity, ordinal <= count else { return }
        let i = ordinal % capacity
        if i >= slots.count { slots.append(contentsOf: repeatElement(nil, count: i + 1 - slots.count)) }
        if let old = slots[i] {
            guard old.ordinal < ordinal else { return }
            if positions[old.id] == old.ordinal { positions[old.id] = nil }
        }
        if let known = positions[id], known > ordinal { return }
        slots[i] = (id, ordinal, sender, text)
        positions[id] = ordinal
    }

    /// The sender and preview of message `id`, if still remembered for the next message.
    public func lookup(_ id: Int64) -> (sender: String, text: String)? {
        lookup(id, at: count)
    }

    /// The sender and preview of message `id` as the message at `ordinal` (this one or a
    /// later one, none inserted in between) finds them.
    public func lookup(_ id: Int64, at ordinal: Int) -> (sender: String, text: String)? {
        guard let k = positions[id], k >= ordinal - capacity, k < ordinal, k % capacity < slots.count,
            let slot = slots[k % capacity], slot.ordinal == k
        else { return nil }
        return (slot.sender, slot.text)
    }

    /// Forgets everything (a new chat begins).
    public mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        count = 0
    }
}
