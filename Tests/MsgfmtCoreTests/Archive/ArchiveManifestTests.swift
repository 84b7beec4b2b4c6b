import Foundation
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// The `--update` manifest: written and read back unchanged; anything else (not JSON,
/// other schema or version, missing fields, unsafe paths) refused with its reason; read
/// straight from its bytes as the tree reads it, or left to the tree.
@Suite struct ArchiveManifestTests {
    static let sample: ArchiveManifest = {
        var manifest = ArchiveManifest(
            version: "1.2.3", options: ContentHash(high: 1, low: 2), inputs: ContentHash(high: 3, low: 4),
            files: [
                .init(path: "chat_001/messages.html", hash: ContentHash(high: 5, low: 6), signature: "10.1700000000.5.42"),
                .init(path: "index.html", hash: ContentHash(high: 7, low: 8)),
            ])
        var chat = SiteChatRecord(key: ContentHash(high: 9, low: 10), folder: "chat_001")
        var page = SitePageRecord()
        page.inputs = 4
        page.end = 4_321
        page.digest = ContentHash(high: 11, low: 12)
        page.reusable = false
        for id: Int64 in [5, 6, 7, 20] { page.add(id: id) }
        page.days = [19_800, 19_801]
        page.lastDay = 19_801
        page.first = 1_710_000_000
        page.last = 1_710_090_000
        page.media.linked = 2
        page.media.missing = 1
        page.mediaPaths = ["photos/a.jpg", "файлы/b \"c\".png"]
        page.mediaDigest = ContentHash(high: 13, low: 14)
        page.quotes = [
            SiteQuote(id: 2, at: 0, page: nil, preview: ContentHash(high: 17, low: 18)), SiteQuote(id: 1, at: 3, page: 0, preview: nil),
        ]
        chat.pages = [page, SitePageRecord()]
        chat.pages[1].inputs = 1
        chat.pages[1].end = 5_000
        chat.pages[1].add(id: 21)
        chat.pages[1].warnings = [
            SitePageWarning(messageID: 21, entityIndex: nil, byte: 4_400, message: "media path refused: \"../x\"", source: nil),
            SitePageWarning(messageID: 21, entityIndex: 3, byte: nil, message: "entity 3 repaired", source: "other.json"),
        ]
        chat.tailInputs = 2
        chat.tailDigest = ContentHash(high: 15, low: 16)
        chat.blocks = ["éж世🙂"]
        manifest.chats = [chat, SiteChatRecord(key: ContentHash(high: 17, low: 18), folder: nil)]
        return manifest
    }()

    @Test func roundTrips() throws {
        #expect(try ArchiveManifest.parse(Self.sample.json(), version: "1.2.3") == Self.sample)
    }

    @Test func refusesWhatItCannotTrust() {
        func problem(_ text: String, version: String = "1.2.3") -> ArchiveManifest.Problem? {
            do {
                _ = try ArchiveManifest.parse(Array(text.utf8), version: version)
                return nil
            } catch {
                return error
            }
        }
        let good = String(decoding: Self.sample.json(), as: UTF8.self)
        #expect(problem(good) == nil)
        #expect(problem(good, version: "1.2.4") == .otherVersion("1.2.3"))
        #expect(problem(String(good.prefix(40))) == .damaged("not JSON"))
        #expect(problem("[1]") == .damaged("not a JSON object"))
        #expect(
            problem(good.replacingOccurrences(of: "\"schema\":\(ArchiveManifest.schema)", with: "\"schema\":1")) == .otherSchema(1))
        #expect(
            problem(good.replacingOccurrences(of: "\"pages\":[\n[4,", with: "\"pages\":[7,\n[4,"))
                == .damaged("a chat record is not as written"))
        #expect(problem(good.replacingOccurrences(of: "[[5,3],[20,1]]", with: "[[5,9]]")) == .damaged("a chat record is not as written"))
        // A span that does not end after the one before it.
        #expect(good.contains(",5000,[],[["))
        #expect(problem(good.replacingOccurrences(of: ",5000,[],", with: ",4321,[],")) == .damaged("a chat record is not as written"))
        // Warnings kept for a page that is not kept, or not as written.
        #expect(good.contains(",true,[[21,1]]"))
        #expect(
            problem(good.replacingOccurrences(of: ",true,[[21,1]]", with: ",false,[[21,1]]")) == .damaged("a chat record is not as written")
        )
        #expect(good.contains("[21,3,null,"))
        #expect(problem(good.replacingOccurrences(of: "[21,3,null,", with: "[21,-3,null,")) == .damaged("a chat record is not as written"))
        #expect(problem(good.replacingOccurrences(of: ",5000,[],[[", with: ",5000,[],[7,[")) == .damaged("a chat record is not as written"))
        // A quote from beyond its page, or of a page before the first.
        #expect(good.contains("[1,3,0,null]"))
        #expect(problem(good.replacingOccurrences(of: "[1,3,0,null]", with: "[1,4,0,null]")) == .damaged("a chat record is not as written"))
        #expect(
            problem(good.replacingOccurrences(of: "[1,3,0,null]", with: "[1,3,-2,null]")) == .damaged("a chat record is not as written"))
        #expect(problem(good.replacingOccurrences(of: "\"folder\":\"chat_001\"", with: "\"folder\":\"..\"")) == .unsafePath(".."))
        #expect(problem(good.replacingOccurrences(of: "\"inputs\"", with: "\"x\"")) == .damaged("options, inputs or files missing"))
        for path in ["../x", "/etc/passwd", "a/../../b", "a//b", "./a", "", "a\\b", "msgfmt-manifest.json", "a\u{1}b", "a/"] {
            let hostile = good.replacingOccurrences(
                of: "\"index.html\"",
                with: "\"\(path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\u{1}", with: "\\u0001"))\"")
            #expect(problem(hostile) == .unsafePath(path), "\(path.debugDescription)")
        }
    }

    @Test func safePaths() {
        #expect(ArchiveOutputFiles.isSafe("index.html"))
        #expect(ArchiveOutputFiles.isSafe("chat_001/messages2.html"))
        #expect(ArchiveOutputFiles.isSafe("пример/ü.html"))
        #expect(!ArchiveOutputFiles.isSafe(".."))
        #expect(!ArchiveOutputFiles.isSafe("a/.."))
    }

    /// What msgfmt writes is read without the tree (a long chat's too), and reads the same.
    @Test func whatMsgfmtWritesIsReadDirectly() throws {
        #expect(ArchiveManifest.directlyParsed(Self.sample.json(), version: "1.2.3") == Self.sample)
        var long = Self.sample
        let page = long.chats[0].pages[0]
        long.chats[0].pages = (0..<500).map { i in
            var copy = page
            copy.end = 1_000 * (i + 1)
            return copy
        }
        let bytes = long.json()
        #expect(ArchiveManifest.directlyParsed(bytes, version: "1.2.3") == long)
        #expect(try ArchiveManifest.treeParsed(bytes, version: "1.2.3") == long)
    }

    /// On damaged manifests (bytes changed, dropped or cut) the direct reader gives up or
    /// reads what the tree reads; it never accepts what the tree refuses.
    @Test func theDirectReaderNeverDisagreesWithTheTree() {
        let good = Self.sample.json()
        let replacements = Array("{}[],:\"0129-.etnuf \\x".utf8)
        var rng = SeededGenerator(seed: 41)
        var disagreements: [String] = []
        var direct = 0
        let text = String(decoding: good, as: UTF8.self)
        let chosen = [
            text + "]", text + "{}", "{\"msgfmt\":\"9.9.9\"," + text.dropFirst(),
            text.replacingOccurrences(of: "\"files\"", with: "\"fil\\u0065s\""),
            text.replacingOccurrences(of: "\"chat_001/messages.html\"", with: "\"../x.html\""),
            text.replacingOccurrences(of: "\"folder\":\"chat_001\"", with: "\"folder\":\"a/b\""),
        ].map { Array($0.utf8) }
        for round in 0..<(4_000 + chosen.count) {
            var bytes = round < chosen.count ? chosen[round] : good
            for _ in 0..<(round < chosen.count ? 0 : 1 + rng.below(3)) {
                let at = rng.below(bytes.count)
                switch rng.below(3) {
                case 0: bytes[at] = replacements[rng.below(replacements.count)]
                case 1: bytes.remove(at: at)
                default: bytes.insert(replacements[rng.below(replacements.count)], at: at)
                }
            }
            if round >= chosen.count, round % 50 == 0 { bytes = Array(bytes.prefix(rng.below(bytes.count))) }
            let tree = try? ArchiveManifest.treeParsed(bytes, version: "1.2.3")
            guard let read = ArchiveManifest.directlyParsed(bytes, version: "1.2.3") else { continue }
            direct += 1
            if read != tree { disagreements.append(String(decoding: bytes, as: UTF8.self)) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
        // Most damage the tree accepts (a changed digit, a blank) the direct reader reads too.
        #expect(direct > 100)
    }

    /// A manifest msgfmt wrote beside a site (`fixtures/manifest`) is read the same both
    /// ways, and straight from its bytes.
    @Test(arguments: [("site-12-pages.json", 12, 0), ("site-warnings.json", 3, 1)])
    func aWrittenSiteManifestIsReadTheSameBothWays(file: String, pages: Int, warnings: Int) throws {
        let bytes = Array(try Data(contentsOf: PackagePaths.fixture("manifest/\(file)")))
        let version = try #require(try JSONParser.parse(bytes)["msgfmt"]?.stringValue)
        let direct = try #require(ArchiveManifest.directlyParsed(bytes, version: version))
        #expect(try ArchiveManifest.treeParsed(bytes, version: version) == direct)
        #expect(direct.chats.first?.pages.count == pages)
        #expect(direct.chats.first?.pages.reduce(0) { $0 + $1.warnings.count } == warnings)
        #expect(ArchiveManifest.directReadingAgrees(bytes))
    }
}
