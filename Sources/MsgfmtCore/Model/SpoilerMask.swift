/// Hides spoilers in what shows text as it is, where no click reveals them (the Markdown
/// transcript, the site's search snippets and index): every UTF-16 unit of a spoiler but
/// white space becomes `░` (U+2591), so the text keeps its length and its offsets, and no
/// word of the spoiler can be read or found. Under `--spoilers hide` only.
enum SpoilerMask {
    /// What a hidden unit becomes.
    static let shade: UInt16 = 0x2591

    /// Appends `cells` shades as UTF-8: a hidden stretch of a laid-out line, one per cell.
    @inline(__always)
    static func appendCells(_ cells: Int, to out: inout [UInt8]) {
        for _ in 0..<max(0, cells) {
            out.append(0xE2)
            out.append(0x96)
            out.append(0x91)
        }
    }

    /// `units` with `ranges` (clamped to them) shaded; nil when no range shades anything.
    static func masked(_ units: [UInt16], _ ranges: some Sequence<Range<Int>>) -> [UInt16]? {
        var out = units
        var changed = false
        for range in ranges {
            for i in range.clamped(to: 0..<out.count) where !isSpace(out[i]) && out[i] != shade {
                out[i] = shade
                changed = true
            }
        }
        return changed ? out : nil
    }

    /// The ranges of `entities` that are spoilers.
    static func spoilers(_ entities: [MessageEntity]) -> [Range<Int>] {
        entities.lazy.filter { $0.kind == .spoiler && $0.length > 0 && $0.offset >= 0 }.map { $0.offset..<($0.offset &+ $0.length) }
    }

    /// `styled` with the text of its spoiler runs shaded (its runs and blocks as they were).
    static func masked(_ styled: StyledText) -> StyledText {
        var ranges: [Range<Int>] = []
        for block in styled.blocks {
            for run in block.runs where run.style.attributes.contains(.spoiler) { ranges.append(run.range) }
        }
        guard let units = masked(styled.text.units, ranges) else { return styled }
        return StyledText(messageID: styled.messageID, text: UTF16Text(units: units), blocks: styled.blocks)
    }

    /// White space a mask leaves: the text keeps its lines and words' places.
    private static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D || unit == 0xA0 || unit == 0x2028 || unit == 0x2029
    }
}
