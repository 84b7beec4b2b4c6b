/// The inline elements one styled run is wrapped in, outermost first in a fixed order —
/// spoiler, link, code, strong, em, u, s, the semantic spans, custom emoji, time — so
/// neighbouring runs share their common outer elements.
///
/// One bit per element plus the payloads of the three that vary (the link's `<a>`, the
/// custom emoji id, the time): the common run needs no array and no string.
/// `HTMLFragmentWriter` keeps the set that is open and moves from it to each run's.
struct HTMLInlineTagSet {
    /// Positions in the fixed order.
    private enum Slot {
        static let spoiler = 0, link = 1, code = 2, strong = 3, em = 4, underline = 5, strikethrough = 6
        /// The first of the nine semantic spans (`init` says their order).
        static let firstSemantic = 7
        static let customEmoji = 16, dateTime = 17
        /// The slots whose element depends on more than the bit.
        static let withPayload: UInt32 = 1 << link | 1 << customEmoji | 1 << dateTime
    }

    /// One bit per element present, by slot.
    private(set) var slots: UInt32 = 0
    /// The `<a>` element, when the link slot is present.
    private var link: HTMLInlineTag?
    /// The custom emoji id (nil counts as empty), when that slot is present.
    private var customEmojiID: String?
    /// The time shown, when the time slot is present.
    private var unixTime: Int64?

    /// No element.
    init() {}

    /// The elements for `style`. `inPre` leaves out `<code>` (the block has it).
    init(_ style: Style, inPre: Bool, links: HTMLLinkTags) {
        let a = style.attributes
        if a.isEmpty, style.hasNoPayload { return }
        var s: UInt32 = 0
        if a.contains(.spoiler) { s |= 1 << Slot.spoiler }
        if let target = style.link, let tag = links.tag(for: target) {
            s |= 1 << Slot.link
            link = tag
        }
        if !inPre, !a.isDisjoint(with: [.code, .pre]) { s |= 1 << Slot.code }
        if a.contains(.bold) { s |= 1 << Slot.strong }
        if a.contains(.italic) { s |= 1 << Slot.em }
        if a.contains(.underline) { s |= 1 << Slot.underline }
        if a.contains(.strikethrough) { s |= 1 << Slot.strikethrough }
        // The kinds of text that get a class of their own — mention, hashtag, cashtag, bot
        // command, url, email, phone number, bank card (attribute bits 8–15), text mention
        // (bit 17) — take the slots from `firstSemantic` in that order.
        s |= (a.rawValue >> 8 & 0xFF) << UInt32(Slot.firstSemantic)
        s |= (a.rawValue >> 17 & 1) << UInt32(Slot.firstSemantic + 8)
        if a.contains(.customEmoji) {
            s |= 1 << Slot.customEmoji
            customEmojiID = style.customEmojiID ?? ""
        }
        if a.contains(.dateTime) {
            s |= 1 << Slot.dateTime
            unixTime = style.unixTime
        }
        slots = s
    }

    /// Closes the elements of `self` that `next` does not continue, opens those of `next`
    /// that are new, and becomes `next`. An element continues when it is in the same
    /// position of the order with the same payload and every element before it continues.
    mutating func move(to next: consuming HTMLInlineTagSet, spoilersHidden: Bool, into out: inout [UInt8]) {
        if slots == 0, next.slots == 0 { return }  // no payload either
        var first = (slots ^ next.slots).trailingZeroBitCount
        // Below the first difference, both have the same elements; those with a payload
        // continue only when it is the same.
        var both = slots & next.slots & Slot.withPayload
        while both != 0 {
            let k = both.trailingZeroBitCount
            if k >= first { break }
            if !samePayload(as: next, slot: k) {
                first = k
                break
            }
            both &= both &- 1
        }
        if first < 32 {
            var closing = first == 0 ? slots : slots & ~((1 << UInt32(first)) &- 1)
            while closing != 0 {
                let k = 31 - closing.leadingZeroBitCount
                appendClose(slot: k, into: &out)
                closing &= ~(1 << UInt32(k))
            }
            var opening = first == 0 ? next.slots : next.slots & ~((1 << UInt32(first)) &- 1)
            while opening != 0 {
                let k = opening.trailingZeroBitCount
                next.appendOpen(slot: k, spoilersHidden: spoilersHidden, into: &out)
                opening &= opening &- 1
            }
        }
        // Taken over, not copied: no reference is counted for the link.
        self = next
    }

    /// True when the element in `slot` (present in both) is the same in `other`.
    private func samePayload(as other: HTMLInlineTagSet, slot: Int) -> Bool {
        switch slot {
        case Slot.link: return link === other.link || link?.key == other.link?.key
        case Slot.customEmoji:
            // As written: ids that escape alike (a control character and its placeholder)
            // make the same element.
            return customEmojiID == other.customEmojiID
                || HTMLEscaping.escape(customEmojiID ?? "") == HTMLEscaping.escape(other.customEmojiID ?? "")
        default: return unixTime == other.unixTime || timeOpening == other.timeOpening
        }
    }

    /// `<time datetime="…">`, without the attribute for a time it cannot show.
    private var timeOpening: String {
        if let time = unixTime, let iso = HTMLDateTime.iso8601(time) { return "<time datetime=\"\(iso)\">" }
        return "<time>"
    }

    /// A spoiler's opening tags under `--spoilers hide`: masked until pressed (the page's
    /// script reveals it).
    static let hiddenSpoilerOpening: StaticString =
        "<span class=\"msgfmt-spoiler\" role=\"button\" tabindex=\"0\" aria-label=\"Spoiler: press to reveal\"><span class=\"msgfmt-spoiler-text\">"
    /// A spoiler's opening tags under `--spoilers reveal`.
    static let revealedSpoilerOpening: StaticString = "<span class=\"msgfmt-spoiler msgfmt-revealed\"><span class=\"msgfmt-spoiler-text\">"
    /// A spoiler's closing tags.
    static let spoilerClosing: StaticString = "</span></span>"

    private func appendOpen(slot: Int, spoilersHidden: Bool, into out: inout [UInt8]) {
        switch slot {
        case Slot.spoiler:
            out.append(literal: spoilersHidden ? Self.hiddenSpoilerOpening : Self.revealedSpoilerOpening)
        case Slot.link: if let link { out.append(contentsOf: link.open) }
        case Slot.code: out.append(literal: "<code>")
        case Slot.strong: out.append(literal: "<strong>")
        case Slot.em: out.append(literal: "<em>")
        case Slot.underline: out.append(literal: "<u>")
        case Slot.strikethrough: out.append(literal: "<s>")
        case Slot.firstSemantic: out.append(literal: "<span class=\"msgfmt-mention\">")
        case Slot.firstSemantic + 1: out.append(literal: "<span class=\"msgfmt-hashtag\">")
        case Slot.firstSemantic + 2: out.append(literal: "<span class=\"msgfmt-cashtag\">")
        case Slot.firstSemantic + 3: out.append(literal: "<span class=\"msgfmt-bot-command\">")
        case Slot.firstSemantic + 4: out.append(literal: "<span class=\"msgfmt-url\">")
        case Slot.firstSemantic + 5: out.append(literal: "<span class=\"msgfmt-email\">")
        case Slot.firstSemantic + 6: out.append(literal: "<span class=\"msgfmt-phone-number\">")
        case Slot.firstSemantic + 7: out.append(literal: "<span class=\"msgfmt-bank-card\">")
        case Slot.firstSemantic + 8: out.append(literal: "<span class=\"msgfmt-text-mention\">")
        case Slot.customEmoji:
            out.append(utf8: HTMLCustomEmoji.spanOpening)
            HTMLEscaping.append(customEmojiID ?? "", newlines: .space, into: &out)
            out.append(literal: "\">")
        default: out.append(utf8: timeOpening)
        }
    }

    private func appendClose(slot: Int, into out: inout [UInt8]) {
        switch slot {
        case Slot.spoiler: out.append(literal: Self.spoilerClosing)
        case Slot.link: out.append(literal: "</a>")
        case Slot.code: out.append(literal: "</code>")
        case Slot.strong: out.append(literal: "</strong>")
        case Slot.em: out.append(literal: "</em>")
        case Slot.underline: out.append(literal: "</u>")
        case Slot.strikethrough: out.append(literal: "</s>")
        case Slot.dateTime: out.append(literal: "</time>")
        default: out.append(literal: "</span>")  // the semantic spans and the custom emoji
        }
    }
}
