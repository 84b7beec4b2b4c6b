extension FontLibrary {
    /// Shapes `units`: picks a face per character (marks, joiners, variation selectors and
    /// emoji modifiers stay with the character before them; emoji go to the emoji font,
    /// and so does a text-style emoji made an emoji by VS16 or a skin-tone modifier after
    /// it, as in ✌🏻), shapes each run of one face with HarfBuzz and lays the runs out in
    /// visual order.
    func shapeUncached(_ units: [UInt16], style: FaceStyle, direction: Int32) -> ShapedText {
        var advances = [Int32](repeating: 0, count: units.count)
        var faceRuns: [(face: Int, range: Range<Int>)] = []
        var i = 0
        var previous: Int? = nil
        var afterJoiner = false
        while i < units.count {
            let (scalar, length) = Self.scalar(units, at: i)
            let flags = ScalarFlags.of(Unicode.Scalar(scalar) ?? "\u{FFFD}")
            // VS16 or a skin-tone modifier next makes a text-style emoji an emoji.
            let next = i + length < units.count ? Self.scalar(units, at: i + length).0 : 0
            let emojiNext = next == 0xFE0F || Self.skinTones.contains(next)
            var face: Int
            if let previous, flags.contains(.zeroWidth) || Self.skinTones.contains(scalar) {
                face = previous
            } else if let previous, afterJoiner, flags.contains(.extendedPictographic) {
                face = previous
            } else {
                let wantsEmoji =
                    flags.contains(.emojiPresentation) || flags.contains(.regionalIndicator)
                    || (flags.contains(.emoji) && emojiNext)
                face = self.face(for: scalar, style: style, emoji: wantsEmoji)
            }
            afterJoiner = scalar == 0x200D
            if let last = faceRuns.last, last.face == face {
                faceRuns[faceRuns.count - 1].range = last.range.lowerBound..<(i + length)
            } else {
                faceRuns.append((face, i..<(i + length)))
            }
            previous = face
            i += length
        }
        var shapedRuns: [(face: Int, glyphs: ShapedGlyphs)] = []
        for run in faceRuns {
            let glyphs = self.face(run.face).shape(units, run.range, direction: direction)
            for k in glyphs.glyphs.indices {
                let cluster = Int(glyphs.clusters[k])
                if cluster < advances.count { advances[cluster] &+= glyphs.advances[k] }
            }
            shapedRuns.append((run.face, glyphs))
        }
        if direction == 2 || (direction == 0 && Self.startsRightToLeft(units)) { shapedRuns.reverse() }
        var pen: Int32 = 0
        var runs: [GlyphRun] = []
        runs.reserveCapacity(shapedRuns.count)
        for run in shapedRuns {
            var xs: [Int32] = []
            var ys: [Int32] = []
            xs.reserveCapacity(run.glyphs.glyphs.count)
            ys.reserveCapacity(run.glyphs.glyphs.count)
            for k in run.glyphs.glyphs.indices {
                xs.append(pen &+ run.glyphs.xOffsets[k])
                ys.append(-run.glyphs.yOffsets[k])
                pen &+= run.glyphs.advances[k]
            }
            runs.append(GlyphRun(face: run.face, glyphs: run.glyphs.glyphs, xs: xs, ys: ys))
        }
        let width = advances.reduce(0) { $0 + Int($1) }
        return ShapedText(advances: advances, runs: runs, width: width)
    }

    /// The emoji modifiers (skin tones), U+1F3FB–U+1F3FF.
    static let skinTones: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF

    /// The scalar at `i` and its length in units (a lone surrogate stands for U+FFFD).
    static func scalar(_ units: [UInt16], at i: Int) -> (UInt32, Int) {
        let u = units[i]
        if u & 0xFC00 == 0xD800, i + 1 < units.count, units[i + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + (UInt32(u & 0x3FF) << 10) + UInt32(units[i + 1] & 0x3FF), 2)
        }
        if u & 0xF800 == 0xD800 { return (0xFFFD, 1) }
        return (UInt32(u), 1)
    }

    /// True when the first strong character of `units` is right to left.
    private static func startsRightToLeft(_ units: [UInt16]) -> Bool {
        var i = 0
        while i < units.count {
            let (scalar, length) = Self.scalar(units, at: i)
            if let s = Unicode.Scalar(scalar) {
                if ScalarFlags.of(s).contains(.strongRTL) { return true }
                if s.properties.isAlphabetic { return false }
            }
            i += length
        }
        return false
    }
}
