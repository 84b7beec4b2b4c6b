import Dispatch

/// Runs work split into lanes on as many threads at once.
enum ParallelLanes {
    /// The fewest items of light work (messages to lay out, transcript pieces to draw)
    /// worth spreading over threads: waking a worker thread costs about what laying out 30
    /// messages does (a one-message export took 1.4 ms longer with one, 10.0 against 8.6 ms).
    static let fewestItems = 32

    /// The lanes for `items` items of light work with up to `jobs` threads: one for fewer
    /// than `fewestItems`, else as many as there are threads and items.
    static func lanes(items: Int, jobs: Int) -> Int {
        items < fewestItems ? 1 : heavyLanes(items: items, jobs: jobs)
    }

    /// The lanes for `items` items of heavy work (a picture to encode, an export to index),
    /// each worth a thread of its own: as many as there are threads and items, at least one.
    static func heavyLanes(items: Int, jobs: Int) -> Int {
        max(1, min(jobs, items))
    }

    /// Runs `body` for each lane `0..<count` on up to `count` threads at once
    /// (`DispatchQueue.concurrentPerform`); one lane runs on the calling thread, since
    /// libdispatch starts a worker thread even for a single iteration (of a one-message
    /// export's 10 ms, about 1 ms went to it).
    static func perform(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count == 1 {
            body(0)
            return
        }
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }
}
