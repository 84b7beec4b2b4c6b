/// Parses Telegram's HTML parse mode (its small tag subset) into text and entities.
///
/// Tags are kept on an explicit stack (no recursion), so thousands of nested tags are fine.
public struct TelegramHTMLParser {
    /// A start tag not yet closed.
    struct Open {
        var name: String
        var start: Int
        var byteOffset: Int
        var attributes: [String: String]
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

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private mutating func readName() -> String {
        let start = i
        while i < bytes.count, Self.isNameByte(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self).lowercased()
    }

    private mutating func skipSpaces() {
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
    }

    private mutating func startTag() throws(ParseModeError) {
        let at = i
        i += 1
        let name = readName()
        guard Self.supported.contains(name) else { throw .unsupportedStartTag(name, byteOffset: at) }
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            guard i < bytes.count else { throw .unclosedStartTag(byteOffset: at) }
            if bytes[i] == 0x3E { i += 1; break }
            let attribute = readName()
            if attribute.isEmpty { i += 1; continue }
            skipSpaces()
            var value = ""
            if byte(i) == 0x3D {
                i += 1
                skipSpaces()
                guard let read = readValue() else { throw .unclosedStartTag(byteOffset: at) }
                value = read
            }
            if attributes[attribute] == nil { attributes[attribute] = value }
        }
        try checkStart(name, attributes, at: at)
        stack.append(Open(name: name, start: out.utf16Count, byteOffset: at, attributes: attributes))
    }

    /// An attribute value: quoted (with references decoded) or a lower-cased bare token.
    private mutating func readValue() -> String? {
        let quote = byte(i)
        if quote == 0x22 || quote == 0x27 {
            i += 1
            var scalars: [Unicode.Scalar] = []
            var raw: [UInt8] = []
            while i < bytes.count, bytes[i] != quote {
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
            guard i < bytes.count else { return nil }
            i += 1
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return text
        }
        let start = i
        while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != 0x3E { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self).lowercased()
    }

    private func checkStart(_ name: String, _ attributes: [String: String], at: Int) throws(ParseModeError) {
        switch name {
        case "span":
            if attributes["class"] != "tg-spoiler" { throw .spanWithoutSpoilerClass(byteOffset: at) }
        case "tg-emoji":
            let id = attributes["emoji-id"] ?? ""
            if id.isEmpty || !id.allSatisfy({ $0.isASCII && $0.isNumber }) || Int64(id) == nil {
                throw .invalidCustomEmojiID(byteOffset: at)
            }
        case "tg-time":
            if let format = attributes["format"], !DateTimeFormat.isValid(format) { throw .invalidDateFormat(byteOffset: at) }
        default:
            break
        }
    }

    private mutating func endTag() throws(ParseModeError) {
        let at = i
        i += 2
        let name = readName()
        skipSpaces()
        guard let top = stack.last else { throw .unexpectedEndTag(byteOffset: at) }
        guard byte(i) == 0x3E else { throw .unclosedEndTag(byteOffset: at) }
        i += 1
        if !name.isEmpty, name != top.name { throw .unmatchedEndTag(byteOffset: at, expected: top.name, found: name) }
        stack.removeLast()
        close(top)
    }

    private mutating func close(_ tag: Open) {
        let start = tag.start
        switch tag.name {
        case "b", "strong": out.close(.bold, from: start)
        case "i", "em": out.close(.italic, from: start)
        case "u", "ins": out.close(.underline, from: start)
        case "s", "strike", "del": out.close(.strikethrough, from: start)
        case "tg-spoiler", "span": out.close(.spoiler, from: start)
        case "blockquote": out.close(tag.attributes["expandable"] != nil ? .expandableBlockquote : .blockquote, from: start)
        case "tg-emoji": out.close(.customEmoji, from: start) { $0.customEmojiID = tag.attributes["emoji-id"] }
        case "tg-time":
            guard let unix = tag.attributes["unix"].flatMap({ Int64($0) }) else { return }
            out.close(.dateTime, from: start) {
                $0.unixTime = unix
                $0.dateTimeFormat = tag.attributes["format"]
            }
        case "a": closeLink(tag)
        case "code":
            let count = out.entities.count
            out.close(.code, from: start)
            if let cls = tag.attributes["class"], cls.hasPrefix("language-"), out.entities.count > count {
                codeLanguage = (count, String(cls.dropFirst(9)))
            }
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
        let target = tag.attributes["href"] ?? out.text(since: tag.start)
        switch LinkChecker.check(target) {
        case .url(let url): out.close(.textLink, from: tag.start) { $0.url = url }
        case .user(let id): out.close(.textMention, from: tag.start) { $0.userID = id }
        case .invalid: break
        }
    }
}
