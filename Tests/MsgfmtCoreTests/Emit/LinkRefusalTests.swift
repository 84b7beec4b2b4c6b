import TestSupport
import Testing

@testable import MsgfmtCore

/// The links an output that links shows as plain text, found on the styled text: one for
/// each stretch of runs with the same refused link, named by the entity the link comes from.
@Suite struct LinkRefusalTests {
    private func refusals(_ text: String, _ entities: [MessageEntity]) -> [LinkRefusal] {
        let normalized = Normalizer.normalize(Message(text: text, entities: entities), detect: false).0
        return LinkRefusal.refusals(in: StyledTextBuilder.build(normalized))
    }

    @Test func oneForEachStretchOfARefusedLink() {
        // "click here" links to javascript: and has bold inside (three runs); "x.org" is a
        // URL that is linked; "/up" a text link without a scheme or host.
        let found = refusals(
            "click here, x.org and up",
            [
                MessageEntity(kind: .textLink, offset: 0, length: 10, url: "javascript:alert(1)"),
                MessageEntity(kind: .bold, offset: 3, length: 2),
                MessageEntity(kind: .url, offset: 12, length: 5),
                MessageEntity(kind: .textLink, offset: 22, length: 2, url: "/up"),
            ])
        #expect(
            found == [
                LinkRefusal(offset: 0, length: 10, entity: "text_link", refusal: .scheme),
                LinkRefusal(offset: 22, length: 2, entity: "text_link", refusal: .host),
            ])
        #expect(
            found[0].message(format: "--to html")
                == "text_link entity at offset 0, length 10, is shown without its link in --to html: "
                + "only http, https, tg, mailto and tel links are written")
    }

    @Test func namesTheEntityTheLinkComesFrom() {
        // A URL entity whose text has a scheme msgfmt does not link; inside a text link, the
        // text link's target is the one shown.
        let found = refusals(
            "data:x,1 and javascript:y",
            [
                MessageEntity(kind: .url, offset: 0, length: 8),
                MessageEntity(kind: .textLink, offset: 13, length: 12, url: "https://example.com"),
                MessageEntity(kind: .url, offset: 13, length: 12),
            ])
        #expect(found == [LinkRefusal(offset: 0, length: 8, entity: "url", refusal: .scheme)])
    }

    /// The entity check that lets the renderer pass over the runs never passes over a
    /// refused link: on random texts of scheme-like pieces with random link entities,
    /// whenever the runs hold a refused link, `mayRefuse` said they might.
    @Test func theEntityCheckNeverMissesARefusal() {
        let pieces = ["http", "https", "://", ":", "javascript", "data", "x.org", "/", " ", "é", "tg", "mailto", "a@b.org", "+1 555"]
        let kinds: [EntityKind] = [.url, .textLink, .email, .phoneNumber, .textMention, .bold]
        let urls = ["javascript:x", "https://x.org", "/up", "tg://resolve?domain=x", " x", "x.org", "HTTP://X.ORG"]
        var rng = SeededGenerator(seed: 0x1199)
        var refusedSeen = 0
        for _ in 0..<3_000 {
            var text = (0..<Int.random(in: 1...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            if Int.random(in: 0..<20, using: &rng) == 0 { text += String(repeating: "a", count: Int.random(in: 200...800, using: &rng)) }
            let count = text.utf16.count
            let entities = (0..<Int.random(in: 0...4, using: &rng)).map { _ -> MessageEntity in
                let offset = Int.random(in: 0..<count, using: &rng)
                let length = Int.random(in: 1...(count - offset), using: &rng)
                var e = MessageEntity(kind: kinds.randomElement(using: &rng)!, offset: offset, length: length)
                if e.kind == .textLink { e.url = urls.randomElement(using: &rng)! }
                if e.kind == .textMention { e.userID = 42 }
                return e
            }
            let normalized = Normalizer.normalize(Message(text: text, entities: entities), detect: false).0
            let styled = StyledTextBuilder.build(normalized)
            let found = LinkRefusal.refusals(in: styled)
            refusedSeen += found.isEmpty ? 0 : 1
            #expect(found.isEmpty || LinkRefusal.mayRefuse(normalized.entities, text: styled.text), "\(text.debugDescription) \(entities)")
        }
        #expect(refusedSeen > 100)
    }

    /// Entities outside the text (not normalized) are clamped to it, as the styled text's
    /// targets are, never read past it.
    @Test func theEntityCheckClampsRanges() {
        let text = UTF16Text("x.org:1")
        #expect(!LinkRefusal.mayRefuse([MessageEntity(kind: .url, offset: 9, length: 4)], text: text))
        #expect(LinkRefusal.mayRefuse([MessageEntity(kind: .url, offset: -3, length: .max)], text: text))
        #expect(!LinkRefusal.mayRefuse([MessageEntity(kind: .url, offset: 0, length: 5)], text: text))
    }

    @Test func nothingWithoutLinks() {
        #expect(refusals("plain", []).isEmpty)
        #expect(refusals("bold", [MessageEntity(kind: .bold, offset: 0, length: 4)]).isEmpty)
    }
}
