import Testing

@testable import MsgfmtCore

/// tdlib's find_* vectors: each finder returns exactly the expected entities.
@Suite struct DetectionVectorTests {
    static let vectors = TelegramVectors.all.filter { ($0["kind"]?.stringValue ?? "").hasPrefix("find_") }

    @Test func vectorsArePresent() {
        #expect(Self.vectors.count >= 20)
    }

    @Test(arguments: vectors.indices)
    func finder(_ index: Int) {
        let vector = Self.vectors[index]
        let input = vector["input"]?.stringValue ?? ""
        let scanner = TextScanner(units: Array(input.utf16))
        let kind = vector["kind"]?.stringValue ?? ""
        if kind == "find_media_timestamps" {
            let found = EntityDetector.mediaTimestamps(in: scanner).map { [$0.range.lowerBound, $0.range.count, $0.seconds] }
            let expected = (vector["expected_entities"]?.arrayValue ?? []).map {
                [$0["offset"]?.int64Value, $0["length"]?.int64Value, $0["media_timestamp"]?.int64Value].map { Int($0 ?? -1) }
            }
            #expect(found == expected, "\(input)")
            return
        }
        let found: [MessageEntity] =
            switch kind {
            case "find_mentions": EntityDetector.mentions(in: scanner)
            case "find_bot_commands": EntityDetector.botCommands(in: scanner)
            case "find_hashtags": EntityDetector.hashtags(in: scanner)
            case "find_cashtags": EntityDetector.cashtags(in: scanner)
            case "find_bank_card_numbers": EntityDetector.bankCards(in: scanner)
            case "find_urls": URLDetector.find(in: scanner)
            default: []
            }
        #expect(EntityOrder.sorted(found) == TelegramVectors.expected(vector), "\(kind): \(input)")
    }
}
