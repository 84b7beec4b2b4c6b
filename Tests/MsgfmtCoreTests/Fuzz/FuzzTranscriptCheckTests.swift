import Foundation
import TestSupport
import Testing

@testable import FuzzSupport
@testable import MsgfmtCore
@testable import OutputSafety

/// `FuzzTranscript`'s check: every export fixture passes it at every width it picks, the
/// transcripts it compares are real ones (JSON Lines too), and each of its tests fails on
/// output that breaks it.
@Suite struct FuzzTranscriptCheckTests {
    static func fixtures() throws -> [(String, [UInt8])] {
        let root = PackagePaths.fixture("export")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        return try names.compactMap { name in
            let file = root.appendingPathComponent(name).appendingPathComponent("result.json")
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            return (name, try [UInt8](Data(contentsOf: file)))
        }
    }

    @Test func fixturesPassAtEveryWidth() throws {
        let fixtures = try Self.fixtures()
        #expect(fixtures.count >= 5)
        for (name, file) in fixtures {
            // Spaces after the export change its length, which picks the width and which
            // style is also written on two threads.
            for padding in stride(from: 0, to: 53, by: 7) {
                let bytes = file + [UInt8](repeating: 0x20, count: padding)
                let problems = FuzzTarget.transcript.check(bytes)
                #expect(problems.isEmpty, "\(name) + \(padding): \(problems)")
            }
        }
    }

    /// The transcripts compared hold the messages, with colors and links in ANSI only.
    @Test func transcriptsAreRealOnes() throws {
        let (_, file) = try #require(try Self.fixtures().first { $0.0 == "kinds" })
        for style in [TranscriptStyle.list, .bubbles] {
            let ansi = FuzzTarget.transcript(file, style: style, format: .ansi, width: 40, jobs: 1)
            let text = FuzzTarget.transcript(file, style: style, format: .text, width: 40, jobs: 1)
            #expect(String(decoding: text, as: UTF8.self).contains("https://example.com"))
            #expect(ansi.count > text.count)
            #expect(String(decoding: ansi, as: UTF8.self).contains("\u{1B}]8;id=msgfmt"))
            #expect(TerminalOutputScan.withoutOwnSequences(ansi) == text)
        }
        let json = FuzzTarget.transcript(file, style: .list, format: .json, width: 40, jobs: 1).split(separator: 0x0A)
        #expect(json.count > 20)
        #expect(json.allSatisfy { (try? JSONParser.parse($0))?.objectValue != nil })
        let markdown = String(decoding: FuzzTarget.transcript(file, style: .list, format: .markdown, width: 40, jobs: 1), as: UTF8.self)
        #expect(markdown.hasPrefix("# Kinds"))
        #expect(markdown.contains("[https://example.com](https://example.com)"))
    }

    /// The hostile export's Markdown (a link with an escape sequence, a bell and a line
    /// break in its URL, a code block's language with the same) holds nothing the check
    /// reports: what it reported before `MarkdownText` spelled links through `LinkPolicy`.
    @Test func theHostileExportsMarkdownPasses() throws {
        let file = try [UInt8](Data(contentsOf: PackagePaths.fixture("hostile/export-hostile.json")))
        let markdown = FuzzTarget.transcript(file, style: .list, format: .markdown, width: 40, jobs: 1)
        #expect(String(decoding: markdown, as: UTF8.self).contains("[docs](https://a.example/%1B]0;t%07%0D%0A#%20heading)"))
        #expect(FuzzTarget.transcript.check(file).isEmpty)
    }

    @Test func brokenOutputFails() {
        #expect(FuzzTarget.overwideLines(Array("ab\n日本語\n".utf8), width: 6).isEmpty)
        #expect(FuzzTarget.overwideLines(Array("ab\n日本語x\n".utf8), width: 6) == [#"line 2 is 7 cells wide, over 6: "日本語x""#])
        let sgr = Array("\u{1B}[1mbold\u{1B}[0m \u{1B}]8;id=x;https://a.b\u{1B}\\link\u{1B}]8;;\u{1B}\\".utf8)
        #expect(TerminalOutputScan.withoutOwnSequences(sgr) == Array("bold link".utf8))
        // A foreign sequence is kept, so the comparison with the text output fails on it.
        let foreign = Array("a\u{1B}[2Jb".utf8)
        #expect(TerminalOutputScan.withoutOwnSequences(foreign) == foreign)
    }
}
