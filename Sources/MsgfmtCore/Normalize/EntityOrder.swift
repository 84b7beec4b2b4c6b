/// The canonical order of entities: offset ascending, then length descending, then type
/// priority (outer kinds first), as Telegram sorts them.
public enum EntityOrder {
    /// The priority of an entity's type; lower sorts first at equal ranges.
    public static func priority(_ entity: MessageEntity) -> Int {
        switch entity.kind {
        case .blockquote, .expandableBlockquote: 0
        case .pre: (entity.language?.isEmpty ?? true) ? 11 : 10
        case .code: 20
        case .dateTime: 30
        case .textLink, .textMention: 49
        case .bold: 90
        case .italic: 91
        case .underline: 92
        case .strikethrough: 93
        case .spoiler: 94
        case .customEmoji: 99
        case .unknown: 100
        default: 50
        }
    }

    /// True when `a` sorts before `b`.
    public static func precedes(_ a: MessageEntity, _ b: MessageEntity) -> Bool {
        if a.offset != b.offset { return a.offset < b.offset }
        if a.length != b.length { return a.length > b.length }
        return priority(a) < priority(b)
    }

    /// The entities in canonical order (stable for equal keys).
    public static func sorted(_ entities: [MessageEntity]) -> [MessageEntity] {
        // Compared where they lie, not copied out one by one.
        let inOrder = entities.withUnsafeBufferPointer { list in
            for i in list.indices.dropFirst() where precedes(list[i], list[i - 1]) { return false }
            return true
        }
        if inOrder { return entities }
        guard entities.count <= insertionSortLimit else { return order(entities.count) { entities[$0] }.map { entities[$0] } }
        // Short lists (nearly all): sorted where they lie by insertion, which moves an
        // entity only past those it strictly precedes, so equal keys keep their order.
        var result = entities
        result.withUnsafeMutableBufferPointer { list in
            for i in list.indices.dropFirst() {
                var j = i
                while j > 0, precedes(list[j], list[j - 1]) {
                    list.swapAt(j, j - 1)
                    j -= 1
                }
            }
        }
        return result
    }

    /// The longest list `sorted` sorts by insertion; longer ones go through `order`.
    static let insertionSortLimit = 24

    /// True when the entities `entity(i)` are in canonical order already (normalized
    /// lists are), so sorting them would copy them for nothing.
    static func isSorted(_ count: Int, _ entity: (Int) -> MessageEntity) -> Bool {
        guard count > 1 else { return true }
        var previous = entity(0)
        for i in 1..<count {
            let e = entity(i)
            // Equal keys keep their input order, so only a strictly earlier key unsorts.
            if precedes(e, previous) { return false }
            previous = e
        }
        return true
    }

    /// A sort key: offset, then length descending, then priority, then input position.
    struct Key: Comparable {
        var offset: Int
        var negativeLength: Int
        var priority: Int
        var index: Int

        static func < (a: Key, b: Key) -> Bool {
            if a.offset != b.offset { return a.offset < b.offset }
            if a.negativeLength != b.negativeLength { return a.negativeLength < b.negativeLength }
            if a.priority != b.priority { return a.priority < b.priority }
            return a.index < b.index
        }
    }

    /// The indices `0..<count` in canonical order of the entities `entity(i)`.
    static func order(_ count: Int, _ entity: (Int) -> MessageEntity) -> [Int] {
        var keys: [Key] = []
        keys.reserveCapacity(count)
        var sorted = true
        for i in 0..<count {
            let e = entity(i)
            let key = Key(offset: e.offset, negativeLength: -e.length, priority: priority(e), index: i)
            if let last = keys.last, key < last { sorted = false }
            keys.append(key)
        }
        if !sorted { keys.sort() }
        return keys.map(\.index)
    }
}

extension EntityOrder {
    /// Normalizer items in canonical order, stable for equal keys.
    static func sortedItems(_ items: [Normalizer.Item]) -> [Normalizer.Item] {
        if isSorted(items.count, { items[$0].entity }) { return items }
        return order(items.count) { items[$0].entity }.map { items[$0] }
    }
}

extension EntityOrder {
    /// True when two of `entities` (in canonical order) that differ only in their ranges
    /// touch or overlap, which normalizing would join into one. Lists too tangled to check
    /// in a few comparisons per entity count as true.
    static func hasJoinableNeighbours(_ entities: [MessageEntity]) -> Bool {
        var budget = 64 * entities.count
        for i in entities.indices {
            let a = entities[i]
            var j = i + 1
            // Sorted by offset: the first entity starting past `a`'s end ends the search.
            while j < entities.count, entities[j].offset <= a.end {
                let b = entities[j]
                if b.hasSameKindAndPayload(as: a) { return true }
                budget -= 1
                if budget < 0 { return true }
                j += 1
            }
        }
        return false
    }
}
