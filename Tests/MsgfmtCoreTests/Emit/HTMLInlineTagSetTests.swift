import TestSupport
import Testing

@testable import MsgfmtCore

/// `HTMLInlineTagSet` keeps the open inline elements as bits; what it writes must equal the
/// plain algorithm it replaced: a list of elements per run in the fixed order, compared by
/// key with the open stack, the unshared ones closed and the new ones opened.
@Suite struct HTMLInlineTagSetTests {
    /// Attributes that make elements, and a few that do not.
    static let attributes: [StyleAttributes] = [
        .bold, .italic, .underline, .strikethrough, .spoiler, .code, .pre, .dateTime, .mention, .hashtag,
        .cashtag, .botCommand, .url, .email, .phoneNumber, .bankCard, .textLink, .textMention, .customEmoji,
        .blockquote,
    ]
    static let links: [String?] = [
        nil, "https://a.example/", "https://b.example/?q=<&>", "javascript:alert(1)", "tg://user?id=7", "mailto:x@y.z",
    ]
    static let emojiIDs: [String?] = [nil, "", "5368324170671202286", "1\"<2", "\u{1}", "\u{2401}", "a\nb", "a b"]
    static let times: [Int64?] = [nil, 0, 1_700_000_000, Int64.max]

    @Test(arguments: [false, true], [false, true])
    func writesWhatTheListAlgorithmWrites(inPre: Bool, spoilersHidden: Bool) {
        var random = SeededGenerator(seed: 20_261_126)
        let links = HTMLLinkTags()
        for sequence in 0..<3000 {
            let styles = (0..<(1 + random.below(8))).map { _ in randomStyle(&random) }
            var expected: [UInt8] = []
            var stack: [Reference] = []
            var actual: [UInt8] = []
            var open = HTMLInlineTagSet()
            for style in styles {
                let tags = Reference.tags(for: style, inPre: inPre, spoilersHidden: spoilersHidden)
                var shared = 0
                while shared < stack.count, shared < tags.count, stack[shared].key == tags[shared].key { shared += 1 }
                while stack.count > shared { expected.append(utf8: stack.removeLast().close) }
                for tag in tags[shared...] {
                    expected.append(utf8: tag.open)
                    stack.append(tag)
                }
                expected.append(UInt8(ascii: "x"))
                open.move(to: HTMLInlineTagSet(style, inPre: inPre, links: links), spoilersHidden: spoilersHidden, into: &actual)
                actual.append(UInt8(ascii: "x"))
            }
            while let tag = stack.popLast() { expected.append(utf8: tag.close) }
            open.move(to: HTMLInlineTagSet(), spoilersHidden: spoilersHidden, into: &actual)
            #expect(
                String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                "sequence \(sequence) (seed \(random.seed)): \(styles)")
            if actual != expected { return }
        }
    }

    @Test func customEmojiIDsThatEscapeAlikeShareTheirElement() {
        let links = HTMLLinkTags()
        var out: [UInt8] = []
        var open = HTMLInlineTagSet()
        for id in ["\u{1}", "\u{2401}", "a\nb", "a b"] {
            open.move(
                to: HTMLInlineTagSet(Style(attributes: .customEmoji, customEmojiID: id), inPre: false, links: links),
                spoilersHidden: true, into: &out)
            out.append(UInt8(ascii: "x"))
        }
        open.move(to: HTMLInlineTagSet(), spoilersHidden: true, into: &out)
        #expect(
            String(decoding: out, as: UTF8.self)
                == "<span class=\"msgfmt-custom-emoji\" data-custom-emoji-id=\"\u{2401}\">xx</span>"
                + "<span class=\"msgfmt-custom-emoji\" data-custom-emoji-id=\"a b\">xx</span>")
    }

    /// Mostly few attributes, so that neighbouring runs share some elements.
    func randomStyle(_ random: inout SeededGenerator) -> Style {
        var attributes: StyleAttributes = []
        for _ in 0..<random.below(4) { attributes.insert(Self.attributes[random.below(Self.attributes.count)]) }
        let link = attributes.isDisjoint(with: [.textLink, .url, .email, .textMention]) ? nil : Self.links[random.below(Self.links.count)]
        return Style(
            attributes: attributes, link: link,
            customEmojiID: attributes.contains(.customEmoji) ? Self.emojiIDs[random.below(Self.emojiIDs.count)] : nil,
            unixTime: attributes.contains(.dateTime) ? Self.times[random.below(Self.times.count)] : nil)
    }

    /// One element as the list algorithm had it.
    struct Reference {
        var key: String
        var open: String
        var close: String

        static func simple(_ name: String) -> Reference { Reference(key: name, open: "<\(name)>", close: "</\(name)>") }
        static func span(_ name: String) -> Reference {
            Reference(key: name, open: "<span class=\"msgfmt-\(name)\">", close: "</span>")
        }

        static func tags(for style: Style, inPre: Bool, spoilersHidden: Bool) -> [Reference] {
            let a = style.attributes
            var tags: [Reference] = []
            if a.contains(.spoiler) {
                tags.append(
                    Reference(
                        key: "spoiler",
                        open: spoilersHidden
                            ? "<span class=\"msgfmt-spoiler\" role=\"button\" tabindex=\"0\" aria-label=\"Spoiler: press to reveal\"><span class=\"msgfmt-spoiler-text\">"
                            : "<span class=\"msgfmt-spoiler msgfmt-revealed\"><span class=\"msgfmt-spoiler-text\">",
                        close: "</span></span>"))
            }
            if let link = style.link, let uri = LinkPolicy.safeURI(link) {
                tags.append(
                    Reference(
                        key: "a " + uri, open: "<a href=\"\(HTMLEscaping.escape(uri))\" rel=\"noopener noreferrer nofollow\">",
                        close: "</a>"))
            }
            if !inPre, !a.isDisjoint(with: [.code, .pre]) { tags.append(simple("code")) }
            if a.contains(.bold) { tags.append(simple("strong")) }
            if a.contains(.italic) { tags.append(simple("em")) }
            if a.contains(.underline) { tags.append(simple("u")) }
            if a.contains(.strikethrough) { tags.append(simple("s")) }
            let semantic: [(StyleAttributes, String)] = [
                (.mention, "mention"), (.hashtag, "hashtag"), (.cashtag, "cashtag"), (.botCommand, "bot-command"),
                (.url, "url"), (.email, "email"), (.phoneNumber, "phone-number"), (.bankCard, "bank-card"),
                (.textMention, "text-mention"),
            ]
            for (attribute, name) in semantic where a.contains(attribute) { tags.append(span(name)) }
            if a.contains(.customEmoji) {
                let id = HTMLEscaping.escape(style.customEmojiID ?? "")
                tags.append(
                    Reference(
                        key: "emoji " + id, open: "<span class=\"msgfmt-custom-emoji\" data-custom-emoji-id=\"\(id)\">",
                        close: "</span>"))
            }
            if a.contains(.dateTime) {
                var open = "<time"
                if let time = style.unixTime, let iso = HTMLDateTime.iso8601(time) { open += " datetime=\"\(iso)\"" }
                open += ">"
                tags.append(Reference(key: open, open: open, close: "</time>"))
            }
            return tags
        }
    }
}

extension HTMLInlineTagSetTests {
    /// Link keys are equal exactly when their bytes are: a precomposed and a decomposed
    /// "é" are two targets, each with its own `href` (percent-encoded from its own
    /// bytes), and equal bytes share a digest and the cached element.
    ///
    /// The cached element is looked up again before the second target goes in: digests
    /// are seeded per process and the table is direct-mapped, so in about one run in 64
    /// the second target takes the first one's slot, as the type's doc says it may.
    @Test func linkKeysCompareBytesNotCanonicalEquivalence() {
        let composed = "https://example.com/caf\u{E9}"
        let decomposed = "https://example.com/cafe\u{301}"
        #expect(composed == decomposed)
        #expect(HTMLLinkTags.Key(composed) != HTMLLinkTags.Key(decomposed))
        let copy = String(decoding: Array(composed.utf8), as: UTF8.self)
        #expect(HTMLLinkTags.Key(composed) == HTMLLinkTags.Key(copy))
        #expect(HTMLLinkTags.Key(composed).digest == HTMLLinkTags.Key(copy).digest)
        let links = HTMLLinkTags()
        let first = links.tag(for: composed)
        #expect(first != nil)
        #expect(links.tag(for: copy) === first)
        let second = links.tag(for: decomposed)
        #expect(second !== first)
        #expect(first.map { String(decoding: $0.open, as: UTF8.self) }?.contains("caf%C3%A9\"") == true)
        #expect(second.map { String(decoding: $0.open, as: UTF8.self) }?.contains("cafe%CC%81\"") == true)
        #expect(links.tag(for: decomposed).map { String(decoding: $0.open, as: UTF8.self) }?.contains("cafe%CC%81\"") == true)
    }

    /// Digests of nearby byte strings (runs of "a" of every length up to 40, one letter
    /// changed anywhere) are all different.
    @Test func linkDigestsSpreadOverLengthsAndBytes() {
        var strings = Set<[UInt8]>()
        for length in 0...40 {
            for byte in UInt8(ascii: "a")...UInt8(ascii: "z") {
                for position in 0..<length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = byte
                    strings.insert(bytes)
                }
            }
        }
        let digests = Set(strings.map { $0.withUnsafeBufferPointer(HTMLLinkTags.Key.digest(of:)) })
        #expect(strings.count > 10_000)
        #expect(digests.count == strings.count)
    }
}
