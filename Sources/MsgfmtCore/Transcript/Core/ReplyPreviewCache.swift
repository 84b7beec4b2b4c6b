/// Remembers the previews of the most recent messages of a chat so replies can quote the
/// message they answer. Bounded: older entries are forgotten (the reply then shows a
/// generic header).
public struct ReplyPreviewCache: Sendable {
    private var slots: [(id: Int64, sender: String, text: String)?]
    private var positions: [Int64: Int] = [:]
    private var next = 0

    /// How many messages a cache holds unless told otherwise.
    public static let defaultCapacity = 4096

    /// Creates a cache holding `capacity` messages.
    public init(capacity: Int = defaultCapacity) {
        slots = Array(repeating: nil, count: max(1, capacity))
    }

    /// Records a message's sender and preview.
    public mutating func insert(id: Int64, sender: String, text: String) {
        if let old = slots[next], positions[old.id] == next { positions[old.id] = nil }
        slots[next] = (id, sender, text)
        positions[id] = next
        next = (next + 1) % slots.count
    }

    /// The sender and preview of message `id`, if still remembered.
    public func lookup(_ id: Int64) -> (sender: String, text: String)? {
        guard let i = positions[id], let slot = slots[i], slot.id == id else { return nil }
        return (slot.sender, slot.text)
    }

    /// Forgets everything (a new chat begins).
    public mutating func removeAll() {
        slots = Array(repeating: nil, count: slots.count)
        positions.removeAll(keepingCapacity: true)
        next = 0
    }
}
