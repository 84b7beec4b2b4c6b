extension Normalizer {
    /// Step 5: merges overlapping or adjacent ranges of each splittable style, splits them
    /// at every boundary of the kept continuous, pre-like and quote entities and at the
    /// start of every other style, and deletes the pieces inside pre-like entities.
    static func splitStyles(_ items: [Item], solid: [Item], quotes: [Item], report: inout NormalizationReport) -> [Item] {
        var present = StyleAttributes()
        for item in items where item.entity.kind.entityClass == .splittable {
            if let attribute = StyleAttributes(kind: item.entity.kind) { present.insert(attribute) }
        }
        if present.isEmpty { return [] }
        var merged: [Item] = []
        for (kind, attribute) in splittableKinds where present.contains(attribute) {
            var current: Item?
            for item in items where item.entity.kind == kind {
                guard var open = current else { current = item; continue }
                if item.offset <= open.end {
                    if item.offset < open.end {
                        report.warn(item.origin, "\(kind.botAPIName) entity overlaps another \(kind.botAPIName) entity; merged")
                    }
                    if item.end > open.end { open.entity.length = item.end - open.offset }
                    if open.origin == nil { open.origin = item.origin }
                    current = open
                } else {
                    merged.append(open)
                    current = item
                }
            }
            if let open = current { merged.append(open) }
        }
        if merged.isEmpty { return [] }

        var cuts: [Int] = []
        cuts.reserveCapacity(2 * (solid.count + quotes.count) + merged.count)
        var preRanges: [Range<Int>] = []
        for item in solid {
            cuts.append(item.offset)
            cuts.append(item.end)
            if item.entity.kind.entityClass == .preLike { preRanges.append(item.offset..<item.end) }
        }
        for item in quotes {
            cuts.append(item.offset)
            cuts.append(item.end)
        }
        for item in merged { cuts.append(item.offset) }
        cuts.sort()

        var pieces: [Item] = []
        pieces.reserveCapacity(merged.count)
        for item in merged {
            var start = item.offset
            var index = firstIndex(in: cuts, greaterThan: start)
            var droppedInside = false
            while start < item.end {
                let next = index < cuts.count ? min(cuts[index], item.end) : item.end
                index += 1
                if next <= start { continue }
                if isInside(start..<next, preRanges) {
                    droppedInside = true
                } else {
                    var piece = item
                    piece.entity.offset = start
                    piece.entity.length = next - start
                    pieces.append(piece)
                }
                start = next
            }
            if droppedInside {
                report.warn(item.origin, "\(item.entity.kind.botAPIName) formatting inside code, pre or date_time dropped")
            }
        }
        return pieces
    }

    /// The splittable kinds, in the order their pieces are listed.
    static let splittableKinds: [(EntityKind, StyleAttributes)] = [
        (.bold, .bold), (.italic, .italic), (.underline, .underline), (.strikethrough, .strikethrough), (.spoiler, .spoiler),
    ]

    /// The index of the first element of sorted `values` greater than `value`.
    static func firstIndex(in values: [Int], greaterThan value: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// True when `range` lies inside one of the sorted, disjoint `ranges`.
    static func isInside(_ range: Range<Int>, _ ranges: [Range<Int>]) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].lowerBound <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return false }
        return ranges[low - 1].upperBound >= range.upperBound
    }
}
