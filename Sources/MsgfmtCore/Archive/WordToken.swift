/// One token of a `WordDiff`: a run of white space, a word, or one other character.
struct WordToken: Sendable, Hashable {
    /// The token's text.
    var text: Substring
    /// Its UTF-16 range in the whole text.
    var range: Range<Int>
    /// True for white space.
    var isSpace: Bool

    private enum Class { case space, word, single }

    /// The tokens of `text`, in order; they tile it.
    static func tokens(of text: String) -> [WordToken] {
        var tokens: [WordToken] = []
        var start = text.startIndex
        var startOffset = 0
        var offset = 0
        var current: Class?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let kind = classify(character)
            if let c = current, c != kind || kind == .single {
                tokens.append(WordToken(text: text[start..<index], range: startOffset..<offset, isSpace: c == .space))
                start = index
                startOffset = offset
            }
            current = kind
            offset += character.utf16.count
            index = next
        }
        if let c = current {
            tokens.append(WordToken(text: text[start..<text.endIndex], range: startOffset..<offset, isSpace: c == .space))
        }
        return tokens
    }

    private static func classify(_ c: Character) -> Class {
        if c.isWhitespace { return .space }
        guard let scalar = c.unicodeScalars.first else { return .single }
        if scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value)
            || (0xAC00...0xD7AF).contains(scalar.value)
        {
            return .single
        }
        if c.isLetter || c.isNumber || c == "_" { return .word }
        return .single
    }
}
