import Foundation
import Testing

/// The site's search folds a query as the index was folded, so it finds what `--filter`
/// finds: the same words in many scripts, searched in headless Chromium and with
/// `export --filter` on the same messages. Skipped only when Chromium is not installed.
@Suite(.serialized) struct SearchFoldingBrowserTests {
    typealias S = SearchBrowserTests

    /// One message per script, each a few words.
    static let texts = [
        "Crème brûlée à la FRANÇAISE",
        "ΟΔΥΣΣΕΥΣ ο σοφός, ΣΟΦΟΣ",
        "Die Straße ist groß",
        "İstanbul ve Iğdır ılık",
        "東京の天気は晴れ",
        "مَرْحَبًا بالعالم",
        "שָׁלוֹם עוֹלָם",
        "ﬁnancial Ｆｕｌｌｗｉｄｔｈ",
        "ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ",
        "Ωραία μέρα",
    ]

    static let queries = [
        "creme", "BRÛLÉE", "francaise", "οδυσσευς", "σοφοσ", "ΣΟΦΌΣ", "σοφός", "strasse", "GROSS", "straße", "istanbul",
        "İSTANBUL", "ılık", "ILIK", "iğdır", "天気", "東", "晴れ", "مرحبا", "مَرْحَبًا", "بالعالم", "שלום", "שָׁלוֹם", "financial", "fullwidth",
        "ＦＵＬＬ", "ᏣᎳᎩ", "ꮳꮃꭹ", "ᎦᏬ", "ωραια", "ΜΈΡΑ", "nothing",
    ]

    static var export: String {
        let messages = texts.enumerated().map { i, text in
            let escaped = String(data: try! JSONSerialization.data(withJSONObject: [text], options: []), encoding: .utf8)!.dropFirst()
                .dropLast()
            return
                #"{"id": \#(i + 1), "type": "message", "date_unixtime": "\#(1_704_189_600 + i * 60)", "from": "Ann", "from_id": "user1", "text": \#(escaped)}"#
        }
        return #"{"chats": {"list": [{"name": "Scripts", "type": "private_group", "id": 1, "messages": ["# + messages.joined(separator: ",")
            + "]}]}}"
    }

    @Test(.enabled(if: S.chromium != nil, "chromium is not installed"))
    func searchFindsWhatTheFilterFinds() throws {
        let dir = try S.site(export: Self.export)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("result.json").path
        var found = 0
        for q in Self.queries {
            let filter = try Binary.run(["export", input, "--to", "json", "-o", "-", "--filter", "\"\(q)\""])
            #expect(filter.status == 0, "\(filter.stderr)")
            let expected = filter.stdout.split(separator: "\n").compactMap { line -> String? in
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return object?["id"].map { "\($0)" }
            }
            let links = try S.query(q, in: dir).links
            let ids = links.map { String($0.split(separator: "#message").last ?? "") }
            #expect(ids == expected.reversed(), "\(q)")
            found += expected.isEmpty ? 0 : 1
        }
        // Most queries find their message (the rest find nothing either way).
        #expect(found >= Self.queries.count - 4)
    }
}
