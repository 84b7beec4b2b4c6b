import Foundation
import TestSupport

@testable import MsgfmtCore

/// tdlib's Telegram test vectors (`fixtures/telegram/vectors.json`, each with the line of
/// tdlib's `test/message_entities.cpp` it comes from), as parsed JSON values.
enum TelegramVectors {
    /// The vector file inside the repository.
    static let file = PackagePaths.fixture("telegram/vectors.json")

    /// Every vector in the file; empty when it is missing or unreadable, which the suites'
    /// `vectorsArePresent` tests report as a failure.
    static let all: [JSONValue] = {
        guard let data = try? Data(contentsOf: file), let value = try? JSONParser.parse(Array(data)) else { return [] }
        return value.arrayValue ?? []
    }()

    /// The vectors of one kind.
    static func of(_ kind: String) -> [JSONValue] {
        all.filter { $0["kind"]?.stringValue == kind }
    }

    /// An expected entity as msgfmt models it (`bank_card_number` is the Bot API's `bank_card`).
    static func entity(_ value: JSONValue) -> MessageEntity {
        var v = value
        if case .object(var members) = v, let i = members.firstIndex(where: { $0.0 == "type" }), members[i].1 == .string("bank_card_number")
        {
            members[i].1 = .string("bank_card")
            v = .object(members)
        }
        return (try? BotAPIEntityReader.entity(v).get()) ?? .skipped
    }

    /// The expected entities of a vector.
    static func expected(_ vector: JSONValue, key: String = "expected_entities") -> [MessageEntity] {
        (vector[key]?.arrayValue ?? []).map(entity)
    }
}
