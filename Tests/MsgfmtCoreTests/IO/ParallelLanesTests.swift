import Foundation
import Synchronization
import Testing

@testable import MsgfmtCore

/// `ParallelLanes.perform` runs every lane once, one lane or several, and the lane counts
/// take no more threads than `--jobs` allows or items need. (That one lane starts no thread
/// is a matter of speed, measured rather than tested: `docs/PERFORMANCE.md`.)
@Suite struct ParallelLanesTests {
    @Test(arguments: [1, 2, 3, 8])
    func everyLaneRunsOnce(count: Int) {
        let runs = Mutex([Int](repeating: 0, count: count))
        ParallelLanes.perform(count) { lane in runs.withLock { $0[lane] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
    }

    /// Light work gets one lane below `fewestItems` items; heavy work a lane per item up to
    /// the jobs; never fewer than one lane, whatever `--jobs` or the count says.
    @Test func laneCounts() {
        let few = ParallelLanes.fewestItems
        #expect(ParallelLanes.lanes(items: few - 1, jobs: 8) == 1)
        #expect(ParallelLanes.lanes(items: few, jobs: 8) == 8)
        #expect(ParallelLanes.lanes(items: few, jobs: few + 10) == few)
        #expect(ParallelLanes.heavyLanes(items: 3, jobs: 8) == 3)
        #expect(ParallelLanes.heavyLanes(items: 20, jobs: 2) == 2)
        #expect(ParallelLanes.heavyLanes(items: 0, jobs: 2) == 1)
        #expect(ParallelLanes.heavyLanes(items: 5, jobs: 0) == 1)
    }
}
