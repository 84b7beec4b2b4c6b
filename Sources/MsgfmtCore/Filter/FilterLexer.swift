/// Cuts a filter expression into tokens, one at a time, so that errors are found in the
/// order they occur.
///
/// Words end at white space, parentheses, `|` and `"`. A `-` that starts a token and is
/// directly followed by something is a negation; anywhere else it is part of a word. A
/// word that starts with ASCII letters and a colon is an operator with its value, which
/// may be quoted (`from:"Alice Smith"`). Phrases are quoted with `"`; inside them `\"` is
/// a quote and `\\` a backslash.
struct FilterLexer {
    private let characters: [Character]
    private var index = 0
    private var position = FilterPosition()

    /// A lexer over `text`.
    init(_ text: String) {
        characters = Array(text)
    }

    /// The next token; `.end` at the end, again and again.
    mutating func next() throws(FilterSyntaxError) -> FilterToken {
        while let c = peek, c.isWhitespace { advance() }
        let start = position
        guard let c = peek else { return FilterToken(kind: .end, position: start) }
        switch c {
        case "(":
            advance()
            return FilterToken(kind: .open, position: start)
        case ")":
            advance()
            return FilterToken(kind: .close, position: start)
        case "|":
            advance()
            return FilterToken(kind: .bar, position: start)
        case "-":
            advance()
            guard let after = peek, !after.isWhitespace, after != ")", after != "|" else {
                throw FilterSyntaxError(.expectedTerm(after: "-"), at: position)
            }
            return FilterToken(kind: .minus, position: start)
        case "\"":
            return FilterToken(kind: .phrase(try phrase()), position: start)
        default:
            return FilterToken(kind: try wordOrField(), position: start)
        }
    }

    /// A quoted phrase starting at the current `"`.
    private mutating func phrase() throws(FilterSyntaxError) -> String {
        let start = position
        advance()
        var text = ""
        while let c = peek {
            advance()
            switch c {
            case "\"":
                guard !text.isEmpty else { throw FilterSyntaxError(.emptyPhrase, at: start) }
                return text
            case "\\":
                if let escaped = peek, escaped == "\"" || escaped == "\\" {
                    advance()
                    text.append(escaped)
                } else {
                    text.append(c)
                }
            default:
                text.append(c)
            }
        }
        throw FilterSyntaxError(.unterminatedPhrase, at: start)
    }

    /// A bare word, or `name:value`.
    private mutating func wordOrField() throws(FilterSyntaxError) -> FilterToken.Kind {
        var word = ""
        while let c = peek, !Self.endsWord(c) {
            if c == ":", !word.isEmpty, word.unicodeScalars.allSatisfy(Self.isASCIILetter) {
                advance()
                return try field(name: word.lowercased())
            }
            word.append(c)
            advance()
        }
        return .word(word)
    }

    /// The value of operator `name`, read after its colon.
    private mutating func field(name: String) throws(FilterSyntaxError) -> FilterToken.Kind {
        let valueAt = position
        if peek == "\"" { return .field(name: name, value: try phrase(), valueAt: valueAt) }
        var value = ""
        while let c = peek, !Self.endsWord(c) {
            value.append(c)
            advance()
        }
        return .field(name: name, value: value.isEmpty ? nil : value, valueAt: valueAt)
    }

    private var peek: Character? { index < characters.count ? characters[index] : nil }

    private mutating func advance() {
        if characters[index].isNewline {
            position.line += 1
            position.column = 1
        } else {
            position.column += 1
        }
        index += 1
    }

    private static func endsWord(_ c: Character) -> Bool {
        c.isWhitespace || c == "(" || c == ")" || c == "|" || c == "\""
    }

    private static func isASCIILetter(_ s: Unicode.Scalar) -> Bool {
        (s.value >= 0x41 && s.value <= 0x5A) || (s.value >= 0x61 && s.value <= 0x7A)
    }
}
