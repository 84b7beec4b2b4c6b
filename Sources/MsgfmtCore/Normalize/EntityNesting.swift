/// Turns a normalized entity list into properly nested open/text/close events, the shape
/// markup emitters write. Touching pieces of one splittable style are joined again.
public enum EntityNesting {
    /// One step of the walk.
    public enum Event: Equatable {
        case open(MessageEntity)
        case text(Range<Int>)
        case close(MessageEntity)
    }

    /// The events for `entities` (normalized, hence nested or disjoint) over a text of
    /// `count` UTF-16 units.
    public static func events(_ entities: [MessageEntity], count: Int) -> [Event] {
        let inText = { (e: MessageEntity) in e.length > 0 && e.offset >= 0 && e.end <= count }
        // Normalized lists are in the text and in order already: then nothing is copied.
        let list = EntityOrder.sorted(entities.allSatisfy(inText) ? entities : entities.filter(inText))
        var events: [Event] = []
        // Each entity opens and closes once, and a text event comes at most before each of
        // those and at the end: room for all of them, so the list never grows.
        events.reserveCapacity(list.count * 4 + 1)
        var stack: [MessageEntity] = []
        stack.reserveCapacity(min(list.count, 8))
        var cursor = 0
        var k = 0

        func advance(to position: Int) {
            while let top = stack.last, top.end <= position {
                if top.end > cursor {
                    events.append(.text(cursor..<top.end))
                    cursor = top.end
                }
                if k < list.count, list[k].offset == top.end, list[k].kind == top.kind,
                    top.kind.entityClass == .splittable, stack.count < 2 || list[k].end <= stack[stack.count - 2].end
                {
                    stack[stack.count - 1].length = list[k].end - top.offset
                    k += 1
                    continue
                }
                events.append(.close(stack.removeLast()))
            }
            if position > cursor {
                events.append(.text(cursor..<position))
                cursor = position
            }
        }

        while k < list.count {
            let before = k
            advance(to: list[k].offset)
            if k != before { continue }
            var entity = list[k]
            k += 1
            if let parent = stack.last, entity.end > parent.end { entity.length = parent.end - entity.offset }
            guard entity.length > 0 else { continue }
            events.append(.open(entity))
            stack.append(entity)
        }
        advance(to: count)
        return events
    }
}
