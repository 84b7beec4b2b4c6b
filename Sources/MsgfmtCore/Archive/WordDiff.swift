/// The words two versions of a text do not share, as `git diff --word-diff` shows them:
/// the ranges (UTF-16, as entity offsets count) removed from the old text and inserted
/// into the new one.
///
/// Texts are cut into tokens: runs of white space, runs of letters and digits (words),
/// and single other characters (punctuation, symbols, emoji, and the ideographs, kana and
/// hangul of scripts written without spaces). Tokens never split a grapheme cluster. The
/// longest common subsequence of the two token lists stays; the rest is marked, each run
/// of changed tokens as one range (white space between two changed words joins them).
public struct WordDiff: Sendable, Hashable {
    /// A piece of the merged view: text both versions share, or text only one has.
    public struct Segment: Sendable, Hashable {
        public enum Kind: Sendable, Hashable { case equal, removed, inserted }
        public var kind: Kind
        public var text: String
        /// Where the text lies (UTF-16) in the old text: for shared and removed text.
        public var old: Range<Int>?
        /// Where it lies in the new text: for shared and inserted text.
        public var new: Range<Int>?
    }

    /// Ranges of the old text that the new one lacks, in order.
    public var removed: [Range<Int>]
    /// Ranges of the new text that the old one lacks, in order.
    public var inserted: [Range<Int>]
    /// Both texts merged as `git diff --word-diff` shows them: shared text, and at each
    /// change the removed text before the inserted text.
    public var segments: [Segment] = []

    /// Most token pairs compared exactly; beyond it (two long, thoroughly different texts)
    /// everything between the common start and end is marked as changed.
    static let maxCells = 4_000_000

    /// Creates a diff from its ranges.
    public init(removed: [Range<Int>], inserted: [Range<Int>]) {
        self.removed = removed
        self.inserted = inserted
    }

    /// The word diff from `old` to `new`.
    public static func between(_ old: String, _ new: String) -> WordDiff {
        let a = WordToken.tokens(of: old)
        let b = WordToken.tokens(of: new)
        // Tokens as small integers: equal text, equal number.
        var numbers: [Substring: Int] = [:]
        func number(_ token: WordToken) -> Int {
            if let n = numbers[token.text] { return n }
            numbers[token.text] = numbers.count
            return numbers.count - 1
        }
        let xs = a.map(number)
        let ys = b.map(number)
        let (keptA, keptB) = commonTokens(xs, ys)
        var diff = WordDiff(removed: ranges(a, kept: keptA), inserted: ranges(b, kept: keptB))
        diff.segments = merged(a, keptA, b, keptB)
        return diff
    }

    /// The merged view: kept tokens pair up in order, so the two lists are walked
    /// together; neighbouring pieces of one kind are joined.
    static func merged(_ a: [WordToken], _ keptA: [Bool], _ b: [WordToken], _ keptB: [Bool]) -> [Segment] {
        var segments: [Segment] = []
        // A piece joins the last one of its kind, which ends where it starts in each text.
        func add(_ kind: Segment.Kind, _ text: Substring, old: Range<Int>?, new: Range<Int>?) {
            func joined(_ a: Range<Int>?, _ b: Range<Int>?) -> Range<Int>? {
                guard let a, let b else { return a ?? b }
                return a.lowerBound..<b.upperBound
            }
            if let last = segments.last, last.kind == kind {
                segments[segments.count - 1].text += text
                segments[segments.count - 1].old = joined(last.old, old)
                segments[segments.count - 1].new = joined(last.new, new)
            } else {
                segments.append(Segment(kind: kind, text: String(text), old: old, new: new))
            }
        }
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, !keptA[i] {
                add(.removed, a[i].text, old: a[i].range, new: nil)
                i += 1
            } else if j < b.count, !keptB[j] {
                add(.inserted, b[j].text, old: nil, new: b[j].range)
                j += 1
            } else {
                add(.equal, i < a.count ? a[i].text : b[j].text, old: i < a.count ? a[i].range : nil, new: j < b.count ? b[j].range : nil)
                i += 1
                j += 1
            }
        }
        return segments
    }

    /// Which tokens of each list belong to a longest common subsequence.
    static func commonTokens(_ xs: [Int], _ ys: [Int]) -> ([Bool], [Bool]) {
        var keptX = [Bool](repeating: false, count: xs.count)
        var keptY = [Bool](repeating: false, count: ys.count)
        var prefix = 0
        while prefix < xs.count, prefix < ys.count, xs[prefix] == ys[prefix] {
            keptX[prefix] = true
            keptY[prefix] = true
            prefix += 1
        }
        var suffix = 0
        while suffix < xs.count - prefix, suffix < ys.count - prefix,
            xs[xs.count - 1 - suffix] == ys[ys.count - 1 - suffix]
        {
            keptX[xs.count - 1 - suffix] = true
            keptY[ys.count - 1 - suffix] = true
            suffix += 1
        }
        let n = xs.count - prefix - suffix
        let m = ys.count - prefix - suffix
        guard n > 0, m > 0, n * m <= maxCells else { return (keptX, keptY) }
        // lengths[i][j]: the longest common subsequence of the middles from i and j on.
        let width = m + 1
        var lengths = [Int32](repeating: 0, count: (n + 1) * width)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    xs[prefix + i] == ys[prefix + j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var i = 0
        var j = 0
        while i < n, j < m {
            if xs[prefix + i] == ys[prefix + j] {
                keptX[prefix + i] = true
                keptY[prefix + j] = true
                i += 1
                j += 1
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return (keptX, keptY)
    }

    /// The ranges of the tokens not kept: runs of changed tokens, joined across white
    /// space that lies between two of them, trimmed of white space at either end.
    static func ranges(_ tokens: [WordToken], kept: [Bool]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var k = 0
        while k < tokens.count {
            guard !kept[k], !tokens[k].isSpace else {
                k += 1
                continue
            }
            var last = k
            var next = k + 1
            while next < tokens.count {
                if !kept[next], !tokens[next].isSpace {
                    last = next
                    next += 1
                } else if tokens[next].isSpace {
                    next += 1
                } else {
                    break
                }
            }
            result.append(tokens[k].range.lowerBound..<tokens[last].range.upperBound)
            k = last + 1
        }
        // Changed white space next to a changed word goes with the word (unmarked); alone
        // (a space became two) it is marked as it is.
        func changedWord(_ i: Int) -> Bool { i >= 0 && i < tokens.count && !kept[i] && !tokens[i].isSpace }
        for (k, token) in tokens.enumerated() where !kept[k] && token.isSpace && !changedWord(k - 1) && !changedWord(k + 1) {
            let inside = result.contains { $0.contains(token.range.lowerBound) }
            if !inside { result.append(token.range) }
        }
        return result.sorted { $0.lowerBound < $1.lowerBound }
    }
}
