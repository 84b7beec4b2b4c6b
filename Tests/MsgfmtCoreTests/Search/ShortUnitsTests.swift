import Testing

@testable import MsgfmtCore

/// `ShortUnits` against array copies and comparisons: every length up to past the library
/// cut-off, a difference at every position, at unaligned addresses.
@Suite struct ShortUnitsTests {
    @Test func copiesEveryLengthExactly() {
        for count in 0...40 {
            for offset in 0...3 {
                let source = (0..<(count + offset)).map { UInt16(0x4100 + $0 * 7) }
                // Guards around the target: a copy must not write outside its count.
                var target = [UInt16](repeating: 0xEEEE, count: count + offset + 4)
                source.withUnsafeBufferPointer { s in
                    target.withUnsafeMutableBufferPointer { t in
                        ShortUnits.copy(to: t.baseAddress! + 1 + offset, from: s.baseAddress! + offset, count: count)
                    }
                }
                #expect(Array(target[(1 + offset)..<(1 + offset + count)]) == Array(source[offset...]), "count \(count)")
                #expect(target[..<(1 + offset)].allSatisfy { $0 == 0xEEEE }, "count \(count): wrote before")
                #expect(target[(1 + offset + count)...].allSatisfy { $0 == 0xEEEE }, "count \(count): wrote after")
            }
        }
    }

    @Test func comparesEveryLengthWithADifferenceAnywhere() {
        for count in 0...40 {
            for offset in 0...1 {
                let a = (0..<(count + offset)).map { UInt16(0x30 + $0) }
                a.withUnsafeBufferPointer { x in
                    var b = a
                    b.withUnsafeBufferPointer { y in
                        #expect(ShortUnits.equal(x.baseAddress! + offset, y.baseAddress! + offset, count: count))
                    }
                    for at in offset..<(count + offset) {
                        // One unit differs, in its high byte or in its low byte.
                        for flip: UInt16 in [0x0100, 0x0001] {
                            b = a
                            b[at] ^= flip
                            b.withUnsafeBufferPointer { y in
                                let same = ShortUnits.equal(x.baseAddress! + offset, y.baseAddress! + offset, count: count)
                                #expect(!same, "\(count) at \(at)")
                            }
                        }
                    }
                }
            }
        }
    }
}
