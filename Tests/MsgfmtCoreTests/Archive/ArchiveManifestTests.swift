import Testing

@testable import MsgfmtCore

/// The `--update` manifest: written and read back unchanged; anything else (not JSON,
/// other schema or version, missing fields, unsafe paths) refused with its reason.
@Suite struct ArchiveManifestTests {
    static let sample = ArchiveManifest(
        version: "1.2.3", options: ContentHash(high: 1, low: 2), inputs: ContentHash(high: 3, low: 4),
        files: [
            .init(path: "chat_001/messages.html", hash: ContentHash(high: 5, low: 6)),
            .init(path: "index.html", hash: ContentHash(high: 7, low: 8)),
        ])

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
        #expect(problem(good.replacingOccurrences(of: "\"schema\":1", with: "\"schema\":2")) == .otherSchema(2))
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
}
