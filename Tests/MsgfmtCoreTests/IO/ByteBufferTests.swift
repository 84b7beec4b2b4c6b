import TestSupport
import Testing

@testable import MsgfmtCore

/// The byte-appending helpers the emitters, readers and date writers share.
@Suite struct ByteBufferTests {
    /// `n` as Swift prints it, zeros put in front up to `width` digits.
    func reference(_ n: Int64, _ width: Int) -> String {
        let digits = String(n.magnitude)
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    @Test func decimalsArePaddedToTheirWidth() {
        var rng = SeededGenerator(seed: 0x00DE_C1A1)
        var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, Int64.max, Int64.min, Int64.min + 1]
        for _ in 0..<5000 {
            let bits = Int.random(in: 1...62, using: &rng)
            values.append(Int64.random(in: -(1 << bits)...(1 << bits) - 1, using: &rng))
        }
        for n in values {
            for width in [0, 1, 2, 4, 7, 25] {
                var bytes: [UInt8] = [0x2A]
                bytes.appendDecimal(n, width: width)
                #expect(String(decoding: bytes, as: UTF8.self) == "*" + reference(n, width), "\(n) width \(width), seed \(rng.seed)")
            }
        }
    }

    @Test func appendBytesKeepsWhatWasWritten() {
        var bytes: [UInt8] = [1, 2]
        bytes.appendBytes(upTo: 8) { p in
            p[0] = 3
            p[1] = 4
            return 2
        }
        #expect(bytes == [1, 2, 3, 4])
        bytes.appendBytes(upTo: 4) { _ in -1 }
        bytes.appendBytes(upTo: 0) { _ in 5 }
        #expect(bytes == [1, 2, 3, 4])
        bytes.appendBytes(upTo: 2) { p in
            p[0] = 5
            p[1] = 6
            return 9
        }
        #expect(bytes == [1, 2, 3, 4, 5, 6])
    }

    /// `Array.filled` keeps exactly what `fill` wrote and counted, within the room asked for.
    @Test func filledKeepsWhatWasWritten() {
        let three = [UInt16].filled(capacity: 5) { room in
            #expect(room.count == 5)
            for i in 0..<3 { room[i] = UInt16(10 + i) }
            return 3
        }
        #expect(three == [10, 11, 12])
        #expect([Int32].filled(capacity: 0) { _ in 0 }.isEmpty)
        #expect([Int].filled(capacity: 4) { _ in -2 }.isEmpty)
        let all = [Int].filled(capacity: 2) { room in
            room[0] = 7
            room[1] = 8
            return 2
        }
        #expect(all == [7, 8])
    }

    /// `Array.repeated` makes what `init(repeating:count:)` makes.
    @Test(arguments: [0, 1, 7, 1000])
    func repeatedMatchesRepeating(count: Int) {
        #expect([UInt8].repeated(3, count: count) == [UInt8](repeating: 3, count: count))
        #expect([Int32].repeated(-1, count: count) == [Int32](repeating: -1, count: count))
        #expect([Bool].repeated(true, count: count) == [Bool](repeating: true, count: count))
    }

    /// `Array.madeOnLanes` puts every element at its own index whatever the number of
    /// lanes, and each lane's state is made once and carried from element to element.
    @Test(arguments: [0, 1, 7, 1000])
    func madeOnLanesMatchesAMap(count: Int) {
        for lanes in [0, 1, 2, 3, 16] {
            let made = [String].madeOnLanes(count: count, lanes: lanes, start: 0) { state, i in
                state += 1
                return "\(i * i)"
            }
            #expect(made == (0..<count).map { "\($0 * $0)" }, "\(lanes) lanes")
            // Each lane counts its own elements: the counts add up to all of them.
            let seen = [Int].madeOnLanes(count: count, lanes: lanes, start: 0) { state, _ in
                state += 1
                return state
            }
            let used = max(1, min(lanes, count))
            #expect(seen.filter { $0 == 1 }.count == min(used, count), "\(lanes) lanes")
            #expect(seen.max() ?? 0 == (count + used - 1) / used, "\(lanes) lanes")
        }
    }
}
