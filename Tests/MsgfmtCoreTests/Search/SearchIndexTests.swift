import Foundation
import Testing

@testable import MsgfmtCore

/// The HTML site's search index: terms, the number code, blocks and their files.
@Suite struct SearchIndexTests {
    static func terms(_ text: String) -> [String] {
        SearchTerms.terms(in: FoldedText(text)).map { String(decoding: $0, as: UTF16.self) }
    }

    @Test(arguments: [
        ("Hello, Wörld! re-release", ["hello", "world", "re", "release"]),
        ("Café CAFÉ cafe", ["cafe"]),
        ("Straße #swift @bob_dev 10:30", ["strasse", "swift", "bob", "dev", "10", "30"]),
        ("天气很好", ["天气", "气很", "很好", "好"]),
        ("我 ok 我们", ["我", "ok", "我们", "们"]),
        ("abc中文def", ["abc", "中文", "文", "def"]),
        ("مرحبا بالعالم שָׁלוֹם", ["مرحبا", "بالعالم", "שלום"]),
        ("👍 ❤️ -- ...", []),
    ])
    func termsAreFoldedWordsAndBigrams(_ text: String, _ expected: [String]) {
        #expect(Self.terms(text) == expected)
    }

    @Test func longWordsAreCutWithoutSplittingAPair() {
        let long = String(repeating: "a", count: 40)
        #expect(Self.terms(long) == [String(repeating: "a", count: SearchTerms.maximumLength)])
        // 23 units, then a letter outside the BMP (𝐀 folds to "a"; 𐐀 Deseret folds to 𐐨).
        let pair = String(repeating: "b", count: SearchTerms.maximumLength - 1) + "𐐀𐐀"
        let cut = SearchTerms.terms(in: FoldedText(pair))[0]
        #expect(cut.count == SearchTerms.maximumLength - 1)
        #expect(!UTF16.isLeadSurrogate(cut.last!))
    }

    @Test func numberCodeRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        var values: [UInt64] = [0, 1, 31, 32, 1023, 1024, UInt64(UInt32.max), UInt64.max]
        for _ in 0..<200 { values.append(UInt64.random(in: 0...(1 << 50), using: &generator)) }
        var bytes: [UInt8] = []
        for v in values { SearchCode.append(v, to: &bytes) }
        #expect(SearchCode.decode(bytes) == values)
        #expect(
            bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "|") })
        var signed: [UInt8] = []
        for v: Int64 in [0, -1, 1, -2, 2] { SearchCode.append(signed: v, to: &signed) }
        #expect(SearchCode.decode(signed) == [0, 1, 2, 3, 4])
    }

    static func record(_ id: Int64, _ text: String, from: String = "Alice") -> SearchRecord {
        let message = ExportMessage(id: id, date: 1_704_067_200 + id * 60, from: from, fromID: "user1", body: Message(text: text))
        return SearchRecord(message, clock: ExportClock(timeZone: "UTC")!)
    }

    /// The data file `path` passes to `msgfmtSearch.load`, parsed.
    static func payload(_ files: [String: [UInt8]], _ path: String) throws -> Any {
        let text = String(decoding: try #require(files[path]), as: UTF8.self)
        let open = try #require(text.range(of: ",", options: [], range: text.range(of: "\",\"")!.upperBound..<text.endIndex))
        #expect(text.hasPrefix("msgfmtSearch.load(\"") && text.hasSuffix(");\n"))
        let data = String(text[open.upperBound..<text.index(text.endIndex, offsetBy: -3)])
        return try JSONSerialization.jsonObject(with: Data(data.utf8), options: [.fragmentsAllowed])
    }

    /// The messages (block numbers) a bucket file lists for `term`.
    static func postings(_ bucket: String, _ term: String) -> [Int]? {
        for entry in bucket.split(separator: "|") {
            let parts = entry.split(separator: " ", maxSplits: 1)
            guard parts[0] == term else { continue }
            var previous = -1
            return SearchCode.decode(Array((parts.count > 1 ? parts[1] : "").utf8)).map { delta in
                previous += Int(delta) + 1
                return previous
            }
        }
        return nil
    }

    @Test func blockFilesHoldTermsMetadataAndTexts() throws {
        var files: [String: [UInt8]] = [:]
        var writer = SearchIndexWriter(emit: { files[$0] = $1 })
        writer.beginChat(folder: "chat_001", name: "Crew")
        writer.add(Self.record(10, "Release notes are out"), page: 0)
        writer.add(Self.record(11, "no news", from: "Bob"), page: 0)
        writer.add(Self.record(15, "release <b>party</b>"), page: 1)
        writer.endChat(name: "Crew")
        writer.finish()
        let bucket = Int(UInt8(ascii: "r")) % SearchIndexWriter.buckets
        let terms = try #require(Self.payload(files, "search/chat_001/i0_\(bucket).js") as? String)
        #expect(Self.postings(terms, "release") == [0, 2])
        let meta = try #require(Self.payload(files, "search/chat_001/m0.js") as? [String: Any])
        #expect(meta["count"] as? Int == 3)
        let ids = SearchCode.decode(Array((meta["ids"] as? String ?? "").utf8))
        #expect(ids == [20, 2, 8], "zigzag deltas of 10, 11, 15")
        #expect((meta["senders"] as? [[String]]) == [["Alice", "user1"], ["Bob", "user1"]])
        let texts = try #require(Self.payload(files, "search/chat_001/t0.js") as? [String: Any])
        #expect((texts["texts"] as? [String]) == ["Release notes are out", "no news", "release <b>party</b>"])
        // No "<" reaches a data file raw.
        #expect(!files.values.contains { $0.contains(UInt8(ascii: "<")) })
        let chats = try #require(Self.payload(files, "search/chats.js") as? [String: Any])
        #expect((chats["chats"] as? [[String: Any]])?.first?["count"] as? Int == 3)
    }

    /// A block is written as soon as it is full, long before the chat ends: memory holds
    /// one block at a time.
    @Test func fullBlocksAreWrittenAsTheyFill() throws {
        var written: [String] = []
        var writer = SearchIndexWriter(emit: { path, _ in written.append(path) })
        writer.beginChat(folder: "chat_001", name: "Big")
        for i in 0..<SearchIndexWriter.blockSize {
            writer.add(Self.record(Int64(i), "word\(i % 10)"), page: i / 1000)
        }
        #expect(written.contains("search/chat_001/m0.js"))
        #expect(written.contains("search/chat_001/t0.js"))
        #expect(!written.contains("search/chat_001/m1.js"))
        writer.add(Self.record(1_000_000, "last"), page: 9)
        writer.endChat(name: "Big")
        #expect(written.contains("search/chat_001/m1.js"))
        writer.finish()
        #expect(written.last == "search/chats.js")
    }
}
