import TestSupport
import Testing

@testable import MsgfmtCore

/// `EntityOrder.sorted` sorts short lists by insertion where they lie; the sort of keys
/// with the input position as the last key (`EntityOrder.order`) is the reference it must
/// match, equal keys included.
@Suite struct EntityOrderTests {
    @Test func insertionMatchesTheKeySort() {
        var random = SeededGenerator(seed: 20_261_127)
        let kinds: [EntityKind] = [.bold, .italic, .textLink, .code, .pre, .blockquote, .url, .spoiler]
        var unsorted = 0
        for _ in 0..<20_000 {
            let count = random.below(EntityOrder.insertionSortLimit + 8)
            // Few offsets, lengths and kinds, so equal keys are common.
            let entities = (0..<count).map { i in
                let kind = kinds[random.below(kinds.count)]
                return MessageEntity(
                    kind: kind, offset: random.below(6), length: 1 + random.below(4),
                    url: kind == .textLink ? "https://x.example/\(i)" : nil,
                    language: kind == .pre && random.below(2) == 0 ? "swift" : nil)
            }
            let reference = EntityOrder.order(entities.count) { entities[$0] }.map { entities[$0] }
            let sorted = EntityOrder.sorted(entities)
            #expect(sorted == reference, "\(entities)")
            if sorted != reference { return }
            if sorted != entities { unsorted += 1 }
        }
        #expect(unsorted > 10_000)
    }
}
