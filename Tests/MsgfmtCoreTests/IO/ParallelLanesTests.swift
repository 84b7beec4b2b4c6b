import Foundation
import Synchronization
import Testing

@testable import MsgfmtCore

/// `ParallelLanes.perform` runs every lane once, one lane or several. (That one lane starts
/// no thread is a matter of speed, measured rather than tested: `docs/PERFORMANCE.md`.)
@Suite struct ParallelLanesTests {
    @Test(arguments: [1, 2, 3, 8])
    func everyLaneRunsOnce(count: Int) {
        let runs = Mutex([Int](repeating: 0, count: count))
        ParallelLanes.perform(count) { lane in runs.withLock { $0[lane] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
    }
}
