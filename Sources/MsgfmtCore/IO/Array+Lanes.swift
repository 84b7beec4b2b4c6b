import Dispatch

extension Array {
    /// `count` elements made on up to `lanes` threads at once (`concurrentPerform`): lane
    /// `k` makes elements `k`, `k + lanes`, `k + 2 × lanes`… with state of its own, which
    /// `start` makes once on each lane (a renderer, a digester and its buffer), and writes
    /// each straight into the array's storage at its own index, so no lane waits on another.
    static func madeOnLanes<State>(
        count: Int, lanes: Int, start: @autoclosure @Sendable () -> State, _ make: @Sendable (inout State, Int) -> Element
    ) -> [Element] {
        guard count > 0 else { return [] }
        let lanes = ParallelLanes.heavyLanes(items: count, jobs: lanes)
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = LaneSlots(base: buffer.baseAddress!)
            ParallelLanes.perform(lanes) { lane in
                var state = start()
                for i in stride(from: lane, to: count, by: lanes) {
                    (slots.base + i).initialize(to: make(&state, i))
                }
            }
            initialized = count
        }
    }
}

/// Where the lanes of `Array.madeOnLanes` write: each lane at its own indices only.
private struct LaneSlots<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}
