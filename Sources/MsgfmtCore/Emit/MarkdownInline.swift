internal import CByteScan

/// Writes a paragraph's runs as CommonMark inlines, a line at a time (`MarkdownText`
/// escapes the text): bold, italic, strikethrough and code as markers nested the way the
/// runs overlap, links as `[text](uri)`, each marker where a reader takes it as one.
///
/// A reader takes `*`, `**` and `~~` for emphasis only where they flank text (CommonMark's
/// delimiter runs): an opening marker must not stand between a letter and punctuation
/// after it, nor a closing one between punctuation and a letter after it, and markers
/// that touch make one run. So a marker opens only where a style starts and stays open
/// across the runs that share it (`**a*b*c**`, not `**a*****b*****c**`), white space stays
/// outside markers, and where a style changes between a letter and punctuation the
/// punctuation takes the styles of the letter's side, which moves the markers to its
/// other side: a bold `"quote"` right after a letter is written `"**quote**"`, the quotes
/// not bold. Symbols (emoji, the placeholders of controls) are letters to some readers and
/// punctuation to others (CommonMark 0.31): markers go where they flank for both.
/// `MarkdownReadBackTests` reads random messages back with cmark-gfm and compares the
/// styles of every character.
enum MarkdownInline {
    /// The styles a stretch of text is written with.
    struct Marks: OptionSet, Hashable {
        let rawValue: UInt8
        static let bold = Marks(rawValue: 1)
        static let italic = Marks(rawValue: 2)
        static let strikethrough = Marks(rawValue: 4)
        static let code = Marks(rawValue: 8)
        /// The styles written with `*`, `**` and `~~`, outermost first when they open together.
        static let emphasis: [Marks] = [.bold, .italic, .strikethrough]

        /// The marks of `attributes`.
        init(_ attributes: StyleAttributes) {
            var raw: UInt8 = 0
            if attributes.contains(.bold) { raw |= 1 }
            if attributes.contains(.italic) { raw |= 2 }
            if attributes.contains(.strikethrough) { raw |= 4 }
            if attributes.contains(.code) { raw |= 8 }
            rawValue = raw
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The marker of one emphasis style.
        var marker: StaticString { self == .bold ? "**" : self == .italic ? "*" : "~~" }
    }

    /// Up to three emphasis marks in order, one byte each in one word (a stack of open
    /// markers, or the markers of one change), so a line is walked without allocating.
    struct MarkList: Sequence, Equatable {
        private(set) var raw: UInt32 = 0

        /// The number of marks.
        var count: Int { raw == 0 ? 0 : raw < 0x100 ? 1 : raw < 0x1_0000 ? 2 : 3 }

        var isEmpty: Bool { raw == 0 }

        /// Mark `i`.
        subscript(i: Int) -> Marks { Marks(rawValue: UInt8(truncatingIfNeeded: raw >> UInt32(8 &* i))) }

        /// Adds `marks` (one style) at the end.
        mutating func append(_ marks: Marks) {
            raw |= UInt32(marks.rawValue) << UInt32(8 &* count)
        }

        /// The first `n` marks.
        func prefix(_ n: Int) -> MarkList {
            var list = MarkList()
            list.raw = n >= 4 ? raw : raw & ((1 << UInt32(8 &* n)) &- 1)
            return list
        }

        /// The marks from `n` on.
        func dropFirst(_ n: Int) -> MarkList {
            var list = MarkList()
            list.raw = n >= 4 ? 0 : raw >> UInt32(8 &* n)
            return list
        }

        /// The marks last to first.
        var reversed: MarkList {
            var list = MarkList()
            var k = count
            while k > 0 {
                k &-= 1
                list.append(self[k])
            }
            return list
        }

        /// The marks as one set.
        var union: Marks { Marks(rawValue: UInt8(truncatingIfNeeded: raw | raw >> 8 | raw >> 16)) }

        /// `self` followed by `other`.
        static func + (a: MarkList, b: MarkList) -> MarkList {
            var list = a
            for marks in b { list.append(marks) }
            return list
        }

        struct Iterator: IteratorProtocol {
            var raw: UInt32
            mutating func next() -> Marks? {
                guard raw != 0 else { return nil }
                defer { raw >>= 8 }
                return Marks(rawValue: UInt8(truncatingIfNeeded: raw))
            }
        }

        func makeIterator() -> Iterator { Iterator(raw: raw) }
    }

    /// A stretch of one line written with one set of marks and one link (an index into
    /// the paragraph's links, -1 for none).
    struct Piece {
        var range: Range<Int>
        var marks: Marks
        var link: Int
    }

    /// Appends the lines of the paragraph `range` of `units`, styled by `runs`, separated
    /// by line feeds.
    static func appendParagraph(
        _ units: UnsafeBufferPointer<UInt16>, runs: [StyledRun], in range: Range<Int>, into out: inout [UInt8]
    ) {
        var links: [String] = []
        var line: [Piece] = []
        func writeLine() {
            var writer = LineWriter(units: units, pieces: line, links: links)
            writer.write(into: &out)
        }
        for run in runs {
            let cut = run.range.clamped(to: range)
            guard !cut.isEmpty else { continue }
            let marks = Marks(run.style.attributes)
            var link = -1
            if let uri = run.style.link.flatMap(MarkdownText.safeLink) {
                if let known = links.lastIndex(of: uri) {
                    link = known
                } else {
                    links.append(uri)
                    link = links.count - 1
                }
            }
            var start = cut.lowerBound
            while start <= cut.upperBound {
                let end = units.baseAddress.map { msgfmt_byte_scan_find_unit($0, start, cut.upperBound, 0x0A) } ?? start
                if end > start {
                    // Neighbouring runs written alike are one piece.
                    if let last = line.last, last.range.upperBound == start, last.marks == marks, last.link == link {
                        line[line.count - 1].range = last.range.lowerBound..<end
                    } else {
                        line.append(Piece(range: start..<end, marks: marks, link: link))
                    }
                }
                if end == cut.upperBound { break }
                writeLine()
                out.append(0x0A)
                line.removeAll(keepingCapacity: true)
                start = end &+ 1
            }
        }
        writeLine()
    }

    /// How a reader sees the character next to a marker.
    enum Flank {
        case space, word, punctuation, symbol

        /// True for punctuation, and for a symbol when symbols count as punctuation.
        func isPunctuation(symbolsArePunctuation: Bool) -> Bool {
            self == .punctuation || (symbolsArePunctuation && self == .symbol)
        }

        /// True when a marker run between `before` and `after` is left-flanking (may open
        /// emphasis) under one reading of symbols.
        static func opens(_ before: Flank, _ after: Flank, symbolsArePunctuation symbols: Bool) -> Bool {
            after != .space
                && (!after.isPunctuation(symbolsArePunctuation: symbols) || before == .space
                    || before.isPunctuation(symbolsArePunctuation: symbols))
        }

        /// True when a marker run between `before` and `after` is right-flanking (may close
        /// emphasis) under one reading of symbols.
        static func closes(_ before: Flank, _ after: Flank, symbolsArePunctuation symbols: Bool) -> Bool {
            before != .space
                && (!before.isPunctuation(symbolsArePunctuation: symbols) || after == .space
                    || after.isPunctuation(symbolsArePunctuation: symbols))
        }

        /// True when a marker run between `before` and `after` may open emphasis under both
        /// readings of symbols.
        static func opens(_ before: Flank, _ after: Flank) -> Bool {
            opens(before, after, symbolsArePunctuation: false) && opens(before, after, symbolsArePunctuation: true)
        }

        /// True when a marker run between `before` and `after` may close emphasis under
        /// both readings of symbols.
        static func closes(_ before: Flank, _ after: Flank) -> Bool {
            closes(before, after, symbolsArePunctuation: false) && closes(before, after, symbolsArePunctuation: true)
        }

        /// True for punctuation or a symbol: what a mend moves to the other side of markers.
        var isMark: Bool { self == .punctuation || self == .symbol }

        /// How `scalar` is seen once written: an unsafe scalar as its placeholder.
        static func of(_ scalar: Unicode.Scalar) -> Flank {
            let value = scalar.value
            if value < 0x80 {
                if value == 0x20 || value == 0x09 { return .space }
                if value < 0x20 || value == 0x7F { return .symbol }  // ␀…␟, ␡
                let v = UInt8(truncatingIfNeeded: value)
                let letterOrDigit = (v | 0x20) &- 0x61 < 26 || v &- 0x30 < 10
                return letterOrDigit ? .word : .punctuation
            }
            let shown = DisplaySafety.placeholder(for: scalar) ?? scalar
            switch shown.properties.generalCategory {
            case .spaceSeparator: return .space
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                .finalPunctuation, .otherPunctuation:
                return .punctuation
            case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: return .symbol
            default: return .word
            }
        }
    }

    /// True for a unit written as white space, outside markers: a space, a tab, or one of
    /// the Basic Multilingual Plane's other space separators.
    @inline(__always)
    static func isBlank(_ unit: UInt16) -> Bool {
        if unit == 0x20 || unit == 0x09 { return true }
        guard unit >= 0xA0 else { return false }
        return unit == 0xA0 || unit == 0x1680 || (unit >= 0x2000 && unit <= 0x200A) || unit == 0x202F || unit == 0x205F
            || unit == 0x3000
    }
}
