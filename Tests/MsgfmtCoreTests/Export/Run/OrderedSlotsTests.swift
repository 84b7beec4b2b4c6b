import Dispatch
import Synchronization
import Testing
@testable import MsgfmtCore

@Suite struct OrderedSlotsTests {
    /// Counts the `Tracked` values alive and the ones ever made.
    final class Census: Sendable {
        let alive = Atomic<Int>(0)
        let made = Atomic<Int>(0)
    }

    /// A value whose copies share one object, so a slot left holding a copy shows up.
    final class Tracked: Sendable {
        let index: Int
        let census: Census

        init(_ index: Int, _ census: Census) {
            self.index = index
            self.census = census
            census.alive.add(1, ordering: .relaxed)
            census.made.add(1, ordering: .relaxed)
        }

        deinit { census.alive.subtract(1, ordering: .relaxed) }
    }

    @Test(arguments: [0, 1, 7, 10_000])
    func everySlotIsFilledOnceAndTakenInOrder(count: Int) {
        let census = Census()
        let slots = OrderedSlots<Tracked>(count: count)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            slots.fill { Tracked($0, census) }
        }
        var taken = slots.take()
        #expect(taken.map(\.index) == Array(0..<count))
        #expect(census.made.load(ordering: .relaxed) == count, "one element made per slot")
        // Moved out, not copied: the slots (still alive) hold no second reference.
        #expect(taken.indices.allSatisfy { isKnownUniquelyReferenced(&taken[$0]) })
        withExtendedLifetime(slots) {}
        taken = []
        #expect(census.alive.load(ordering: .relaxed) == 0)
    }

    @Test func slotsDroppedWithoutTakingReleaseTheirElements() {
        let census = Census()
        do {
            let slots = OrderedSlots<Tracked>(count: 100)
            DispatchQueue.concurrentPerform(iterations: 3) { _ in
                slots.fill { Tracked($0, census) }
            }
            withExtendedLifetime(slots) {
                #expect(census.alive.load(ordering: .relaxed) == 100)
            }
        }
        #expect(census.alive.load(ordering: .relaxed) == 0)
    }

    @Test func fillingAgainMakesNothingMore() {
        let slots = OrderedSlots<Int>(count: 5)
        slots.fill { $0 * 10 }
        slots.fill { _ in Issue.record("a filled slot was claimed again"); return -1 }
        #expect(slots.take() == [0, 10, 20, 30, 40])
    }
}
