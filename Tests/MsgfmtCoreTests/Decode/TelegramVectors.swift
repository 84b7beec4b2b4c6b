import Foundation
import TestSupport
@testable import MsgfmtCore

/// The shared Telegram test vectors (`../shared/data/telegram_vectors.json` beside the
/// package), as parsed JSON values.
enum TelegramVectors {
    /// Every vector in the file.
    static let all: [JSONValue] = {
        let candidates = [
            PackagePaths.root.appendingPathComponent("../shared/data/telegram_vectors.json"),
            PackagePaths.root.appendingPathComponent("../../shared/data/telegram_vectors.json"),
        ]
        for url in candidates {
            if let data = try? Data(contentsOf: url.standardizedFileURL), let value = try? JSONParser.parse(Array(data)) {
                return value.arrayValue ?? []
            }
        }
        return []
    }()

    /// The vectors of one kind.
    static func of(_ kind: String) -> [JSONValue] {
        all.filter { $0["kind"]?.stringValue == kind }
    }

    /// An expected entity as msgfmt models it (`bank_card_number` is the Bot API's `bank_card`).
    static func entity(_ value: JSONValue) -> MessageEntity {
        var v = value
        if case .object(var members) = v, let i = members.firstIndex(where: { $0.0 == "type" }), members[i].1 == .string("bank_card_number") {
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
