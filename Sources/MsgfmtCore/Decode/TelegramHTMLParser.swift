/// Parses Telegram's HTML parse mode (its small tag subset) into text and entities.
///
/// Tags are kept on an explicit stack (no recursion), so thousands of nested tags are fine.
public struct TelegramHTMLParser {
    /// A start tag not yet closed, with what tdlib keeps of its attributes.
    struct Open {
        var name: String
        var start: Int
        var byteOffset: Int
        /// The one attribute value the tag uses, the last one written: the `href` of `a`, the
        /// `emoji-id` of `tg-emoji`, the `format` of `tg-time`, the language of a `code`
        /// class `language-…`, the rest of a `span` class `tg-…`; "1" for an `expandable`
        /// blockquote.
        var argument = ""
        /// The `unix` attribute of `tg-time`, read as leniently as tdlib does (0 when absent).
        var unixTime: Int32 = 0

        /// Keeps `value` when tdlib uses `attribute` (names are case-sensitive) on this tag.
        mutating func take(_ attribute: String, _ value: String) {
            switch (name, attribute) {
            case ("a", "href"), ("tg-emoji", "emoji-id"), ("tg-time", "format"): argument = value
            case ("code", "class") where value.utf8.starts(with: "language-".utf8):
                argument = String(decoding: value.utf8.dropFirst(9), as: UTF8.self)
            case ("span", "class") where value.utf8.starts(with: "tg-".utf8):
                argument = String(decoding: value.utf8.dropFirst(3), as: UTF8.self)
            case ("blockquote", "expandable"): argument = "1"
            case ("tg-time", "unix"): unixTime = TelegramInteger.lenientInt32(value)
            default: break
            }
        }
    }

    static let supported: Set<String> = [
        "a", "b", "strong", "i", "em", "s", "strike", "del", "u", "ins", "tg-spoiler", "span", "tg-emoji", "tg-time",
        "pre", "code", "blockquote",
    ]

    private let bytes: [UInt8]
    private var i = 0
    private var out = ParsedText()
    private var stack: [Open] = []
    /// The last `code` entity closed with a `language-…` class, for an enclosing `pre`.
    private var codeLanguage: (entityIndex: Int, language: String)?
    /// Where the first reference to a UTF-16 surrogate is in the text: like Telegram,
    /// the parser refuses the message once the rest of it has parsed.
    private var surrogateOffset: Int?

    /// Parses `bytes` (valid UTF-8).
    public static func parse(_ bytes: [UInt8]) throws(ParseModeError) -> Message {
        var parser = TelegramHTMLParser(bytes: bytes)
        try parser.run()
        return parser.out.message()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func byte(_ at: Int) -> UInt8 { at < bytes.count ? bytes[at] : 0 }

    private mutating func run() throws(ParseModeError) {
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x26 {
                switch HTMLReference.decode(bytes, at: i) {
                case .scalar(let s, let end):
                    out.append(s)
                    i = end
                case .surrogate(let end):
                    if surrogateOffset == nil { surrogateOffset = i }
                    i = end
                case .literal:
                    out.append(c)
                    i += 1
                }
            } else if c == 0x3C {
                if byte(i + 1) == 0x2F { try endTag() } else { try startTag() }
            } else {
                out.append(c)
                i += 1
            }
        }
        if let top = stack.last { throw .unclosedTag(top.name, byteOffset: top.byteOffset) }
        if let surrogateOffset { throw .unmatchedSurrogate(byteOffset: surrogateOffset) }
    }

    /// tdlib's `is_space`: NUL counts, as it ends the C string tdlib reads.
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0 }

    /// A tag name: everything up to a space or `>`, ASCII lower-cased.
    private mutating func readTagName() -> String {
        let start = i
        while !Self.isSpace(byte(i)), byte(i) != 0x3E { i += 1 }
        return Self.lowercased(bytes[start..<i])
    }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// Skips spaces, stopping at a NUL byte or the end.
    private mutating func skipSpaces() {
        while byte(i) != 0, Self.isSpace(byte(i)) { i += 1 }
    }

    private mutating func startTag() throws(ParseModeError) {
        let at = i
        i += 1
        let name = readTagName()
        guard byte(i) != 0 else { throw .unclosedStartTag(byteOffset: at) }
        guard Self.supported.contains(name) else { throw .unsupportedStartTag(name, byteOffset: at) }
        var tag = Open(name: name, start: out.utf16Count, byteOffset: at)
        while byte(i) != 0x3E {
            skipSpaces()
            if byte(i) == 0x3E { break }
            let attributeStart = i
            while !Self.isSpace(byte(i)), ![0x3D, 0x3E, 0x2F, 0x22, 0x27].contains(byte(i)) { i += 1 }
            guard i > attributeStart else { throw .emptyAttributeName(tag: name, byteOffset: at) }
            let attribute = String(decoding: bytes[attributeStart..<i], as: UTF8.self)
            skipSpaces()
            guard byte(i) == 0x3D else {
                if byte(i) == 0 { throw .unclosedStartTagNamed(name, byteOffset: at) }
                if name == "blockquote", attribute == "expandable" { tag.argument = "1" }
                continue
            }
            i += 1
            skipSpaces()
            if byte(i) == 0 { throw .unclosedStartTagNamed(name, byteOffset: at) }
            let value = try readValue()
            if byte(i) == 0 { throw .unclosedStartTag(byteOffset: at) }
            tag.take(attribute, value)
        }
        i += 1
        if name == "span", tag.argument != "spoiler" { throw .spanWithoutSpoilerClass(byteOffset: at) }
        stack.append(tag)
    }

    /// An attribute value: quoted (with references decoded; an unclosed one runs to the
    /// end), or a bare name token (letters, digits, `.`, `-`) lower-cased, which must be
    /// followed by a space or `>`.
    private mutating func readValue() throws(ParseModeError) -> String {
        let quote = byte(i)
        guard quote == 0x22 || quote == 0x27 else {
            let start = i
            while HTTPURL.isAlphanumeric(byte(i)) || byte(i) == 0x2E || byte(i) == 0x2D { i += 1 }
            guard Self.isSpace(byte(i)) || byte(i) == 0x3E else { throw .unexpectedEndOfNameToken(byteOffset: start) }
            return Self.lowercased(bytes[start..<i])
        }
        i += 1
        var scalars: [Unicode.Scalar] = []
        var raw: [UInt8] = []
        while byte(i) != quote, byte(i) != 0 {
            if bytes[i] == 0x26, case .scalar(let s, let end) = HTMLReference.decode(bytes, at: i) {
                // A surrogate stays literal: tdlib writes it as bytes that are not UTF-8 and,
                // in attributes, does not refuse them.
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
                scalars.append(s)
                i = end
            } else {
                raw.append(bytes[i])
                i += 1
            }
        }
        if byte(i) == quote { i += 1 }
        scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    private mutating func endTag() throws(ParseModeError) {
        let at = i
        guard let top = stack.last else { throw .unexpectedEndTag(byteOffset: at) }
        i += 2
        let name = readTagName()
        skipSpaces()
        guard byte(i) == 0x3E else { throw .unclosedEndTag(byteOffset: at) }
        i += 1
        if !name.isEmpty, name != top.name { throw .unmatchedEndTag(byteOffset: at, expected: top.name, found: name) }
        stack.removeLast()
        try close(top, endTagOffset: at)
    }

    /// Adds the entity of `tag`, closed by the end tag at `endTagOffset`. Like tdlib, an empty
    /// one is dropped before its payload is checked.
    private mutating func close(_ tag: Open, endTagOffset: Int) throws(ParseModeError) {
        guard out.utf16Count > tag.start else { return }
        let start = tag.start
        switch tag.name {
        case "b", "strong": out.close(.bold, from: start)
        case "i", "em": out.close(.italic, from: start)
        case "u", "ins": out.close(.underline, from: start)
        case "s", "strike", "del": out.close(.strikethrough, from: start)
        case "tg-spoiler", "span": out.close(.spoiler, from: start)
        case "blockquote": out.close(tag.argument.isEmpty ? .blockquote : .expandableBlockquote, from: start)
        case "tg-emoji":
            guard let id = TelegramInteger.strict(tag.argument, as: Int64.self), id != 0 else {
                throw .invalidCustomEmojiID(byteOffset: endTagOffset)
            }
            out.close(.customEmoji, from: start) { $0.customEmojiID = tag.argument }
        case "tg-time":
            guard let format = DateTimeFormat.canonical(tag.argument) else { throw .invalidDateFormat(byteOffset: endTagOffset) }
            guard tag.unixTime > 0 else { return }
            out.close(.dateTime, from: start) {
                $0.unixTime = Int64(tag.unixTime)
                $0.dateTimeFormat = format.isEmpty ? nil : format
            }
        case "a": closeLink(tag)
        case "code":
            if !tag.argument.isEmpty, let last = out.entities.last, last.kind == .pre, last.language == nil,
                last.offset == start, last.end == out.utf16Count
            {
                // `<code class="language-…"><pre>…</pre></code>`: tdlib gives the pre its language.
                out.entities[out.entities.count - 1].language = tag.argument
                return
            }
            let count = out.entities.count
            out.close(.code, from: start)
            if !tag.argument.isEmpty, out.entities.count > count { codeLanguage = (count, tag.argument) }
        case "pre":
            if let (index, language) = codeLanguage, index == out.entities.count - 1,
                out.entities[index].offset == start, out.entities[index].end == out.utf16Count, !language.isEmpty
            {
                out.entities[index] = MessageEntity(kind: .pre, offset: start, length: out.utf16Count - start, language: language)
            } else {
                out.close(.pre, from: start)
            }
        default: break
        }
    }

    private mutating func closeLink(_ tag: Open) {
        let target = tag.argument.isEmpty ? out.text(since: tag.start) : tag.argument
        switch LinkChecker.check(target) {
        case .url(let url): out.close(.textLink, from: tag.start) { $0.url = url }
        case .user(let id): out.close(.textMention, from: tag.start) { $0.userID = id }
        case .invalid: break
        }
    }
}
