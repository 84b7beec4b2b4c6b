import TestSupport
import Testing

@testable import MsgfmtCore

/// `LineBuilder.reorder` against the plain definition (`order.map { items[$0] }`) on
/// random permutations, and on items whose copies would show.
@Suite struct LineBuilderReorderTests {
    @Test func reorderEqualsMappingTheOrder() {
        var rng = SeededGenerator(seed: 0x7265_6f72)
        for count in 0..<40 {
            for _ in 0..<25 {
                let items = (0..<count).map { "item \($0)" }
                let order = Array(0..<count).shuffled(using: &rng)
                var reordered = items
                LineBuilder.reorder(&reordered, by: order)
                #expect(reordered == order.map { items[$0] }, "order \(order)")
            }
        }
    }

    /// Each object moved keeps its one reference: the reorder neither copies (a leaked
    /// retain would make it shared) nor drops one.
    @Test func reorderMovesWithoutCopying() {
        final class Box {
            let id: Int
            init(_ id: Int) { self.id = id }
        }
        let order = [8, 0, 7, 1, 6, 2, 5, 3, 4]
        var items = (0..<9).map { Box($0) }
        LineBuilder.reorder(&items, by: order)
        #expect(items.map(\.id) == order)
        #expect(items.indices.allSatisfy { isKnownUniquelyReferenced(&items[$0]) })
    }
}
