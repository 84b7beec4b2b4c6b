extension FontLibrary {
    /// Shapes `units`: picks a face per character (marks, joiners, variation selectors and
    /// emoji modifiers stay with the character before them; emoji go to the emoji font,
    /// and so does a text-style emoji made an emoji by VS16 or a skin-tone modifier after
    /// it, as in ✌🏻), shapes each run of one face with HarfBuzz and lays the runs out in
    /// visual order. A combining mark the face of its base lacks (Hebrew cantillation in
    /// DejaVu Sans) moves its whole cluster to a face that has them all, when one is found,
    /// rather than drawing a missing-glyph box. A character that needs a fallback font and
    /// that the fallback font of the character before it also has (punctuation scripts
    /// share) stays in that font.
    func shapeUncached(_ units: [UInt16], style: FaceStyle, direction: Int32) -> ShapedText {
        var advances = [Int32](repeating: 0, count: units.count)
        let faceRuns = faceRuns(units, style: style)
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

    /// The runs of `units` drawn by one face each, in text order (see `shapeUncached`).
    private func faceRuns(_ units: [UInt16], style: FaceStyle) -> [(face: Int, range: Range<Int>)] {
        var scalars: [(face: Int, range: Range<Int>)] = []
        var clusterStart = 0  // the first of `scalars` in the current cluster
        var i = 0
        var afterJoiner = false
        while i < units.count {
            let (scalar, length) = Self.scalar(units, at: i)
            let flags = ScalarFlags.of(Unicode.Scalar(scalar) ?? "\u{FFFD}")
            // VS16 or a skin-tone modifier next makes a text-style emoji an emoji.
            let next = i + length < units.count ? Self.scalar(units, at: i + length).0 : 0
            let emojiNext = next == 0xFE0F || Self.skinTones.contains(next)
            let previous = scalars.last?.face
            var face: Int
            if let previous, flags.contains(.zeroWidth) || Self.skinTones.contains(scalar) {
                face = previous
                if Self.isMark(scalar), !self.face(previous).has(scalar),
                    let covering = clusterFace(units, scalars[clusterStart...], adding: scalar, style: style)
                {
                    face = covering
                    for k in clusterStart..<scalars.count { scalars[k].face = covering }
                }
            } else if let previous, afterJoiner, flags.contains(.extendedPictographic) {
                face = previous
            } else {
                let wantsEmoji =
                    flags.contains(.emojiPresentation) || flags.contains(.regionalIndicator)
                    || (flags.contains(.emoji) && emojiNext)
                face = self.face(for: scalar, style: style, emoji: wantsEmoji)
                // A character two fallback fonts share (a danda after Bengali or after
                // Devanagari) stays in the font of the script before it.
                if let previous, previous != face, isFallback(face, style: style), isFallback(previous, style: style),
                    self.face(previous).has(scalar)
                {
                    face = previous
                }
                clusterStart = scalars.count
            }
            afterJoiner = scalar == 0x200D
            scalars.append((face, i..<(i + length)))
            i += length
        }
        var runs: [(face: Int, range: Range<Int>)] = []
        for (face, range) in scalars {
            if let last = runs.last, last.face == face {
                runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                runs.append((face, range))
            }
        }
        return runs
    }

    /// A face that has `mark` and every scalar of `cluster`: the one fontconfig's choice for
    /// the mark, when it has the rest too.
    private func clusterFace(
        _ units: [UInt16], _ cluster: ArraySlice<(face: Int, range: Range<Int>)>, adding mark: UInt32, style: FaceStyle
    ) -> Int? {
        let candidate = face(for: mark, style: style, emoji: false)
        let drawn = face(candidate)
        guard drawn.has(mark) else { return nil }
        for (_, range) in cluster {
            let (scalar, _) = Self.scalar(units, at: range.lowerBound)
            if !drawn.has(scalar) { return nil }
        }
        return candidate
    }

    /// True for a combining mark that is drawn (general category Mn, Mc or Me, and not a
    /// default-ignorable code point such as a variation selector, which fonts need not map).
    private static func isMark(_ scalar: UInt32) -> Bool {
        guard let properties = Unicode.Scalar(scalar)?.properties, !properties.isDefaultIgnorableCodePoint else { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The emoji modifiers (skin tones), U+1F3FB–U+1F3FF.
    static let skinTones: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF

    /// The scalar at `i` and its length in units (a lone surrogate stands for U+FFFD).
    static func scalar(_ units: [UInt16], at i: Int) -> (UInt32, Int) {
        units.withUnsafeBufferPointer { UTF16Text.scalarValue(in: $0, at: i) }
    }

    /// True when the first strong character of `units` is right to left.
    static func startsRightToLeft(_ units: [UInt16]) -> Bool {
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
