import Testing

@testable import MsgfmtCore

/// tdlib's fix_formatted_text vectors. tdlib also deletes `\r` when a message is sent;
/// msgfmt never rewrites text, so the test does that step itself before normalizing.
@Suite struct NormalizationVectorTests {
    static let vectors = TelegramVectors.of("fix_formatted_text")

    @Test func vectorsArePresent() {
        #expect(Self.vectors.count >= 5)
    }

    @Test(arguments: vectors.indices)
    func fixFormattedText(_ index: Int) {
        let vector = Self.vectors[index]
        let input = vector["input"]?.stringValue ?? ""
        let message = Self.removingCarriageReturns(Message(text: input, entities: TelegramVectors.expected(vector, key: "input_entities")))
        let detect = vector["options"]?["skip_new_entities"] != .bool(true)
        let (normalized, _) = Normalizer.normalize(message, detect: detect)
        #expect(normalized.text == vector["expected_text"]?.stringValue)
        #expect(normalized.entities == TelegramVectors.expected(vector), "\(input)")
    }

    /// `message` with every `\r` deleted and entity ranges shifted to match.
    static func removingCarriageReturns(_ message: Message) -> Message {
        let units = Array(message.text.utf16)
        var kept: [Int] = [0]  // kept[i] = number of kept units before position i
        for u in units { kept.append(kept[kept.count - 1] + (u == 0x0D ? 0 : 1)) }
        let entities = message.entities.map { e -> MessageEntity in
            var e = e
            let start = kept[min(e.offset, units.count)]
            let end = kept[min(e.end, units.count)]
            e.offset = start
            e.length = end - start
            return e
        }
        return Message(id: message.id, text: String(decoding: units.filter { $0 != 0x0D }, as: UTF16.self), entities: entities)
    }
}
