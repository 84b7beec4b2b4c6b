import TestSupport
import Testing

@testable import MsgfmtCore

/// The reply preview cache counted by ordinal: skipping runs of messages and inserting
/// some of them afterwards at their own ordinals (what `--update` does with kept pages)
/// answers every lookup as inserting every message in order does.
@Suite struct ReplyPreviewCacheTests {
    /// A random chat of ids with repeats, cut into written messages and kept runs; of each
    /// kept run, the last `capacity` are inserted again after it is skipped (when a written
    /// message follows). Compared with the cache that saw every message in order: lookups
    /// of every id before each written message, and lookups ahead (`lookup(_:at:)`) from
    /// the start of each kept run for ids the run has not met yet.
    @Test func skippedAndReplayedEqualsInOrder() {
        var rng = SeededGenerator(seed: 0x5eed_cafe)
        for trial in 0..<400 {
            let capacity = 1 + rng.below(6)
            let count = 1 + rng.below(50)
            let ids = (0..<count).map { _ in Int64(rng.below(12)) }
            // The reference: every lookup before each message.
            var reference = ReplyPreviewCache(capacity: capacity)
            var seen: [[String?]] = []
            for (n, id) in ids.enumerated() {
                seen.append((0..<12).map { reference.lookup(Int64($0))?.text })
                reference.insert(id: id, sender: "s", text: "\(n)")
            }
            var cache = ReplyPreviewCache(capacity: capacity)
            var n = 0
            while n < count {
                if rng.below(3) == 0 {
                    let end = min(count, n + 1 + rng.below(12))
                    cache.skip(end - n)
                    for o in n..<end {
                        for id in 0..<12 where !ids[n..<o].contains(Int64(id)) {
                            #expect(cache.lookup(Int64(id), at: o)?.text == seen[o][id], "trial \(trial) ahead at \(o) id \(id)")
                        }
                    }
                    if end < count {
                        for o in max(n, end - capacity)..<end { cache.insert(id: ids[o], sender: "s", text: "\(o)", at: o) }
                    }
                    n = end
                } else {
                    let expected = seen[n]
                    #expect((0..<12).map { cache.lookup(Int64($0))?.text } == expected, "trial \(trial) at \(n)")
                    cache.insert(id: ids[n], sender: "s", text: "\(n)")
                    n += 1
                }
            }
        }
    }

    /// A message inserted at an ordinal older than the cache holds, or older than what its
    /// id already has, is not recorded.
    @Test func staleInsertsAreIgnored() {
        var cache = ReplyPreviewCache(capacity: 2)
        cache.skip(5)
        cache.insert(id: 1, sender: "a", text: "old", at: 2)
        #expect(cache.lookup(1) == nil)
        cache.insert(id: 1, sender: "a", text: "four", at: 4)
        cache.insert(id: 1, sender: "a", text: "three", at: 3)
        #expect(cache.lookup(1)?.text == "four")
        #expect(cache.lookup(1, at: 6)?.text == "four")
        #expect(cache.lookup(1, at: 7) == nil)
    }
}
