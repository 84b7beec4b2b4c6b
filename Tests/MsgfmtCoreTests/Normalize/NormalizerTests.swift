import Testing

@testable import MsgfmtCore

/// Normalization repairs, each reported with its entity index.
@Suite struct NormalizerTests {
    func normalize(_ text: String, _ entities: [MessageEntity], detect: Bool = false) -> (Message, [Diagnostic]) {
        Normalizer.normalize(Message(id: 1, text: text, entities: entities), detect: detect)
    }

    @Test func clampsAndDropsBadRanges() {
        let (m, d) = normalize(
            "hello",
            [
                MessageEntity(kind: .bold, offset: -2, length: 4),
                MessageEntity(kind: .italic, offset: 3, length: 10),
                MessageEntity(kind: .underline, offset: 9, length: 1),
                MessageEntity(kind: .code, offset: 1, length: 0),
                MessageEntity(kind: .strikethrough, offset: 0, length: -1),
                MessageEntity(botAPIType: "sparkle", offset: 0, length: 1),
                MessageEntity(kind: .textLink, offset: 0, length: 2),
            ])
        #expect(m.entities == [MessageEntity(kind: .bold, offset: 0, length: 2), MessageEntity(kind: .italic, offset: 3, length: 2)])
        #expect(d.map(\.location.entityIndex) == [0, 1, 2, 3, 4, 5, 6])
        #expect(d[5].message == "unknown entity type \"sparkle\" is shown as plain text")
        #expect(d.allSatisfy { $0.severity == .warning })
    }

    /// Offsets and lengths the decoder clamped (beyond 2^40) are said to be out of range,
    /// not quoted as the bound, which the input never gave.
    @Test func clampedValuesAreNotQuoted() {
        let input =
            #"{"text":"hello","entities":[{"type":"bold","offset":9007199254740993,"length":1},"#
            + #"{"type":"italic","offset":-99999999999999999999,"length":2},{"type":"code","offset":0,"length":99999999999999},"#
            + #"{"type":"underline","offset":0,"length":-99999999999999},{"type":"strikethrough","offset":7,"length":-3}]}"#
        let items = MessageDecoder.decode(InputFile(name: "t", bytes: Array(input.utf8)), options: DecodeOptions(format: .botAPI))
        guard case .message(let message, _) = items.first else { Issue.record("expected a message, not \(items)"); return }
        let messages = Normalizer.normalize(message, detect: false).1.map(\.message)
        #expect(
            messages == [
                "bold entity starts at an offset out of range, past the end of the text (5 UTF-16 units); dropped",
                "italic entity starts at an offset out of range, before the text; clamped to 0",
                "empty italic entity dropped",
                "code entity ends at an offset out of range, past the end of the text (5 UTF-16 units); clamped",
                "underline entity has a negative length out of range; dropped",
                "strikethrough entity has negative length -3; dropped",
            ])
        #expect(!messages.joined().contains("1099511627776"))
    }

    @Test func onlyTheKindsOwnPayloadIsKept() {
        let (m, d) = normalize(
            "hello world",
            [
                MessageEntity(kind: .bold, offset: 0, length: 2, url: "https://x.org"),
                MessageEntity(kind: .pre, offset: 3, length: 2, language: ""),
                MessageEntity(kind: .textLink, offset: 6, length: 2, url: "https://x.org", language: "swift"),
                MessageEntity(kind: .dateTime, offset: 9, length: 2, url: "u", unixTime: 5, dateTimeFormat: "t"),
            ])
        #expect(
            m.entities == [
                MessageEntity(kind: .bold, offset: 0, length: 2),
                MessageEntity(kind: .pre, offset: 3, length: 2),
                MessageEntity(kind: .textLink, offset: 6, length: 2, url: "https://x.org"),
                MessageEntity(kind: .dateTime, offset: 9, length: 2, unixTime: 5, dateTimeFormat: "t"),
            ])
        #expect(d.isEmpty)
    }

    @Test func surrogateSplitIsAnError() {
        let (m, d) = normalize(
            "a😀b", [MessageEntity(kind: .bold, offset: 2, length: 2), MessageEntity(kind: .italic, offset: 1, length: 2)])
        #expect(m.entities == [MessageEntity(kind: .italic, offset: 1, length: 2)])
        #expect(d.count == 1)
        #expect(d.first?.severity == .error)
        #expect(d.first?.location.entityIndex == 0)
    }

    @Test func firstOfIntersectingContinuousEntitiesWins() {
        let (m, d) = normalize(
            "abcdefgh",
            [
                MessageEntity(kind: .textLink, offset: 2, length: 4, url: "https://a.example/"),
                MessageEntity(kind: .code, offset: 0, length: 3),
                MessageEntity(kind: .mention, offset: 3, length: 2),
            ])
        #expect(m.entities.map(\.kind) == [.code, .mention])
        #expect(d.map(\.location.entityIndex) == [0])
    }

    @Test func quotesDoNotNestAndCutStraddlers() {
        let (m, d) = normalize(
            "abcdefgh",
            [
                MessageEntity(kind: .blockquote, offset: 0, length: 4),
                MessageEntity(kind: .expandableBlockquote, offset: 2, length: 4),
                MessageEntity(kind: .code, offset: 3, length: 3),
                MessageEntity(kind: .bold, offset: 2, length: 4),
            ])
        #expect(
            m.entities == [
                MessageEntity(kind: .blockquote, offset: 0, length: 4),
                MessageEntity(kind: .bold, offset: 2, length: 2),
                MessageEntity(kind: .bold, offset: 4, length: 2),
            ])
        #expect(d.map(\.location.entityIndex) == [1, 2])
    }

    @Test func mergesOverlapsAndStripsStylesInsideCode() {
        let (m, d) = normalize(
            "abcdefgh",
            [
                MessageEntity(kind: .bold, offset: 0, length: 3),
                MessageEntity(kind: .bold, offset: 2, length: 4),
                MessageEntity(kind: .pre, offset: 4, length: 4, language: "sh"),
            ])
        #expect(
            m.entities == [
                MessageEntity(kind: .bold, offset: 0, length: 4), MessageEntity(kind: .pre, offset: 4, length: 4, language: "sh"),
            ])
        #expect(d.count == 2)
    }

    @Test func detectionNeverTouchesGivenEntities() {
        let (m, _) = normalize("go to example.com or @someone now", [MessageEntity(kind: .code, offset: 6, length: 4)], detect: true)
        #expect(m.entities == [MessageEntity(kind: .code, offset: 6, length: 4), MessageEntity(kind: .mention, offset: 21, length: 8)])
    }

    @Test func normalizationIsIdempotent() {
        var generator = MessageGenerator(seed: 7)
        for _ in 0..<500 {
            let once = Normalizer.normalize(generator.message(), detect: true).0
            let (twice, diagnostics) = Normalizer.normalize(once, detect: true)
            #expect(twice == once)
            #expect(diagnostics.isEmpty)
        }
    }
}
