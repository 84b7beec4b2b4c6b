extension MarkdownInline.LineWriter {
    /// What mends a line whose markers a reader would not take as meant.
    enum Mend {
        /// The punctuation at the start of piece `k` kept to the emphasis `kept`, so no
        /// marker opens between a letter and it (a code span loses the emphasis whole).
        case leading(Int, kept: MarkdownInline.Marks)
        /// The punctuation at the end of piece `k` kept to `kept`, so no marker closes
        /// between it and a letter.
        case trailing(Int, kept: MarkdownInline.Marks)
        /// `marks` taken from the pieces around piece `k` that have it (from every piece,
        /// when `k` does not): a reader would pair its markers otherwise.
        case drop(MarkdownInline.Marks, around: Int)

        /// Mends apply from the last piece back, a piece's end before its start.
        var order: Int {
            switch self {
            case .leading(let k, _): 2 &* k
            case .trailing(let k, _): 2 &* k &+ 1
            case .drop(_, let k): 2 &* k
            }
        }
    }

    /// A run of touching markers of one character, which a reader takes as one
    /// (CommonMark's delimiter run), with what stands on either side of it.
    struct DelimiterRun {
        var byte: UInt8
        var length = 0
        var opens = false
        var closes = false
        /// Its tokens, `first..<end`.
        var first: Int
        var end: Int
        var left: MarkdownInline.Flank = .space
        var right: MarkdownInline.Flank = .space
    }

    /// Mends the pieces until the line reads as meant. Each mend takes styles from some
    /// characters, so it ends; should it not end within a bound, the line is written
    /// without emphasis (its code and links stay).
    mutating func mend() {
        guard hasTouchingChange else { return }
        var rounds = 0
        while true {
            let mends = problems()
            guard !mends.isEmpty else { return }
            rounds &+= 1
            guard rounds <= 4 &* pieces.count &+ 16 else {
                for k in pieces.indices { pieces[k].marks.formIntersection(.code) }
                return
            }
            // From the last piece back, so a split leaves the indices before it as they
            // were; a piece's end before its start.
            for mend in mends.sorted(by: { $0.order > $1.order }) { apply(mend) }
        }
    }

    /// True when two pieces of text touch (no white space between them) in one link and
    /// differ in emphasis: only there can markers fail to flank their text or pair as
    /// meant. Elsewhere every run of markers opens after white space or a bracket, or
    /// closes before one, and runs nest as they were opened.
    private var hasTouchingChange: Bool {
        var previous: MarkdownInline.Piece? = nil
        for k in pieces.indices {
            guard let core = core(k) else {
                previous = nil
                continue
            }
            if let before = previous, core.lowerBound == pieces[k].range.lowerBound, before.link == pieces[k].link,
                before.marks.subtracting(.code) != pieces[k].marks.subtracting(.code)
            {
                return true
            }
            previous = core.upperBound == pieces[k].range.upperBound ? pieces[k] : nil
        }
        return false
    }

    /// The mends of every marker run that would not flank its text (one a run), else of
    /// the first text a reader would style otherwise than meant (under either reading of
    /// symbols), as `walk` writes the line.
    private func problems() -> [Mend] {
        var tokens: [Token] = []
        walk { tokens.append($0) }
        let runs = delimiterRuns(tokens)
        var mends: [Mend] = []
        for run in runs {
            if run.opens, !MarkdownInline.Flank.opens(run.left, run.right), let (k, kept) = text(after: run.end, tokens) {
                mends.append(.leading(k, kept: kept))
            } else if run.closes, !MarkdownInline.Flank.closes(run.left, run.right),
                let (j, _) = text(before: run.first, tokens), let (_, kept) = text(after: run.end, tokens)
            {
                mends.append(.trailing(j, kept: kept))
            }
        }
        guard mends.isEmpty else { return mends }
        for symbols in [false, true] {
            if let mend = mismatch(tokens, runs, symbolsArePunctuation: symbols) { return [mend] }
        }
        return []
    }

    /// The delimiter runs of `tokens`.
    private func delimiterRuns(_ tokens: [Token]) -> [DelimiterRun] {
        var runs: [DelimiterRun] = []
        var i = 0
        while i < tokens.count {
            guard case .marker(let marks, _) = tokens[i] else {
                i &+= 1
                continue
            }
            var run = DelimiterRun(byte: Self.byte(of: marks), first: i, end: i)
            while run.end < tokens.count, case .marker(let next, let opens) = tokens[run.end], Self.byte(of: next) == run.byte {
                run.length &+= next == .bold || next == .strikethrough ? 2 : 1
                if opens { run.opens = true } else { run.closes = true }
                run.end &+= 1
            }
            run.left = flank(of: i &- 1, tokens, last: true)
            run.right = flank(of: run.end, tokens, last: false)
            runs.append(run)
            i = run.end
        }
        return runs
    }

    /// How the token at `i` looks from a marker beside it: its last character (`last`) or
    /// its first; the line's ends and white space are space, backticks, brackets and
    /// other markers punctuation.
    private func flank(of i: Int, _ tokens: [Token], last: Bool) -> MarkdownInline.Flank {
        guard i >= 0, i < tokens.count else { return .space }
        switch tokens[i] {
        case .blanks: return .space
        case .text(let k, _):
            guard let core = core(k) else { return .space }
            return .of(last ? scalar(before: core.upperBound) : scalar(at: core.lowerBound))
        case .marker, .backtick, .linkOpen, .linkClose: return .punctuation
        }
    }

    /// The first text token at or after `i`: its piece and the emphasis kept before it.
    private func text(after i: Int, _ tokens: [Token]) -> (Int, MarkdownInline.Marks)? {
        for t in i..<tokens.count {
            if case .text(let k, let kept) = tokens[t] { return (k, kept) }
        }
        return nil
    }

    /// The last text token before `i`.
    private func text(before i: Int, _ tokens: [Token]) -> (Int, MarkdownInline.Marks)? {
        for t in stride(from: i &- 1, through: 0, by: -1) {
            if case .text(let k, let kept) = tokens[t] { return (k, kept) }
        }
        return nil
    }

    /// Pairs the runs as a CommonMark reader does (its "process emphasis": each run that
    /// may close takes the nearest run before it that may open, of its character, not
    /// across a link's brackets, skipping pairs the rule of three forbids; runs between a
    /// pair become text) and compares the emphasis each text gets with what was meant.
    private func mismatch(_ tokens: [Token], _ runs: [DelimiterRun], symbolsArePunctuation symbols: Bool) -> Mend? {
        let canOpen = runs.map { MarkdownInline.Flank.opens($0.left, $0.right, symbolsArePunctuation: symbols) }
        let canClose = runs.map { MarkdownInline.Flank.closes($0.left, $0.right, symbolsArePunctuation: symbols) }
        // The link each run is in (the brackets before it): markers never cross a bracket.
        var brackets = [Int](repeating: 0, count: tokens.count &+ 1)
        for (t, token) in tokens.enumerated() {
            var isBracket = false
            if case .linkOpen = token { isBracket = true }
            if case .linkClose = token { isBracket = true }
            brackets[t &+ 1] = brackets[t] &+ (isBracket ? 1 : 0)
        }
        let context = runs.map { brackets[$0.first] }
        var left = runs.map(\.length)
        var pairs: [(opener: Int, closer: Int, marks: MarkdownInline.Marks)] = []
        for c in runs.indices where canClose[c] {
            while left[c] > 0 {
                var o = c &- 1
                var found = -1
                while o >= 0, context[o] == context[c] {
                    if left[o] > 0, canOpen[o], runs[o].byte == runs[c].byte {
                        let sum = runs[o].length &+ runs[c].length
                        let odd =
                            (canClose[o] || canOpen[c]) && sum % 3 == 0 && !(runs[o].length % 3 == 0 && runs[c].length % 3 == 0)
                        let strikeFits = runs[c].byte != 0x7E || left[o] == left[c]
                        if !odd && strikeFits {
                            found = o
                            break
                        }
                    }
                    o &-= 1
                }
                guard found >= 0 else { break }
                let use = runs[c].byte == 0x7E ? left[c] : left[c] >= 2 && left[found] >= 2 ? 2 : 1
                pairs.append((found, c, runs[c].byte == 0x7E ? .strikethrough : use == 2 ? .bold : .italic))
                left[found] &-= use
                left[c] &-= use
                for between in (found &+ 1)..<c { left[between] = 0 }
            }
        }
        // Each text's emphasis as read, against its piece's.
        for (t, token) in tokens.enumerated() {
            guard case .text(let k, _) = token else { continue }
            var read: MarkdownInline.Marks = []
            for pair in pairs where runs[pair.opener].end <= t && t < runs[pair.closer].first { read.insert(pair.marks) }
            let meant = pieces[k].marks.subtracting(.code)
            if read != meant, let marks = MarkdownInline.Marks.emphasis.first(where: { read.contains($0) != meant.contains($0) }) {
                return .drop(marks, around: k)
            }
        }
        // A marker left unpaired would show as a star or a tilde.
        for (r, run) in runs.enumerated() where left[r] > 0 {
            guard case .marker(let marks, _) = tokens[run.first],
                let (k, _) = text(after: run.end, tokens) ?? text(before: run.first, tokens)
            else { continue }
            return .drop(marks, around: k)
        }
        return nil
    }

    /// Applies `mend`.
    private mutating func apply(_ mend: Mend) {
        switch mend {
        case .leading(let k, let kept):
            guard !pieces[k].marks.contains(.code), let core = core(k) else {
                pieces[k].marks = kept.intersection(pieces[k].marks).union(pieces[k].marks.intersection(.code))
                return
            }
            var end = core.lowerBound
            repeat {
                end &+= scalar(at: end).value > 0xFFFF ? 2 : 1
            } while end < core.upperBound && MarkdownInline.Flank.of(scalar(at: end)).isMark
            split(k, at: end, first: kept.intersection(pieces[k].marks), second: pieces[k].marks)
        case .trailing(let k, let kept):
            guard !pieces[k].marks.contains(.code), let core = core(k) else {
                pieces[k].marks = kept.intersection(pieces[k].marks).union(pieces[k].marks.intersection(.code))
                return
            }
            var start = core.upperBound
            repeat {
                start &-= scalar(before: start).value > 0xFFFF ? 2 : 1
            } while start > core.lowerBound && MarkdownInline.Flank.of(scalar(before: start)).isMark
            split(k, at: start, first: pieces[k].marks, second: kept.intersection(pieces[k].marks))
        case .drop(let marks, let k):
            guard pieces[k].marks.contains(marks) else {
                for j in pieces.indices { pieces[j].marks.remove(marks) }
                return
            }
            let link = pieces[k].link
            var j = k
            while j >= 0, pieces[j].link == link, pieces[j].marks.contains(marks) {
                pieces[j].marks.remove(marks)
                j &-= 1
            }
            j = k &+ 1
            while j < pieces.count, pieces[j].link == link, pieces[j].marks.contains(marks) {
                pieces[j].marks.remove(marks)
                j &+= 1
            }
        }
    }

    /// Splits piece `k` at `unit` into two with the marks `first` and `second`.
    private mutating func split(_ k: Int, at unit: Int, first: MarkdownInline.Marks, second: MarkdownInline.Marks) {
        let piece = pieces[k]
        var head = piece
        head.range = piece.range.lowerBound..<unit
        head.marks = first
        var tail = piece
        tail.range = unit..<piece.range.upperBound
        tail.marks = second
        pieces.replaceSubrange(k...k, with: [head, tail].filter { !$0.range.isEmpty })
    }

    /// The marker byte of one emphasis style.
    private static func byte(of marks: MarkdownInline.Marks) -> UInt8 {
        marks == .strikethrough ? 0x7E : 0x2A
    }

    /// The scalar starting at unit `k`.
    private func scalar(at k: Int) -> Unicode.Scalar {
        UTF16Text.scalar(in: units, at: k).scalar
    }

    /// The scalar ending just before unit `k`.
    private func scalar(before k: Int) -> Unicode.Scalar {
        UTF16Text.scalar(in: units, before: k).scalar
    }
}
