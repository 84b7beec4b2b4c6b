/// A stretch of a message whose link an output that links (an HTML `href`, an OSC 8
/// hyperlink, a Markdown link) shows as plain text because `LinkPolicy` refuses it: for a
/// warning, so a `javascript:` link is not lost without a word.
public struct LinkRefusal: Sendable, Equatable {
    /// The stretch's UTF-16 offset and length in the message text.
    public var offset: Int
    public var length: Int
    /// The Bot API name of the entity the link comes from (`text_link`, `url`, ...).
    public var entity: String
    /// Why the link is refused.
    public var refusal: LinkPolicy.Refusal

    /// The warning's sentence for the output `format` (as the user names it, `--to html`).
    public func message(format: String) -> String {
        "\(entity) entity at offset \(offset), length \(length), is shown without its link in \(format): \(refusal.reason)"
    }

    /// The refused links of `styled`, one for each stretch of neighbouring runs with the
    /// same link, in text order. Read in place: a run whose attributes name no linking
    /// entity is passed over on a bit test, and each distinct link is checked once per
    /// stretch.
    public static func refusals(in styled: StyledText) -> [LinkRefusal] {
        var found: [LinkRefusal] = []
        // The stretch being gathered: its link, why it is refused (nil: it is not), where.
        var link: String? = nil
        var refusal: LinkPolicy.Refusal? = nil
        var start = 0
        var end = 0
        var attributes: StyleAttributes = []
        func close() {
            if let refusal {
                found.append(LinkRefusal(offset: start, length: end - start, entity: entityName(attributes), refusal: refusal))
            }
            link = nil
        }
        styled.blocks.withUnsafeBufferPointer { blocks in
            for b in blocks.indices {
                blocks[b].runs.withUnsafeBufferPointer { runs in
                    for k in runs.indices {
                        let range = runs[k].range
                        guard !runs[k].style.attributes.isDisjoint(with: linking) else {
                            if link != nil { close() }
                            continue
                        }
                        guard let target = runs[k].style.link else {
                            if link != nil { close() }
                            continue
                        }
                        if link == target, end == range.lowerBound {
                            end = range.upperBound
                            continue
                        }
                        if link != nil { close() }
                        link = target
                        refusal = LinkPolicy.refusal(of: target)
                        (start, end, attributes) = (range.lowerBound, range.upperBound, runs[k].style.attributes)
                    }
                }
            }
        }
        if link != nil { close() }
        return found
    }

    /// False when every link `entities` give the styled text of `text` is surely written
    /// (`StyledTextBuilder.style` makes the targets): a text link whose URL `LinkPolicy`
    /// takes; a URL entity of at most `surelyShort` units with no colon (it gets
    /// `http://`) or that starts with `http://` or `https://`; an e-mail address or phone
    /// number of at most `surelyShort` units; a text mention. True otherwise, so
    /// `refusals(in:)` need read the runs only of a message that may hold a refused link.
    public static func mayRefuse(_ entities: [MessageEntity], text: UTF16Text) -> Bool {
        entities.withUnsafeBufferPointer { list in
            text.units.withUnsafeBufferPointer { units in
                for k in list.indices {
                    switch list[k].kind {
                    case .textLink:
                        if let url = list[k].url, LinkPolicy.refusal(of: url) != nil { return true }
                    case .url:
                        // Clamped as `StyledTextBuilder.urlTarget` clamps it.
                        let lower = max(0, min(list[k].offset, units.count))
                        let upper = lower + min(max(0, list[k].length), units.count - lower)
                        if upper - lower > surelyShort || !surelyLinkedURL(UnsafeBufferPointer(rebasing: units[lower..<upper])) {
                            return true
                        }
                    case .email, .phoneNumber:
                        if list[k].length > surelyShort { return true }
                    default:
                        continue
                    }
                }
                return false
            }
        }
    }

    /// Units of a URL, e-mail address or phone number short enough that the link made of
    /// them stays within `LinkPolicy.maxLength` even with every byte of every unit
    /// (three a unit) percent-encoded after a seven-byte scheme.
    private static let surelyShort = (LinkPolicy.maxLength - 7) / 9

    /// True when a URL entity's `units` make a link `LinkPolicy` takes whatever they hold
    /// (given their number): no colon, so `http://` goes in front, or a lower-case
    /// `http://` or `https://` at their start.
    @inline(__always)
    private static func surelyLinkedURL(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        if units.starts(withASCII: "https://") || units.starts(withASCII: "http://") { return true }
        return !units.contains(0x3A)
    }

    /// The attributes of the entities that give a run a link.
    private static let linking: StyleAttributes = [.textLink, .textMention, .url, .email, .phoneNumber]

    /// The entity a run's link comes from, as `StyledTextBuilder.style` ranks them: a text
    /// link over a text mention over a URL over an e-mail address over a phone number.
    private static func entityName(_ attributes: StyleAttributes) -> String {
        if attributes.contains(.textLink) { return "text_link" }
        if attributes.contains(.textMention) { return "text_mention" }
        if attributes.contains(.url) { return "url" }
        if attributes.contains(.email) { return "email" }
        if attributes.contains(.phoneNumber) { return "phone_number" }
        return "link"
    }
}
