internal import CByteScan

extension FusedSegmenter {
    /// Where the walk writes each cluster (its end, width, kind and whether a line may
    /// break after it), and the kinds it has seen. The kinds start as `.text`; only the
    /// others are written.
    struct Output {
        let ends: UnsafeMutablePointer<Int>
        let widths: UnsafeMutablePointer<Int>
        let breakAfter: UnsafeMutablePointer<Bool>
        let kinds: UnsafeMutablePointer<ClusterKind>
        let model: WidthModel
        /// The width written for a tab, and 0 for a line end, when not negative; else
        /// both as measured.
        let tabWidth: Int
        /// The clusters written.
        var count = 0
        var kindsSeen: UInt8 = 1 << ClusterKind.text.rawValue

        /// Writes `cluster`, which ends at `end`. Transparent, because the optimizer leaves
        /// an `@inline(__always)` version outlined in the walk, where the call cost 26 M
        /// instructions on 5 000 messages of text.
        @_transparent
        mutating func close(_ cluster: ClusterWidth, end: Int, breakAfter allowed: Bool) {
            ends[count] = end
            widths[count] = cluster.width(model)
            breakAfter[count] = allowed
            let first = cluster.firstValue
            if first == 0x20, cluster.marks == 0 {
                kinds[count] = .space
                kindsSeen |= 1 << ClusterKind.space.rawValue
            } else if ClusterKind.mayNotBeText(first) {
                noteKind(of: cluster)
            }
            count &+= 1
        }

        /// Writes the kind of `cluster`, the one at `count`, whose first code point may not
        /// be text (`ClusterKind.mayNotBeText`): a line end or tab takes the width layout
        /// counts when `tabWidth` says so.
        @inline(never)
        mutating func noteKind(of cluster: ClusterWidth) {
            let kind = cluster.kind
            guard kind != .text else { return }
            kinds[count] = kind
            kindsSeen |= 1 << kind.rawValue
            if tabWidth >= 0, kind == .newline || kind == .tab { widths[count] = kind == .tab ? tabWidth : 0 }
        }

        /// Writes a cluster of one plain letter (one cell) or ideograph (`wide`, two cells)
        /// that ends at `end`.
        @inline(__always)
        mutating func closePlain(end: Int, wide: Bool, breakAfter allowed: Bool) {
            ends[count] = end
            widths[count] = wide ? 2 : 1
            breakAfter[count] = allowed
            count &+= 1
        }

        /// Closes the open cluster and that of each ASCII letter from `start` on but the
        /// last, each ending where the next letter starts (one cell, no break after it,
        /// LB28); returns where the letters end. The arrays have one entry per unit, room
        /// for the eight entries at a time CByteScan writes.
        @inline(__always)
        mutating func closeASCIILetters(_ u: UnsafeBufferPointer<UInt16>, from start: Int) -> Int {
            var c = count
            let end = msgfmt_byte_scan_close_ascii_letters(
                u.baseAddress!, start, u.count, ends, widths, UnsafeMutableRawPointer(breakAfter).assumingMemoryBound(to: UInt8.self),
                &c)
            count = c
            return end
        }

        /// Writes a cluster of one U+0020 SPACE (one cell) that ends at `end`.
        @inline(__always)
        mutating func closeSpace(end: Int, breakAfter allowed: Bool) {
            ends[count] = end
            widths[count] = 1
            breakAfter[count] = allowed
            kinds[count] = .space
            kindsSeen |= 1 << ClusterKind.space.rawValue
            count &+= 1
        }
    }

    /// What the width of a cluster needs, gathered code point by code point (the rules of
    /// `CellWidth.ofCluster` and `CellMeasurer`).
    struct ClusterWidth {
        var firstWord: UInt32
        var firstValue: UInt32
        var sum: Int
        /// What the code points after the first were, as `joinedBit`, `vs16Bit`, ...: one
        /// byte, so that starting a cluster costs the walk few stores.
        var marks: UInt8 = 0

        /// `marks` bits: more than one code point; U+FE0F, U+FE0E, U+200D, U+20E3 among them.
        static let joinedBit: UInt8 = 1, vs16Bit: UInt8 = 2, vs15Bit: UInt8 = 4, zwjBit: UInt8 = 8, keycapBit: UInt8 = 16

        @inline(__always)
        init(word: UInt32, value: UInt32) {
            firstWord = word
            firstValue = value
            sum = Self.scalarWidth(word)
        }

        @inline(__always)
        static func scalarWidth(_ word: UInt32) -> Int {
            if word & FusedSegmenter.zeroWidthBit != 0 { return 0 }
            return word & (FusedSegmenter.wideBit | FusedSegmenter.presentationBit) != 0 ? 2 : 1
        }

        @inline(__always)
        mutating func add(word: UInt32, value: UInt32) {
            sum &+= Self.scalarWidth(word)
            var bit = Self.joinedBit
            switch value {
            case 0xFE0F: bit |= Self.vs16Bit
            case 0xFE0E: bit |= Self.vs15Bit
            case 0x200D: bit |= Self.zwjBit
            case 0x20E3: bit |= Self.keycapBit
            default: break
            }
            marks |= bit
        }

        @inline(__always)
        func width(_ model: WidthModel) -> Int {
            if marks == 0 {
                // An unsafe control is measured as its one-cell placeholder (DisplaySafety).
                return ClusterKind.isControl(firstValue) ? 1 : sum
            }
            if model == .legacy { return sum }
            let emoji = firstWord & FusedSegmenter.emojiBit != 0
            if firstWord & FusedSegmenter.regionalBit != 0 || (marks & Self.keycapBit != 0 && emoji) { return 2 }
            if marks & Self.vs15Bit != 0, emoji { return 1 }
            if marks & Self.vs16Bit != 0, emoji { return 2 }
            if marks & Self.zwjBit != 0, firstWord & FusedSegmenter.pictographicBit != 0 { return 2 }
            if firstWord & FusedSegmenter.presentationBit != 0 { return 2 }
            return min(2, sum)
        }

        /// How layout treats the cluster, when `ClusterKind.mayNotBeText` holds for its
        /// first code point (the caller asks; for any other cluster it is text).
        @inline(__always)
        var kind: ClusterKind {
            let v = firstValue
            // CR joins only LF (GB3); every other cluster of more than one code point is text.
            if marks != 0 { return v == 0x0D ? .newline : .text }
            return ClusterKind(scalar: v)
        }
    }
}
