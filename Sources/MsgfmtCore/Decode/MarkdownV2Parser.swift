/// Parses Telegram's MarkdownV2 parse mode into text and entities (TELEGRAM.md §MarkdownV2).
///
/// Works on the UTF-8 bytes with an explicit stack of open entities (no recursion), so
/// deep nesting and long inputs run in linear time. A `\r` between `_` and `__` is dropped,
/// as Telegram documents for telling italic and underline apart.
public struct MarkdownV2Parser {
    /// An entity opened and not yet closed.
    struct Open {
        enum Kind { case bold, italic, underline, strikethrough, spoiler, code, pre, textURL, customEmoji, quote }
        var kind: Kind
        var start: Int
        var byteOffset: Int
        var language: String? = nil
        var expandable = false

        /// Telegram's name of the entity, for "Can't find end of … entity".
        var name: String {
            switch kind {
            case .bold: "Bold"
            case .italic: "Italic"
            case .underline: "Underline"
            case .strikethrough: "Strikethrough"
            case .spoiler: "Spoiler"
            case .code: "Code"
            case .pre: language == nil ? "Pre" : "PreCode"
            case .textURL: "TextUrl"
            case .customEmoji: "CustomEmoji"
            case .quote: "BlockQuote"
            }
        }
    }

    private let bytes: [UInt8]
    private var i = 0
    private var out = ParsedText()
    private var stack: [Open] = []
    private var quoteDepth = 0
    /// Where the current input line starts: after a newline that is neither escaped nor in code.
    private var lineStartIndex = 0
    /// Whether `>` may start a quote here, as Telegram tracks it: true at the start and after
    /// such a newline (or an escaped one); false after any other character but `\r`; markup
    /// leaves it as it is.
    private var canStartQuote = true

    /// Parses `bytes` (valid UTF-8).
    public static func parse(_ bytes: [UInt8]) throws(ParseModeError) -> Message {
        var parser = MarkdownV2Parser(bytes: bytes)
        try parser.run()
        return parser.out.message()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func byte(_ at: Int) -> UInt8 { at < bytes.count ? bytes[at] : 0 }

    private var inCode: Bool {
        guard let top = stack.last else { return false }
        return top.kind == .code || top.kind == .pre
    }

    private static let reserved: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for c in "_*[]()~`>#+-=|{}.!".utf8 { table[Int(c)] = true }
        return table
    }()

    private mutating func run() throws(ParseModeError) {
        while i < bytes.count {
            if i == lineStartIndex {
                try lineStart()
                if i >= bytes.count { break }
            }
            let c = bytes[i]
            if c == 0x5C, i + 1 < bytes.count, bytes[i + 1] >= 1, bytes[i + 1] <= 126 {
                if bytes[i + 1] != 0x0D { canStartQuote = bytes[i + 1] == 0x0A }
                out.append(bytes[i + 1])
                i += 2
                continue
            }
            if c == 0x0D, i > 0, bytes[i - 1] == 0x5F, byte(i + 1) == 0x5F, !inCode {
                i += 1
                continue
            }
            let special = inCode ? c == 0x60 : MarkdownV2Parser.reserved[Int(c)]
            if !special {
                if c == 0x0A, !inCode {
                    lineStartIndex = i + 1
                    canStartQuote = true
                } else if c != 0x0D, c & 0xC0 != 0x80 {
                    canStartQuote = false
                }
                out.append(c)
                i += 1
                continue
            }
            if try closesTop(c) { continue }
            if c == 0x3E, canStartQuote {
                if quoteDepth == 0 {
                    stack.append(Open(kind: .quote, start: out.utf16Count, byteOffset: i))
                    quoteDepth += 1
                }
                i += 1
                continue
            }
            if c == 0x7C, byte(i + 1) == 0x7C, stack.last?.kind == .quote, isQuoteEnd(i + 2) {
                stack[stack.count - 1].expandable = true
                i += 2
                continue
            }
            try open(c)
        }
        if quoteDepth > 0, let top = stack.last, top.kind == .spoiler, top.byteOffset == bytes.count - 2 {
            // `||` just before the end marks the quote expandable, whatever else is open.
            stack.removeLast()
            if stack.last?.kind == .quote { stack[stack.count - 1].expandable = true }
        }
        if stack.last?.kind == .quote { closeQuote() }
        if let top = stack.last { throw .unclosedEntity(name: top.name, byteOffset: top.byteOffset) }
    }

    /// True when the quote's last line ends at `at` (end of input, or a newline followed
    /// by a line that is not quoted).
    private func isQuoteEnd(_ at: Int) -> Bool {
        if at >= bytes.count { return true }
        return bytes[at] == 0x0A && byte(at + 1) != 0x3E
    }

    /// At the start of an input line inside a quote: consumes the `>` that continues the
    /// quote, or ends the quote when the line has none. Only the quote may be open then,
    /// but for a spoiler opened by `||` (with an optional `\r`) just before the newline,
    /// which marks the quote expandable, as Telegram reads it.
    private mutating func lineStart() throws(ParseModeError) {
        guard quoteDepth > 0 else { return }
        if byte(i) == 0x3E {
            i += 1
            return
        }
        var expandable = false
        if let top = stack.last, top.kind == .spoiler,
            top.byteOffset == i - 3 || (top.byteOffset == i - 4 && bytes[i - 2] == 0x0D)
        {
            stack.removeLast()
            expandable = true
        }
        guard let top = stack.last, top.kind == .quote else {
            let top = stack[stack.count - 1]
            throw .unclosedEntity(name: top.name, byteOffset: top.byteOffset)
        }
        if expandable { stack[stack.count - 1].expandable = true }
        closeQuote()
    }

    private mutating func closeQuote() {
        let quote = stack.removeLast()
        quoteDepth -= 1
        out.close(quote.expandable ? .expandableBlockquote : .blockquote, from: quote.start)
    }

    /// Closes the innermost entity if `c` ends it; returns whether it did.
    private mutating func closesTop(_ c: UInt8) throws(ParseModeError) -> Bool {
        guard let top = stack.last else { return false }
        let next = byte(i + 1)
        let length: Int
        switch top.kind {
        case .bold where c == 0x2A: length = 1
        case .italic where c == 0x5F && next != 0x5F: length = 1
        case .underline where c == 0x5F && next == 0x5F: length = 2
        case .strikethrough where c == 0x7E: length = 1
        case .spoiler where c == 0x7C && next == 0x7C: length = 2
        case .code where c == 0x60: length = 1
        case .pre where c == 0x60 && next == 0x60 && byte(i + 2) == 0x60: length = 3
        case .textURL where c == 0x5D, .customEmoji where c == 0x5D: length = 1
        default: return false
        }
        stack.removeLast()
        i += length
        switch top.kind {
        case .bold: out.close(.bold, from: top.start)
        case .italic: out.close(.italic, from: top.start)
        case .underline: out.close(.underline, from: top.start)
        case .strikethrough: out.close(.strikethrough, from: top.start)
        case .spoiler: out.close(.spoiler, from: top.start)
        case .code: out.close(.code, from: top.start)
        case .pre: out.close(.pre, from: top.start) { $0.language = top.language }
        case .textURL: try closeLink(top)
        case .customEmoji: try closeCustomEmoji(top)
        case .quote: break
        }
        return true
    }

    /// Reads `(url)` after a link's `]`, decoding backslash escapes; nil when absent.
    private mutating func readURL() throws(ParseModeError) -> String? {
        guard byte(i) == 0x28 else { return nil }
        let start = i
        var url: [UInt8] = []
        i += 1
        while i < bytes.count, bytes[i] != 0x29 {
            if bytes[i] == 0x5C, i + 1 < bytes.count, bytes[i + 1] >= 1, bytes[i + 1] <= 126 { i += 1 }
            url.append(bytes[i])
            i += 1
        }
        guard i < bytes.count else { throw .unclosedURL(byteOffset: start) }
        i += 1
        return String(decoding: url, as: UTF8.self)
    }

    private mutating func closeLink(_ top: Open) throws(ParseModeError) {
        let textURL = try readURL()
        let url = textURL ?? out.text(since: top.start)
        switch LinkChecker.check(url) {
        case .url(let checked): out.close(.textLink, from: top.start) { $0.url = checked }
        case .user(let id): out.close(.textMention, from: top.start) { $0.userID = id }
        case .invalid: break
        }
    }

    private mutating func closeCustomEmoji(_ top: Open) throws(ParseModeError) {
        guard let url = try readURL() else { throw .missingEmojiURL(byteOffset: top.byteOffset) }
        switch TelegramURLPayload.parse(url) {
        case .customEmoji(let id): out.close(.customEmoji, from: top.start) { $0.customEmojiID = id }
        case .dateTime(let unix, let format):
            out.close(.dateTime, from: top.start) {
                $0.unixTime = unix
                $0.dateTimeFormat = format
            }
        case nil: throw .invalidEmojiURL(byteOffset: top.byteOffset)
        }
    }

    /// Opens the entity that `c` starts, or fails on a reserved character.
    private mutating func open(_ c: UInt8) throws(ParseModeError) {
        let start = out.utf16Count
        let at = i
        let next = byte(i + 1)
        var entry = Open(kind: .bold, start: start, byteOffset: at)
        switch c {
        case 0x5F:
            entry.kind = next == 0x5F ? .underline : .italic
            i += next == 0x5F ? 2 : 1
        case 0x2A: entry.kind = .bold; i += 1
        case 0x7E: entry.kind = .strikethrough; i += 1
        case 0x7C where next == 0x7C: entry.kind = .spoiler; i += 2
        case 0x5B: entry.kind = .textURL; i += 1
        case 0x21 where next == 0x5B: entry.kind = .customEmoji; i += 2
        case 0x60 where next == 0x60 && byte(i + 2) == 0x60:
            entry.kind = .pre
            i += 3
            var end = i
            while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, 0x60].contains(bytes[end]) { end += 1 }
            if end > i, end < bytes.count, bytes[end] != 0x60 {
                entry.language = String(decoding: bytes[i..<end], as: UTF8.self)
                i = end
            }
            let first = byte(i)
            if first == 0x0A || first == 0x0D {
                let second = byte(i + 1)
                i += (second == 0x0A || second == 0x0D) && second != first ? 2 : 1
            }
        case 0x60: entry.kind = .code; i += 1
        default:
            throw .reservedCharacter(Character(Unicode.Scalar(c)), byteOffset: at)
        }
        stack.append(entry)
    }
}
