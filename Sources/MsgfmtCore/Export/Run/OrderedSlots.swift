import Synchronization

/// A fixed number of slots that worker threads fill, each exactly once and in any order,
/// and that the caller then takes out in order: the results of parallel work on a batch.
///
/// Threads claim the next empty slot with one atomic increment, so a thread that is free
/// takes over the work a busy one has not reached. The slots live in a manually managed
/// buffer: `take()` moves them out instead of copying them, which would touch every
/// reference another thread made.
final class OrderedSlots<Element>: @unchecked Sendable {
    /// Number of slots.
    let count: Int
    private let pointer: UnsafeMutablePointer<Element>
    /// The next slot to claim; past `count` once every slot is claimed.
    private let next = Atomic<Int>(0)
    /// Whether the elements were moved out by `take()`.
    private var taken = false

    /// Creates `count` empty slots.
    init(count: Int) {
        self.count = max(0, count)
        pointer = .allocate(capacity: self.count)
    }

    /// Claims empty slots one at a time and fills each with `make(index)`, until every
    /// slot is claimed. Any number of threads may call this at once.
    func fill(_ make: (Int) -> Element) {
        while true {
            let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard k < count else { return }
            (pointer + k).initialize(to: make(k))
        }
    }

    /// Moves the elements out, in slot order. Call once, after every `fill` returned.
    func take() -> [Element] {
        precondition(!taken, "slots taken twice")
        precondition(next.load(ordering: .relaxed) >= count, "slots taken before they were filled")
        taken = true
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { base.moveInitialize(from: pointer, count: count) }
            initialized = count
        }
    }

    deinit {
        // Every claimed slot was filled: no `fill` is running once the last reference is gone.
        if !taken { pointer.deinitialize(count: min(next.load(ordering: .relaxed), count)) }
        pointer.deallocate()
    }
}
