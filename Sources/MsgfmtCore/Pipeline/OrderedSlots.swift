import Synchronization

/// A fixed number of slots, each holding an input, that worker threads fill with outputs,
/// each exactly once and in any order, and that the caller then takes out in order (all at
/// once, or one at a time): the results of parallel work on a batch.
///
/// Threads claim the next slot with one atomic increment, so a thread that is free takes
/// over the work a busy one has not reached. A claimed slot's input is moved out and
/// released as soon as its output is made. The slots live in manually managed buffers:
/// `take()` moves the outputs out instead of copying them, which would touch every
/// reference another thread made.
final class OrderedSlots<Input, Output>: @unchecked Sendable {
    /// Number of slots.
    let count: Int
    private let inputs: UnsafeMutablePointer<Input>
    private let outputs: UnsafeMutablePointer<Output>
    /// The next slot to claim; past `count` once every slot is claimed.
    private let next = Atomic<Int>(0)
    /// How many outputs were moved out, in slot order (`take()` moves all of them).
    private var taken = 0

    /// Creates a slot for each of `inputs`, in order. The inputs are moved in, last first
    /// (`popLast` hands each over without a copy, where copying retained every reference
    /// an input holds and the array's end released them again).
    init(_ inputs: consuming [Input]) {
        count = inputs.count
        self.inputs = .allocate(capacity: count)
        outputs = .allocate(capacity: count)
        var k = count
        while let input = inputs.popLast() {
            k &-= 1
            (self.inputs + k).initialize(to: input)
        }
    }

    /// Claims slots one at a time and fills each with `make(index, input)`, until every
    /// slot is claimed. Any number of threads may call this at once.
    func fill(_ make: (Int, Input) -> Output) {
        while true {
            let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard k < count else { return }
            (outputs + k).initialize(to: make(k, (inputs + k).move()))
        }
    }

    /// Moves the outputs out, in slot order. Call once, after every `fill` returned.
    func take() -> [Output] {
        precondition(taken == 0, "slots taken twice")
        precondition(next.load(ordering: .relaxed) >= count, "slots taken before they were filled")
        taken = count
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { base.moveInitialize(from: outputs, count: count) }
            initialized = count
        }
    }

    /// Moves out the next output in slot order, nil after the last: one at a time, so the
    /// caller holds each output once (an array's iterator would copy every one, retaining
    /// what it references). Call only after every `fill` returned.
    func takeNext() -> Output? {
        precondition(next.load(ordering: .relaxed) >= count, "slots taken before they were filled")
        guard taken < count else { return nil }
        taken += 1
        return (outputs + (taken - 1)).move()
    }

    deinit {
        // No `fill` is running once the last reference is gone: the claimed slots hold
        // outputs (unless taken), the others still hold their inputs.
        let claimed = min(next.load(ordering: .relaxed), count)
        if taken < claimed { (outputs + taken).deinitialize(count: claimed - taken) }
        (inputs + claimed).deinitialize(count: count - claimed)
        inputs.deallocate()
        outputs.deallocate()
    }
}
