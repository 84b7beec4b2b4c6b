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
        entities.enumerated().sorted { x, y in
            if precedes(x.element, y.element) { return true }
            if precedes(y.element, x.element) { return false }
            return x.offset < y.offset
        }.map(\.element)
    }
}

extension EntityOrder {
    /// Normalizer items in canonical order, stable for equal keys.
    static func sortedItems(_ items: [Normalizer.Item]) -> [Normalizer.Item] {
        items.enumerated().sorted { x, y in
            if precedes(x.element.entity, y.element.entity) { return true }
            if precedes(y.element.entity, x.element.entity) { return false }
            return x.offset < y.offset
        }.map(\.element)
    }
}
