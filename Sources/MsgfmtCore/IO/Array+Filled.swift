extension Array where Element: BitwiseCopyable {
    /// An array of the elements `fill` writes into room for `capacity` of them, as many as
    /// it returns (never more than `capacity`): what `init(unsafeUninitializedCapacity:
    /// initializingWith:)` makes, without the run-time lookup of the array's storage type
    /// that initializer does on every call (a few hundred instructions, for every message
    /// on the hot paths that use this).
    @inline(__always)
    static func filled(capacity: Int, _ fill: (UnsafeMutableBufferPointer<Element>) -> Int) -> [Element] {
        #if compiler(>=6.2)
            var out: [Element] = []
            guard capacity > 0 else { return out }
            out.append(addingCapacity: capacity) { span in
                span.withUnsafeMutableBufferPointer { room, initialized in
                    initialized = Swift.min(Swift.max(fill(UnsafeMutableBufferPointer(rebasing: room[..<capacity])), 0), capacity)
                }
            }
            return out
        #else
            return [Element](unsafeUninitializedCapacity: capacity) { room, initialized in
                initialized = Swift.min(Swift.max(fill(room), 0), capacity)
            }
        #endif
    }

    /// `count` copies of `value`: what `init(repeating:count:)` makes, without its run-time
    /// lookup of the storage type (see `filled`), for the arrays made per message.
    @inline(__always)
    static func repeated(_ value: Element, count: Int) -> [Element] {
        filled(capacity: count) { room in
            room.initialize(repeating: value)
            return room.count
        }
    }
}
