extension LineBuilder {
    /// What clusters `range` draw as: placeholders for unsafe controls, extra spaces for
    /// justification, clusters reversed for right-to-left text, its Arabic letters in their
    /// joined shapes (`ArabicShaping`) and its mirrored characters (brackets and the like)
    /// drawn as their mirrors (`BidiMirroring`).
    func display(_ range: Range<Int>, rtl: Bool, extras: [Int: Int]) -> String {
        let units = displayUnits(range, rtl: rtl, extras: extras)
        var ascii = true
        return units.withUnsafeBufferPointer { UTF16Text.makeString($0, ascii: &ascii) }
    }

    /// Appends the UTF-8 of `display(range, rtl: rtl, extras: [:])`, without making the
    /// string (a line sink writing a right-to-left run).
    func appendDisplay(_ range: Range<Int>, rtl: Bool, to out: inout [UInt8]) {
        displayUnits(range, rtl: rtl, extras: [:]).withUnsafeBufferPointer { UTF16Text.appendUTF8($0, to: &out) }
    }

    /// The UTF-16 units `display(_:rtl:extras:)` makes its string of.
    private func displayUnits(_ range: Range<Int>, rtl: Bool, extras: [Int: Int]) -> [UInt16] {
        let first = table.start(range.lowerBound)
        let last = table.ends[range.upperBound - 1]
        let shapes = rtl ? ArabicShaping.shaped(table.text, range: first..<last) : nil
        let spaceWidth = constraints.displaySpaceWidth
        var spaces = 0
        if !extras.isEmpty {
            for i in range { spaces += (extras[i] ?? 0) / spaceWidth }
        }
        // Where each cluster after the first starts, kept when two clusters that may read
        // as one meet at one of them (`keepingClustersApart`).
        var joins: [Int] = []
        // Each cluster's units (a placeholder, of at most two units, takes one cluster's
        // place) and the spaces.
        var buffer = [UInt16].filled(capacity: 2 * (last - first) + spaces) { out in
            var n = 0
            withUnsafeTemporaryAllocation(of: Int.self, capacity: range.count) { starts in
                table.text.units.withUnsafeBufferPointer { units in
                    table.ends.withUnsafeBufferPointer { ends in
                        table.kinds.withUnsafeBufferPointer { kinds in
                            (shapes ?? []).withUnsafeBufferPointer { shaped in
                                var mayFuse = false
                                for k in range {
                                    let i = rtl ? range.upperBound &- 1 &- (k &- range.lowerBound) : k
                                    let s = i == 0 ? 0 : ends[i &- 1]
                                    let join = n
                                    if kinds[i] == .unsafe, let p = DisplaySafety.placeholder(for: table.text.scalar(at: s).scalar) {
                                        for unit in p.utf16 {
                                            out[n] = unit
                                            n &+= 1
                                        }
                                    } else if shapes != nil {
                                        for u in s..<ends[i] {
                                            out[n] = BidiMirroring.glyph(shaped[u &- first])
                                            n &+= 1
                                        }
                                    } else if rtl {
                                        for u in s..<ends[i] {
                                            out[n] = BidiMirroring.glyph(units[u])
                                            n &+= 1
                                        }
                                    } else {
                                        for u in s..<ends[i] {
                                            out[n] = units[u]
                                            n &+= 1
                                        }
                                    }
                                    if k > range.lowerBound {
                                        starts[k &- range.lowerBound &- 1] = join
                                        if !mayFuse {
                                            mayFuse =
                                                !GraphemeSegmenter.standsAlone(out[join &- 1])
                                                || !GraphemeSegmenter.standsAlone(out[join])
                                        }
                                    }
                                    if spaces > 0, let extra = extras[i] {
                                        for _ in 0..<extra / spaceWidth {
                                            out[n] = 0x20
                                            n &+= 1
                                        }
                                    }
                                }
                                if mayFuse { joins = Array(starts[..<(range.count - 1)]) }
                            }
                        }
                    }
                }
            }
            return n
        }
        if !joins.isEmpty { buffer = Self.keepingClustersApart(buffer, joins: joins) }
        return buffer
    }

    /// A zero-width character that always ends a grapheme cluster (Grapheme_Cluster_Break
    /// Control): put between reversed clusters that would otherwise fuse into one.
    static let clusterSeparator: UInt16 = 0x200B

    /// `buffer` with `clusterSeparator` inserted at each join where the clusters on either
    /// side would read as one: reversing right-to-left clusters can make a pictograph
    /// followed by a cluster ending in ZWJ, a lone combining mark, a pair of regional
    /// indicators or conjoining jamo fuse, and so can a placeholder put in for a control
    /// that used to keep a combining mark or modifier apart. A fused cluster is drawn
    /// narrower than the clusters laid out.
    static func keepingClustersApart(_ buffer: [UInt16], joins: [Int]) -> [UInt16] {
        let boundaries = Set(GraphemeSegmenter.boundaries(in: UTF16Text(units: buffer)))
        var out: [UInt16] = []
        out.reserveCapacity(buffer.count + 4)
        var from = 0
        for join in joins where !boundaries.contains(join) {
            out.append(contentsOf: buffer[from..<join])
            out.append(clusterSeparator)
            from = join
        }
        out.append(contentsOf: buffer[from...])
        return out
    }
}
