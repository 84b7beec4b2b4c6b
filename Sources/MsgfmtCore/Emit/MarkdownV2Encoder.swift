internal import CByteScan

/// Re-encodes a normalized message in Telegram's MarkdownV2 parse mode.
///
/// Entities Telegram detects by itself (URLs, mentions, hashtags, …), and those whose
/// payload Telegram refuses, are written as plain text. A quote can only cover whole lines:
/// one ending just before a newline takes the newline, one starting or ending anywhere else
/// mid-line is left out; a quote right after another starts with `**>` so the two stay
/// apart. MarkdownV2 cannot escape control characters, so those other than tab and newline
/// are written as spaces, as Telegram itself would store them; the output never carries
/// terminal escapes.
public enum MarkdownV2Encoder {
    /// The MarkdownV2 source of `message`.
    public static func encode(_ message: Message) -> String {
        var out: [UInt8] = []
        encode(message, text: UTF16Text(message.text), normalized: false, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the MarkdownV2 source of `message`, whose UTF-16 view is `text`, to `out` as
    /// UTF-8: the text is transcoded run by run as it is written, with no UTF-16 copy in
    /// between. `normalized` says the message is already normalized, which spares
    /// normalizing it again when nothing had to be reduced.
    ///
    /// `entities`, when given, are those `representable` keeps of the message (the renderer
    /// chooses them, to say what is left out), written as they are.
    static func encode(
        _ message: Message, text: UTF16Text, normalized: Bool, entities chosen: [MessageEntity]? = nil, into out: inout [UInt8]
    ) {
        let entities = chosen ?? representable(message, text: text, normalized: normalized).entities
        let units = text.units
        var codeDepth = 0
        var quote: MessageEntity?
        var markerWritten = false
        var lastWasItalic = false

        func token(_ s: StaticString) {
            let bytes = UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount)
            guard let first = bytes.first else {
                lastWasItalic = false
                return
            }
            if lastWasItalic, first == UInt8(ascii: "_") { out.append(0x0D) }
            out.append(bytes: bytes)
            lastWasItalic = bytes.count == 1 && first == UInt8(ascii: "_")
        }
        /// A closing token that starts with `]` (a link's target).
        func linkTarget(_ e: MessageEntity) {
            appendCloseToken(e, to: &out)
            lastWasItalic = false
        }
        func writeMarker() {
            if let q = quote, q.kind == .expandableBlockquote, !markerWritten {
                out.append(0x7C)
                out.append(0x7C)
                markerWritten = true
                lastWasItalic = false
            }
        }

        if entities.isEmpty {
            units.withUnsafeBufferPointer { appendText($0, 0..<$0.count, code: false, quote: nil, into: &out) }
            return
        }
        for event in EntityNesting.events(entities, count: units.count) {
            switch event {
            case .text(let range):
                if quote == nil || codeDepth > 0 {
                    units.withUnsafeBufferPointer { appendText($0, range, code: codeDepth > 0, quote: nil, into: &out) }
                } else {
                    units.withUnsafeBufferPointer { buffer in
                        var start = range.lowerBound
                        // The marker of an expandable quote goes before its last newline.
                        if let q = quote, q.kind == .expandableBlockquote, !markerWritten,
                            range.contains(q.end - 1), buffer[q.end - 1] == 0x0A
                        {
                            appendText(buffer, start..<(q.end - 1), code: false, quote: q, into: &out)
                            writeMarker()
                            start = q.end - 1
                        }
                        appendText(buffer, start..<range.upperBound, code: false, quote: quote, into: &out)
                    }
                }
                lastWasItalic = false
            case .open(let e):
                switch e.kind {
                case .blockquote, .expandableBlockquote:
                    let follows = quote.map { $0.end == e.offset } ?? false
                    quote = e
                    markerWritten = false
                    token(follows ? "**>" : ">")
                case .pre:
                    codeDepth += 1
                    let language = e.language ?? ""
                    token("```")
                    if usableLanguage(language) { append(language, to: &out) }
                    out.append(0x0A)
                case .code: codeDepth += 1; token("`")
                default: token(openToken(e.kind))
                }
            case .close(let e):
                switch e.kind {
                case .blockquote, .expandableBlockquote:
                    writeMarker()
                case .pre: codeDepth -= 1; token("```")
                case .code: codeDepth -= 1; token("`")
                case .textLink, .textMention, .customEmoji, .dateTime: linkTarget(e)
                default: token(openToken(e.kind))
                }
            }
        }
    }

    /// Appends the text units in `range` escaped: inside code only `` ` `` and `\`, else
    /// every reserved character; controls become spaces. Inside `quote`, each newline
    /// before the quote's last unit is followed by `>`. Word-like units (letters, digits,
    /// spaces, everything from U+00A0) are written by CByteScan in one go up to the next
    /// other unit, which is written here; the room for the whole range is made once, as no
    /// unit takes more than three bytes (an escaped character or a quoted newline two, a
    /// surrogate pair four for its two units). `MarkdownV2EncoderTests` compares it with a
    /// unit-by-unit reference.
    @inline(__always)
    static func appendText(
        _ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, code: Bool, quote: MessageEntity?,
        into out: inout [UInt8]
    ) {
        guard let source = units.baseAddress, !range.isEmpty else { return }
        let quoteEnd = quote?.end ?? Int.min
        out.appendBytes(upTo: range.count &* 3) { base in
            var o = 0
            var p = range.lowerBound
            let end = range.upperBound
            while true {
                var written = 0
                p = msgfmt_byte_scan_copy_wordlike(source, p, end, base + o, &written)
                o &+= written
                guard p < end else { break }
                // Punctuation, a control or a C1 control: below 0xA0, so one ASCII byte.
                let u = units[p]
                if code ? u == 0x60 || u == 0x5C : isReserved(u) {
                    base[o] = 0x5C
                    o &+= 1
                }
                base[o] = isControl(u) ? 0x20 : UInt8(truncatingIfNeeded: u)
                o &+= 1
                if u == 0x0A, p &+ 1 < quoteEnd {
                    base[o] = 0x3E
                    o &+= 1
                }
                p &+= 1
            }
            return o
        }
    }

    /// True when a pre language can follow the opening fence: Telegram ends it at
    /// whitespace, NUL or `` ` ``, and MarkdownV2 cannot escape controls.
    static func usableLanguage(_ language: String) -> Bool {
        // An ASCII name by its bytes: White_Space there is tab to carriage return and space.
        var language = language
        let ascii: Bool? = language.withUTF8 { bytes in
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "\\") { return false }
            }
            return true
        }
        if let ascii { return ascii }
        return !language.unicodeScalars.contains {
            $0.properties.isWhitespace || $0 == "`" || $0 == "\\" || $0.value < 0x20 || ($0.value >= 0x7F && $0.value <= 0x9F)
        }
    }

    /// True when a link's URL can be written: MarkdownV2 cannot escape controls.
    static func usableURL(_ url: String) -> Bool {
        // By its UTF-8: C0 controls and DEL are single bytes, C1 controls C2 80…C2 9F. The
        // bytes that cannot start one are passed over sixteen at a time (CByteScan).
        var url = url
        return url.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            let n = bytes.count
            var i = 0
            while true {
                i = msgfmt_byte_scan_may_be_unsafe(base, i, n)
                guard i < n else { return true }
                let byte = bytes[i]
                if byte < 0x20 || byte == 0x7F || (byte == 0xC2 && i + 1 < n && bytes[i + 1] <= 0x9F) { return false }
                i += 1
            }
        }
    }

    /// Appends the UTF-8 of `s`.
    @inline(__always)
    static func append(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { out.append(contentsOf: $0) }
    }

    /// C0 and C1 controls and DEL, except tab and newline.
    @inline(__always)
    static func isControl(_ u: UInt16) -> Bool {
        (u < 0x20 && u != 0x09 && u != 0x0A) || (u >= 0x7F && u <= 0x9F)
    }

    /// The characters that must be escaped outside code, `_*[]()~`>#+-=|{}.!\\`.
    static let reservedCharacters = "_*[]()~`>#+-=|{}.!\\"

    /// The bits of `reservedCharacters` below U+0040 and from U+0040 to U+007F (bit `u`
    /// and bit `u - 64`), so the hot loops read no table (`MarkdownV2EncoderTests` checks
    /// the bits against the characters).
    static let reservedBelow64: UInt64 = 0x6000_6f0a_0000_0000
    static let reservedBelow128: UInt64 = 0x7800_0001_b800_0000

    /// True when `u` is one of `reservedCharacters`.
    @inline(__always)
    static func isReserved(_ u: UInt16) -> Bool {
        if u < 64 { return reservedBelow64 >> u & 1 != 0 }
        if u < 128 { return reservedBelow128 >> (u - 64) & 1 != 0 }
        return false
    }

    static func openToken(_ kind: EntityKind) -> StaticString {
        switch kind {
        case .bold: "*"
        case .italic: "_"
        case .underline: "__"
        case .strikethrough: "~"
        case .spoiler: "||"
        case .textLink, .textMention: "["
        case .customEmoji, .dateTime: "!["
        default: ""
        }
    }

    /// Appends the closing token of a link-like entity, `](target)`; a text link's URL
    /// byte by byte, with `)` and `\` escaped (no other character's UTF-8 holds their bytes).
    static func appendCloseToken(_ e: MessageEntity, to out: inout [UInt8]) {
        switch e.kind {
        case .textMention: append("](tg://user?id=\(e.userID ?? 0))", to: &out)
        case .customEmoji: append("](tg://emoji?id=\(e.customEmojiID ?? ""))", to: &out)
        case .dateTime:
            append("](tg://time?unix=\(e.unixTime ?? 0)" + (e.dateTimeFormat.map { "&format=" + $0 } ?? "") + ")", to: &out)
        default:
            var url = e.url ?? ""
            url.withUTF8 { bytes in
                out.append(0x5D)
                out.append(0x28)
                var run = 0
                for i in 0..<bytes.count where bytes[i] == UInt8(ascii: ")") || bytes[i] == UInt8(ascii: "\\") {
                    out.append(bytes: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                    out.append(0x5C)
                    run = i
                }
                out.append(bytes: UnsafeBufferPointer(rebasing: bytes[run...]))
                out.append(0x29)
            }
        }
    }
}
