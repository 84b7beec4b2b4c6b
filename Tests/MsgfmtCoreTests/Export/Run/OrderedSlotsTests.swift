import Dispatch
import Synchronization
import Testing

@testable import MsgfmtCore

@Suite struct OrderedSlotsTests {
    /// Counts the `Tracked` values alive and the ones ever made.
    final class Census: Sendable {
        let alive = Atomic<Int>(0)
        let made = Atomic<Int>(0)

        var aliveNow: Int { alive.load(ordering: .relaxed) }
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
        let inputs = Census()
        let outputs = Census()
        let slots = OrderedSlots<Tracked, Tracked>((0..<count).map { Tracked($0, inputs) })
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            // A slot given another slot's input would show up as -1 below.
            slots.fill { k, input in Tracked(input.index == k ? k : -1, outputs) }
        }
        #expect(inputs.aliveNow == 0, "every input released once its output was made")
        var taken = slots.take()
        #expect(taken.map(\.index) == Array(0..<count))
        #expect(outputs.made.load(ordering: .relaxed) == count, "one output made per slot")
        // Moved out, not copied: the slots (still alive) hold no second reference.
        #expect(taken.indices.allSatisfy { isKnownUniquelyReferenced(&taken[$0]) })
        withExtendedLifetime(slots) {}
        taken = []
        #expect(outputs.aliveNow == 0)
    }

    @Test func slotsDroppedWithoutTakingReleaseInputsAndOutputs() {
        let inputs = Census()
        let outputs = Census()
        do {
            let slots = OrderedSlots<Tracked, Tracked>((0..<100).map { Tracked($0, inputs) })
            DispatchQueue.concurrentPerform(iterations: 3) { _ in
                slots.fill { k, _ in Tracked(k, outputs) }
            }
            withExtendedLifetime(slots) {
                #expect(outputs.aliveNow == 100)
            }
        }
        #expect(outputs.aliveNow == 0)
        do {
            let slots = OrderedSlots<Tracked, Int>((0..<10).map { Tracked($0, inputs) })
            withExtendedLifetime(slots) {
                #expect(inputs.aliveNow == 10, "inputs are held until claimed")
            }
        }
        #expect(inputs.aliveNow == 0)
    }

    /// Outputs taken one at a time come in slot order, each moved out (its only reference
    /// is the caller's); those not taken are released with the slots.
    @Test(arguments: [0, 1, 5, 300])
    func outputsTakenOneAtATimeComeInOrder(taking: Int) {
        let outputs = Census()
        do {
            let slots = OrderedSlots<Int, Tracked>(Array(0..<300))
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                slots.fill { k, input in Tracked(input == k ? k : -1, outputs) }
            }
            for k in 0..<taking {
                guard var output = slots.takeNext() else {
                    Issue.record("slot \(k) missing")
                    break
                }
                #expect(output.index == k)
                #expect(isKnownUniquelyReferenced(&output))
            }
            #expect(outputs.aliveNow == 300 - taking, "a taken output is released by its taker")
            if taking == 300 { #expect(slots.takeNext() == nil) }
        }
        #expect(outputs.aliveNow == 0)
    }

    @Test func fillingAgainMakesNothingMore() {
        let slots = OrderedSlots<Int, Int>([1, 2, 3, 4, 5])
        slots.fill { k, input in input * 10 + k }
        slots.fill { _, _ in
            Issue.record("a filled slot was claimed again"); return -1
        }
        #expect(slots.take() == [10, 21, 32, 43, 54])
    }
}
