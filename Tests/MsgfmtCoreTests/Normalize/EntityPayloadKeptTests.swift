import TestSupport
import Testing

@testable import MsgfmtCore

/// `EntityPayload.Fields.isKept(for:)` says whether normalizing keeps a payload as it is
/// without making the kept copy; `kept(for:) == fields` is the reference.
@Suite struct EntityPayloadKeptTests {
    @Test func agreesWithTheKeptCopy() {
        var random = SeededGenerator(seed: 20_261_127)
        // Mostly nil, so that payloads holding only their kind's fields are common.
        let strings: [String?] = [nil, nil, nil, "", "swift"]
        let numbers: [Int64?] = [nil, nil, nil, 42]
        var kept = 0
        for _ in 0..<20_000 {
            let fields = EntityPayload.Fields(
                url: strings[random.below(strings.count)], userID: numbers[random.below(numbers.count)],
                language: strings[random.below(strings.count)], customEmojiID: strings[random.below(strings.count)],
                unixTime: numbers[random.below(numbers.count)], dateTimeFormat: strings[random.below(strings.count)])
            for kind in EntityKind.known + [.unknown] {
                let expected = fields.kept(for: kind) == fields
                #expect(fields.isKept(for: kind) == expected, "\(kind): \(fields)")
                if expected { kept += 1 }
            }
        }
        #expect(kept > 20_000)
    }
}
