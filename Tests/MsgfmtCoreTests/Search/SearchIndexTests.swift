import Foundation
import Synchronization
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// The HTML site's search index: terms, the number code, blocks and their files, the folding table.
@Suite struct SearchIndexTests {
    static func terms(_ text: String) -> [String] {
        SearchTerms.terms(in: FoldedText(text)).arrays.map { String(decoding: $0, as: UTF16.self) }
    }

    @Test(arguments: [
        ("Hello, Wörld! re-release", ["hello", "world", "re", "release"]),
        ("Café CAFÉ cafe", ["cafe", "cafe cafe"]),
        ("Straße #swift @bob_dev 10:30", ["strasse", "swift", "bob", "dev", "10", "dev 10", "30"]),
        ("天气很好", ["天气", "气很", "很好", "好"]),
        ("我 ok 我们", ["我", "ok", "我们", "们"]),
        ("abc中文def", ["abc", "中文", "文", "def"]),
        ("مرحبا بالعالم שָׁלוֹם", ["مرحبا", "بالعالم", "مرحبا بالعالم", "שלום", "بالعالم שלום"]),
        ("👍 ❤️ -- ...", []),
        // Pairs: two words with one space (of any kind and length) between them, nothing else.
        ("release  notes\tare\nout", ["release", "notes", "release notes", "are", "notes are", "out", "are out"]),
        ("release, notes. ok 😀 go", ["release", "notes", "ok", "go"]),
        ("a b c", ["a", "b", "a b", "c", "b c"]),
    ])
    func termsAreFoldedWordsPairsAndBigrams(_ text: String, _ expected: [String]) {
        #expect(Self.terms(text) == expected)
    }

    @Test func longWordsAreCutWithoutSplittingAPair() {
        let long = String(repeating: "a", count: 40)
        let cut24 = String(repeating: "a", count: SearchTerms.maximumLength)
        #expect(Self.terms(long) == [cut24])
        // In a pair of words, each word is cut.
        #expect(Self.terms(long + " " + long + "b") == [cut24, cut24 + " " + cut24])
        // 23 units, then a letter outside the BMP (𝐀 folds to "a"; 𐐀 Deseret folds to 𐐨).
        let pair = String(repeating: "b", count: SearchTerms.maximumLength - 1) + "𐐀𐐀"
        let cut = SearchTerms.terms(in: FoldedText(pair)).arrays[0]
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

    /// The digits are computed, not looked up: each is the alphabet's, and a number's
    /// digits are its base-32 digits from the most significant, with no leading zero.
    @Test func numberCodeDigitsAreTheAlphabets() {
        #expect((0..<32).map(SearchCode.lastDigit) == SearchCode.last)
        #expect((0..<32).map(SearchCode.moreDigit) == SearchCode.more)
        for shift in 0..<64 {
            for value in [UInt64(1) << shift, (UInt64(1) << shift) - 1, (UInt64(1) << shift) + 1] {
                var digits: [Int] = []
                var v = value
                repeat {
                    digits.insert(Int(v & 31), at: 0)
                    v >>= 5
                } while v > 0
                let expected = digits.dropLast().map { SearchCode.more[$0] } + [SearchCode.last[digits.last!]]
                var bytes: [UInt8] = []
                SearchCode.append(value, to: &bytes)
                #expect(bytes == expected, "\(value)")
            }
        }
    }

    /// Under `--spoilers hide` a spoiler is neither a term nor in the snippet's text, which
    /// keeps its length and white space (shaded, `SpoilerMask`); revealed, it is both. A
    /// record made from the layout cache's terms shades the same text.
    @Test func hiddenSpoilersAreNeitherSearchedNorShown() {
        let text = "The killer is the butler 🙂 indeed"
        let spoiler = MessageEntity(kind: .spoiler, offset: 14, length: 13)
        let message = ExportMessage(
            id: 1, date: 1_704_067_200, from: "Alice", fromID: "user1", body: Message(text: text, entities: [spoiler]))
        func terms(_ record: SearchRecord) -> Set<String> {
            var all: Set<String> = []
            record.terms.forEachTerm { units, _ in all.insert(String(decoding: units, as: UTF16.self)) }
            return all
        }
        let clock = ExportClock(timeZone: "UTC")!
        let hidden = SearchRecord(message, clock: clock, hidingSpoilers: true)
        #expect(String(decoding: hidden.quotedText, as: UTF8.self) == "\"The killer is ░░░ ░░░░░░ ░░ indeed\"")
        #expect(terms(hidden).contains("killer") && !terms(hidden).contains("butler") && !terms(hidden).contains("the butler"))
        let cached = SearchRecord(message, clock: clock, terms: hidden.terms, scalars: hidden.scalars, hidingSpoilers: true)
        #expect(cached.quotedText == hidden.quotedText)
        // Shaded or not, a control is its placeholder (the shaded text is written from its
        // units, the other from its string).
        let spoof = ExportMessage(
            id: 2, date: 1_704_067_200, from: "Alice", fromID: "user1",
            body: Message(text: "a \u{202E}fdp.exe\nsecret", entities: [MessageEntity(kind: .spoiler, offset: 11, length: 6)]))
        let spoofed = SearchRecord(spoof, clock: clock, hidingSpoilers: true)
        #expect(String(decoding: spoofed.quotedText, as: UTF8.self) == "\"a \u{FFFD}fdp.exe\\n░░░░░░\"")
        let shown = SearchRecord(message, clock: clock, hidingSpoilers: false)
        #expect(String(decoding: shown.quotedText, as: UTF8.self) == "\"\(text)\"")
        #expect(terms(shown).contains("butler"))
    }

    /// A snippet draws its text as it is: a bidi override (which would show `fdp.exe` as
    /// `exe.pdf`) and other controls are their placeholders, as on the pages, in the text
    /// and the sender's name; line feeds and tabs stay, and the words are still found.
    @Test func snippetsShowControlsAsPlaceholders() {
        let message = ExportMessage(
            id: 1, date: 1_704_067_200, from: "Mal\u{1B}lory", fromID: "user1",
            body: Message(text: "invoice \u{202E}fdp.exe\nplease\topen"))
        let record = SearchRecord(message, clock: ExportClock(timeZone: "UTC")!, hidingSpoilers: true)
        #expect(String(decoding: record.quotedText, as: UTF8.self) == "\"invoice \u{FFFD}fdp.exe\\nplease\\topen\"")
        #expect(record.sender == "Mal\u{241B}lory")
        var terms: Set<String> = []
        record.terms.forEachTerm { units, _ in terms.insert(String(decoding: units, as: UTF16.self)) }
        #expect(terms.contains("invoice") && terms.contains("please"))
    }

    static func record(_ id: Int64, _ text: String, from: String = "Alice") -> SearchRecord {
        let message = ExportMessage(
            id: id, date: 1_704_067_200 + id % 1_000_000 * 60, from: from, fromID: "user1", body: Message(text: text))
        return SearchRecord(message, clock: ExportClock(timeZone: "UTC")!, hidingSpoilers: true)
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
            // "TERM POSTINGS": a pair of words has a space itself; the postings have none.
            guard let space = entry.lastIndex(of: " "), entry[..<space] == term else { continue }
            var previous = -1
            return SearchCode.decode(Array(entry[entry.index(after: space)...].utf8)).map { delta in
                previous += Int(delta) + 1
                return previous
            }
        }
        return nil
    }

    /// A block of more than `smallBlock` messages spreads its terms over the bucket files
    /// by their first two units (a term's prefixes of two units share its file); one of at
    /// most `smallBlock` keeps them in one file of each kind. Both list every term's
    /// messages.
    @Test func termFilesFollowTheBlockSize() throws {
        #expect(SearchBlock.bucket(of: Array("release".utf16)) == SearchBlock.bucket(of: Array("re".utf16)))
        for count in [SearchIndexWriter.smallBlock, SearchIndexWriter.smallBlock + 1] {
            var files: [String: [UInt8]] = [:]
            var writer = SearchIndexWriter(emit: { files[$0] = $1 })
            writer.beginChat(folder: "chat_001", name: "Crew")
            let words = ["release", "notes", "zebra", "apple", "mango", "quartz", "yak", "honey"]
            for i in 0..<count {
                writer.add(Self.record(Int64(i + 1), "\(words[i % words.count]) \(words[(i / words.count) % words.count])"), page: 0)
            }
            writer.endChat(name: "Crew")
            writer.finish()
            let termFiles = files.keys.filter { $0.hasPrefix("search/chat_001/i") }
            let pairFiles = files.keys.filter { $0.hasPrefix("search/chat_001/p") }
            if count <= SearchIndexWriter.smallBlock {
                #expect(termFiles == ["search/chat_001/i0_0.js"] && pairFiles == ["search/chat_001/p0_0.js"])
            } else {
                #expect(termFiles.count > 4 && pairFiles.count > 4, "\(termFiles.count) term files, \(pairFiles.count) pair files")
            }
            for word in words {
                let k = count <= SearchIndexWriter.smallBlock ? 0 : SearchBlock.bucket(of: Array(word.utf16))
                let terms = try #require(Self.payload(files, "search/chat_001/i0_\(k).js") as? String)
                let expected = (0..<count).filter {
                    words[$0 % words.count] == word || words[($0 / words.count) % words.count] == word
                }
                #expect(Self.postings(terms, word) == expected, "\(count) messages: \(word)")
            }
        }
    }

    @Test func blockFilesHoldTermsColumnsAndChunks() throws {
        var files: [String: [UInt8]] = [:]
        var writer = SearchIndexWriter(emit: { files[$0] = $1 })
        writer.beginChat(folder: "chat_001", name: "Crew")
        writer.add(Self.record(10, "Release notes are out"), page: 0)
        writer.add(Self.record(11, "no news", from: "Bob"), page: 0)
        writer.add(Self.record(15, "release <b>party</b>"), page: 1)
        writer.endChat(name: "Crew")
        writer.finish()
        // A block of few messages has one term file of each kind.
        #expect(
            files.keys.filter { $0.hasPrefix("search/chat_001/i") || $0.hasPrefix("search/chat_001/p") }.sorted() == [
                "search/chat_001/i0_0.js", "search/chat_001/p0_0.js",
            ])
        let terms = try #require(Self.payload(files, "search/chat_001/i0_0.js") as? String)
        #expect(Self.postings(terms, "release") == [0, 2])
        // Pairs of words are in files of their own, which word queries do not load.
        #expect(Self.postings(terms, "release notes") == nil)
        let pairs = try #require(Self.payload(files, "search/chat_001/p0_0.js") as? String)
        #expect(Self.postings(pairs, "release notes") == [0])
        #expect(Self.postings(pairs, "release") == nil)
        let senders = try #require(Self.payload(files, "search/chat_001/w0.js") as? [String: Any])
        #expect((senders["senders"] as? [[String]]) == [["Alice", "user1"], ["Bob", "user1"]])
        #expect(SearchCode.decode(Array((senders["who"] as? String ?? "").utf8)) == [0, 1, 0])
        let times = try #require(Self.payload(files, "search/chat_001/d0.js") as? String)
        #expect(SearchCode.decode(Array(times.utf8)).count == 3)
        let chunk = try #require(Self.payload(files, "search/chat_001/c0.js") as? [String: Any])
        #expect(chunk["ids"] as? String == "10 11 15")
        #expect((chunk["texts"] as? [String]) == ["Release notes are out", "no news", "release <b>party</b>"])
        #expect((chunk["senders"] as? [String]) == ["Alice", "Bob"])
        // No "<" reaches a data file raw.
        #expect(!files.values.contains { $0.contains(UInt8(ascii: "<")) })
        let chats = try #require(Self.payload(files, "search/chats.js") as? [String: Any])
        #expect((chats["chats"] as? [[String: Any]])?.first?["count"] as? Int == 3)
    }

    /// Ids beyond 2^53 (which a JavaScript number cannot hold) are written exactly.
    @Test func largeIdsStayExact() throws {
        var files: [String: [UInt8]] = [:]
        var writer = SearchIndexWriter(emit: { files[$0] = $1 })
        writer.beginChat(folder: "chat_001", name: "Crew")
        writer.add(Self.record(9_007_199_254_740_993, "big"), page: 0)
        writer.add(Self.record(Int64.max, "bigger"), page: 0)
        writer.endChat(name: "Crew")
        writer.finish()
        let chunk = try #require(Self.payload(files, "search/chat_001/c0.js") as? [String: Any])
        #expect(chunk["ids"] as? String == "9007199254740993 9223372036854775807")
    }

    /// Chunks hold `chunkSize` messages each, numbered through the chat.
    @Test func chunksSplitTheMessages() throws {
        var files: [String: [UInt8]] = [:]
        var writer = SearchIndexWriter(emit: { files[$0] = $1 })
        writer.beginChat(folder: "chat_001", name: "Crew")
        for i in 0..<(SearchIndexWriter.chunkSize + 1) { writer.add(Self.record(Int64(i + 1), "m\(i)"), page: 0) }
        writer.endChat(name: "Crew")
        writer.finish()
        let second = try #require(Self.payload(files, "search/chat_001/c1.js") as? [String: Any])
        #expect(second["ids"] as? String == String(SearchIndexWriter.chunkSize + 1))
        let first = try #require(Self.payload(files, "search/chat_001/c0.js") as? [String: Any])
        #expect((first["texts"] as? [String])?.count == SearchIndexWriter.chunkSize)
    }

    /// The folding table maps each character of the texts to what ICU makes of it, and
    /// sorts the characters of the foldings into word characters and others.
    @Test func foldTableHoldsTheTextsCharacters() throws {
        var files: [String: [UInt8]] = [:]
        var writer = SearchIndexWriter(emit: { files[$0] = $1 })
        writer.beginChat(folder: "chat_001", name: "Crew")
        writer.add(Self.record(1, "Straße İstanbul ΣΟΦΟΣ 天气 a¨b"), page: 0)
        writer.endChat(name: "Crew")
        writer.finish()
        let table = try #require(Self.payload(files, "search/fold.js") as? [String: Any])
        let map = try #require(table["map"] as? [String: String])
        #expect(map["ß"] == "ss" && map["İ"] == "i" && map["Σ"] == "σ" && map["Φ"] == "φ" && map["¨"] == " ")
        #expect((table["same"] as? String) == "οσφ天气", "the texts' characters that fold to themselves, and the lower cases of Σ, Ο, Φ")
        #expect((table["word"] as? String)?.contains("σ") == true)
        #expect(!files.values.contains { $0.contains(UInt8(ascii: "<")) })
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
        #expect(written.contains("search/chat_001/d0.js"))
        #expect(written.contains("search/chat_001/c0.js"))
        #expect(!written.contains("search/chat_001/d1.js"))
        writer.add(Self.record(1_000_000, "last"), page: 9)
        writer.endChat(name: "Big")
        #expect(written.contains("search/chat_001/d1.js"))
        writer.finish()
        #expect(written.last == "search/chats.js")
    }

    /// Blocks written on a thread of their own while the next fills (`export --jobs` above
    /// 1) give the same files as blocks written in place: two chats, the first of three
    /// blocks, the second of one message (written in place either way, while the first's
    /// last block may still be written), emitted through a collector that locks.
    @Test func blocksWrittenInTheBackgroundAreTheSame() {
        final class Collector: @unchecked Sendable {
            let files = Mutex<[String: [UInt8]]>([:])
            func emit(_ path: String, _ bytes: [UInt8]) {
                files.withLock { files in
                    #expect(files[path] == nil, "\(path) written twice")
                    files[path] = bytes
                }
            }
        }
        func site(background: Bool) -> [String: [UInt8]] {
            let collector = Collector()
            var writer = SearchIndexWriter(flushesInBackground: background, emit: collector.emit)
            writer.beginChat(folder: "chat_001", name: "Big")
            for i in 0..<(2 * SearchIndexWriter.blockSize + 100) {
                writer.add(Self.record(Int64(i), "word\(i % 97) and \(i % 13) 天气\(i % 7)"), page: i / 1000)
            }
            writer.endChat(name: "Big")
            writer.beginChat(folder: "chat_002", name: "Small")
            writer.add(Self.record(1, "just one"), page: 0)
            writer.endChat(name: "Small")
            writer.finish()
            return collector.files.withLock { $0 }
        }
        let inPlace = site(background: false)
        let background = site(background: true)
        #expect(inPlace["search/chat_001/d2.js"] != nil && inPlace["search/chat_002/d0.js"] != nil)
        #expect(background.keys.sorted() == inPlace.keys.sorted())
        #expect(background == inPlace)
    }
}
