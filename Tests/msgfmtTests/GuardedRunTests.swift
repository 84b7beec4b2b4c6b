import Foundation
import Testing

/// The guarded runner's CPU-time reading, on which the hostile-input time limits rest.
@Suite struct GuardedRunTests {
    @Test func readsChildrenTimesLine() {
        #expect(GuardedRun.childCPUSeconds("0m0.010000s 0m0.002000s\n1m2.500000s 0m0.250000s\n") == 62.75)
        #expect(GuardedRun.childCPUSeconds("0m0,0s 0m0,0s\n0m1,5s 0m0,25s\n") == 1.75)
    }

    @Test func unreadableReportIsInfinite() {
        #expect(GuardedRun.childCPUSeconds("") == .infinity)
        #expect(GuardedRun.childCPUSeconds("0m0.0s 0m0.0s\n") == .infinity)
        #expect(GuardedRun.childCPUSeconds("0m0.0s 0m0.0s\nsoon later\n") == .infinity)
    }

    @Test func measuresTheBinary() throws {
        let run = try GuardedRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.cpuSeconds.isFinite)
        #expect(run.cpuSeconds <= run.seconds * 2 + 0.05)
        #expect(run.crashProblems().isEmpty)
    }
}
