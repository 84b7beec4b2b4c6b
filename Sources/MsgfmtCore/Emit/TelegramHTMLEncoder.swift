/// Re-encodes a normalized message in Telegram's HTML parse mode.
///
/// Entities Telegram detects by itself (URLs, mentions, hashtags, …) and payloads Telegram
/// refuses are written as plain text; everything else becomes its tag. Control characters
/// other than tab and newline are written as numeric character references, so the output
/// never carries terminal escapes (NUL, which has no reference, becomes a space).
public enum TelegramHTMLEncoder {
    /// `message` (normalized) reduced to what Telegram HTML expresses: what
    /// `encode(_:)` writes, as Telegram reads it back.
    public static func representable(_ message: Message) -> Message {
        var reduced = message
        reduced.entities = sendable(message.entities)
        return reduced.entities == message.entities ? message : Normalizer.normalize(reduced, detect: false).0
    }

    /// The entities `encode(_:)` writes as tags. Those Telegram detects by itself are left
    /// for it to find again.
    static func sendable(_ entities: [MessageEntity]) -> [MessageEntity] {
        var losses: [TelegramEncodingLoss]? = nil
        return sendable(entities, losses: &losses)
    }

    /// `sendable(_:)`, adding each entity Telegram refuses all or part of to `losses` when
    /// that is not nil (`TelegramEncodingLoss`).
    static func sendable(_ entities: [MessageEntity], losses: inout [TelegramEncodingLoss]?) -> [MessageEntity] {
        var kept: [MessageEntity] = []
        kept.reserveCapacity(entities.count)
        for e in entities {
            switch e.kind.entityClass {
            case .splittable, .quote: kept.append(e)
            case .preLike, .continuous:
                guard !e.kind.isDetectedByTelegram else { continue }
                let sendable = e.telegramSendable
                if losses != nil, let loss = TelegramEncodingLoss.payload(of: e, sendable: sendable) { losses?.append(loss) }
                if let sendable { kept.append(sendable) }
            case .unknown: continue
            }
        }
        return kept
    }

    /// What `encode(_:)` leaves out of `message` (normalized) that Telegram would not find
    /// again by itself.
    static func losses(_ message: Message) -> [TelegramEncodingLoss] {
        var losses: [TelegramEncodingLoss]? = []
        _ = sendable(message.entities, losses: &losses)
        return losses ?? []
    }

    /// The Telegram HTML source of `message`.
    public static func encode(_ message: Message) -> String {
        encode(message, entities: nil)
    }

    /// The Telegram HTML source of `message`, writing `entities` when the caller has
    /// chosen them already (`sendable`), else choosing them.
    /// Written as UTF-8 bytes: the text straight from its UTF-16 units, as
    /// `appendEscaped` escapes them, the tags as `openTag` and `closeTag` spell them.
    static func encode(_ message: Message, entities chosen: [MessageEntity]?) -> String {
        let units = UTF16Text.units(of: message.text)
        let entities = chosen ?? sendable(message.entities)
        var out: [UInt8] = []
        out.reserveCapacity(message.text.utf8.count + 16)
        units.withUnsafeBufferPointer { units in
            for event in EntityNesting.events(entities, count: units.count) {
                switch event {
                case .text(let range): appendEscaped(UnsafeBufferPointer(rebasing: units[range]), to: &out)
                case .open(let e): out.append(utf8: openTag(e))
                case .close(let e): out.append(utf8: closeTag(e))
                }
            }
        }
        return out.withUnsafeBufferPointer { ValidUTF8.string($0) }
    }

    /// Appends text `units` as UTF-8, escaped as `escape(_:)` escapes the string they
    /// make: `&`, `<` and `>` as entities, NUL as a space, the other C0 controls but tab
    /// and line feed, DEL and the C1 controls as numeric references; the stretches between
    /// go through `UTF16Text.appendUTF8` in one call each (a lone surrogate as U+FFFD).
    static func appendEscaped(_ units: UnsafeBufferPointer<UInt16>, to out: inout [UInt8]) {
        var start = 0
        for i in units.indices {
            let u = units[i]
            if u >= 0xA0 || (u >= 0x20 && u < 0x7F && u != 0x26 && u != 0x3C && u != 0x3E) || u == 0x09 || u == 0x0A {
                continue
            }
            if i > start { UTF16Text.appendUTF8(UnsafeBufferPointer(rebasing: units[start..<i]), to: &out) }
            switch u {
            case 0x26: out.append(literal: "&amp;")
            case 0x3C: out.append(literal: "&lt;")
            case 0x3E: out.append(literal: "&gt;")
            case 0x00: out.append(0x20)
            default:
                out.append(literal: "&#")
                out.appendDecimal(Int64(u))
                out.append(0x3B)
            }
            start = i + 1
        }
        if units.count > start { UTF16Text.appendUTF8(UnsafeBufferPointer(rebasing: units[start...]), to: &out) }
    }

    static func openTag(_ e: MessageEntity) -> String {
        switch e.kind {
        case .bold: "<b>"
        case .italic: "<i>"
        case .underline: "<u>"
        case .strikethrough: "<s>"
        case .spoiler: "<tg-spoiler>"
        case .blockquote: "<blockquote>"
        case .expandableBlockquote: "<blockquote expandable>"
        case .code: "<code>"
        case .pre:
            if let language = e.language, !language.isEmpty {
                "<pre><code class=\"language-\(escape(language, attribute: true))\">"
            } else {
                "<pre>"
            }
        case .textLink: "<a href=\"\(escape(e.url ?? "", attribute: true))\">"
        case .textMention: "<a href=\"tg://user?id=\(e.userID ?? 0)\">"
        case .customEmoji: "<tg-emoji emoji-id=\"\(escape(e.customEmojiID ?? "", attribute: true))\">"
        case .dateTime:
            "<tg-time unix=\"\(e.unixTime ?? 0)\""
                + (e.dateTimeFormat.map { " format=\"\(escape($0, attribute: true))\"" } ?? "") + ">"
        default: ""
        }
    }

    static func closeTag(_ e: MessageEntity) -> String {
        switch e.kind {
        case .bold: "</b>"
        case .italic: "</i>"
        case .underline: "</u>"
        case .strikethrough: "</s>"
        case .spoiler: "</tg-spoiler>"
        case .blockquote, .expandableBlockquote: "</blockquote>"
        case .code: "</code>"
        case .pre: (e.language ?? "").isEmpty ? "</pre>" : "</code></pre>"
        case .textLink, .textMention: "</a>"
        case .customEmoji: "</tg-emoji>"
        case .dateTime: "</tg-time>"
        default: ""
        }
    }

    /// Escapes `&`, `<`, `>` (and `"` in attributes) and control characters.
    static func escape(_ s: String, attribute: Bool = false) -> String {
        let special = s.utf8.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
        guard special else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 8)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\u{0}": out += " "
            case "\t", "\n": out.unicodeScalars.append(c)
            case "\u{1}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += "&#\(c.value);"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
