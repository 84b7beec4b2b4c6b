import Foundation
import OutputSafety
import TestSupport
import Testing

/// Black-box runs of the binary on hostile input: the corpus under `fixtures/hostile/`
/// (terminal escape injection, HTML/XSS vectors, huge numbers, invalid UTF-8) plus inputs
/// generated here (deep nesting, 100 000 entities, a width of 10⁹, invalid UTF-8 at every
/// position, truncated exports). Every run must finish in bounded time and memory without
/// a crash or backtrace, with no foreign escape sequence in terminal output, no script,
/// event handler or unsafe link in HTML output, and located diagnostics.
@Suite struct HostileInputTests {
    static let hostile = PackagePaths.fixture("hostile")

    /// The corpus files; the name's prefix names the `--from` format.
    static var corpus: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: hostile.path)) ?? []).filter { !$0.hasSuffix(".md") }.sorted()
    }

    static func format(of name: String) -> String {
        let prefix = name.prefix { $0 != "-" }
        return ["botapi": "bot-api", "mdv2": "markdown-v2", "md": "markdown", "html": "html", "text": "text", "export": "tdesktop"][
            String(prefix)] ?? "auto"
    }

    /// Writes `bytes` to a temporary file.
    static func temporaryFile(_ bytes: [UInt8], name: String = "input") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-hostile-\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        return url
    }

    /// Runs `arguments` and checks everything a hostile input must not cause.
    @discardableResult
    static func check(_ arguments: [String], stdin: URL? = nil, output: String, label: String, limit: Double = 10) throws -> GuardedRun {
        let run = try GuardedRun.run(arguments, stdin: stdin)
        let crash = run.crashProblems(limit: limit)
        #expect(crash.isEmpty, "\(label): \(crash) \(run.stderr.prefix(400))")
        #expect(run.status != 3, "\(label): output failed")
        #expect(run.diagnosticsAreLocated, "\(label): unlocated diagnostic in \(run.stderr.prefix(400))")
        if run.status == 1 {
            #expect(run.stderr.contains("msgfmt: error:"), "\(label): status 1 without an error line")
        }
        switch output {
        case "ansi":
            let problems = TerminalOutputScan.violations(run.stdout)
            #expect(problems.isEmpty, "\(label): \(problems)")
        case "text":
            // Plain text has no escape sequence at all.
            let problems = TerminalOutputScan.violations(run.stdout) + (run.stdout.contains(0x1B) ? ["an escape"] : [])
            #expect(problems.isEmpty, "\(label): \(problems)")
        case "html", "html-standalone":
            let problems = HTMLOutputScan.violations(run.stdout, allowedScripts: output == "html" ? 0 : 1)
            #expect(problems.isEmpty, "\(label): \(problems)")
        default:
            break
        }
        return run
    }

    @Test(arguments: corpus)
    func corpusFile(_ name: String) throws {
        let path = Self.hostile.appendingPathComponent(name).path
        let from = Self.format(of: name)
        if from == "tdesktop" {
            try exportFile(path)
            return
        }
        for from in [from, "auto"] {
            try Self.check(
                [
                    "--from", from, "--to", "ansi", "--color", "always", "--hyperlinks", "always", "--width", "40", "--spoilers", "reveal",
                    path,
                ], output: "ansi", label: "\(name) ansi")
            try Self.check(["--from", from, "--to", "html", "--standalone", path], output: "html-standalone", label: "\(name) html page")
            try Self.check(["--from", from, "--to", "html", "--max-lines", "2", path], output: "html", label: "\(name) html")
            for to in ["json", "text", "bot-api", "markdown-v2", "telegram-html"] {
                try Self.check(["--from", from, "--to", to, path], output: to, label: "\(name) \(to)")
            }
        }
        try Self.check(["inspect", path], output: "json", label: "\(name) inspect")
    }

    /// `msgfmt export` of a hostile export: every page is safe HTML, and nothing is
    /// written outside the output directory (media paths like `../../etc/passwd`).
    func exportFile(_ path: String) throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-hostile-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("site")
        try Self.check(["export", path, "--to", "html", "-o", directory.path], output: "none", label: "export html")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["site"])
        let pages =
            FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") } ?? []
        #expect(!pages.isEmpty)
        for page in pages {
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(page)))
            // The spoiler script, and the tags loading the site's own search script files.
            let text = String(decoding: bytes, as: UTF8.self)
            let own = ["search.js", "../search.js", "search/chats.js", "search/fold.js"].reduce(0) {
                $0 + text.components(separatedBy: "<script src=\"\($1)\" defer></script>").count - 1
            }
            let problems = HTMLOutputScan.violations(bytes, allowedScripts: 1 + own)
            #expect(problems.isEmpty, "export page \(page): \(problems)")
        }
        try Self.check(
            ["export", path, "--to", "ansi", "--color", "always", "--hyperlinks", "always", "-o", "-"], output: "ansi", label: "export ansi"
        )
        for to in ["text", "markdown"] {
            try Self.check(["export", path, "--to", to, "-o", "-"], output: "text", label: "export \(to)")
        }
        try Self.check(
            ["--from", "tdesktop", "--to", "ansi", "--color", "always", "--hyperlinks", "always", path], output: "ansi",
            label: "render tdesktop ansi")
        try Self.check(
            ["--from", "tdesktop", "--to", "html", "--standalone", path], output: "html-standalone", label: "render tdesktop html")
    }

    @Test func deepNesting() throws {
        let depth = 100_000
        let json = try Self.temporaryFile(
            Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8))
        let run = try Self.check(["--from", "bot-api", json.path], output: "text", label: "JSON nesting")
        #expect(run.status == 1)
        let object = try Self.temporaryFile(
            Array(
                ("{\"text\":\"x\",\"a\":" + String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth + 1))
                    .utf8))
        try Self.check(["--from", "bot-api", object.path], output: "text", label: "JSON object nesting")
        let markdown = try Self.temporaryFile(
            Array((String(repeating: "*_~||", count: 5_000) + "x" + String(repeating: "||~_*", count: 5_000)).utf8))
        try Self.check(
            ["--from", "markdown-v2", "--to", "ansi", "--color", "always", markdown.path], output: "ansi", label: "MarkdownV2 nesting")
        let html = try Self.temporaryFile(Array((String(repeating: "<b><i><u><s><tg-spoiler><blockquote>", count: 3_000) + "x").utf8))
        try Self.check(["--from", "html", "--to", "html", html.path], output: "html", label: "HTML nesting")
        let quotes = try Self.temporaryFile(Array(String(repeating: ">", count: 50_000).utf8) + Array("x".utf8))
        try Self.check(["--from", "markdown-v2", quotes.path], output: "text", label: "quote markers")
    }

    @Test func hundredThousandEntities() throws {
        let count = 100_000
        var entities: [String] = []
        entities.reserveCapacity(count)
        let kinds = ["bold", "italic", "underline", "spoiler", "code", "text_link", "blockquote"]
        for i in 0..<count {
            let kind = kinds[i % kinds.count]
            let url = kind == "text_link" ? ",\"url\":\"https://e.example/\(i)\"" : ""
            entities.append("{\"type\":\"\(kind)\",\"offset\":\(i % 1000),\"length\":\(1 + (i * 7919) % 2000)\(url)}")
        }
        let text = String(repeating: "word ", count: 400)
        let file = try Self.temporaryFile(Array("{\"text\":\"\(text)\",\"entities\":[\(entities.joined(separator: ","))]}".utf8))
        try Self.check(
            ["--from", "bot-api", "--to", "ansi", "--color", "always", "--hyperlinks", "always", file.path], output: "ansi",
            label: "100 000 entities", limit: 20)
        try Self.check(["--from", "bot-api", "--to", "html", file.path], output: "html", label: "100 000 entities html", limit: 20)
    }

    @Test func hugeWidthAndNumbers() throws {
        let file = try Self.temporaryFile(Array("*hello* world with\ta few words and a [link](https://e.example)".utf8))
        for align in ["left", "right", "center", "justify"] {
            let run = try Self.check(
                ["--from", "markdown-v2", "--width", "1000000000", "--align", align, "--to", "ansi", "--color", "always", file.path],
                output: "ansi", label: "width 1e9 \(align)")
            #expect(run.stdout.count < 1 << 20, "width 1e9 \(align): \(run.stdout.count) bytes")
        }
        for option in [
            ["--width", "99999999999999999999"], ["--max-lines", "99999999999999999999"], ["--tab-width", "-1e30"], ["--width", "1e30"],
        ] {
            let run = try Self.check(option + [file.path], output: "none", label: option.joined(separator: " "))
            #expect(run.status == 2, "\(option): \(run.status)")
        }
        try Self.check(["--tab-width", "1000000000", "--max-lines", "1000000000", file.path], output: "text", label: "huge limits")
    }

    @Test func invalidUTF8AtEveryPosition() throws {
        let markdown = Array("*b* _i_ [l](https://e.example) 字e\u{301}👍🏽 ||s|| `c`".utf8)
        let json = Array("{\"text\":\"字e\u{301}👍 ab\",\"entities\":[{\"type\":\"bold\",\"offset\":0,\"length\":3}]}".utf8)
        for (from, base) in [
            ("markdown-v2", markdown), ("bot-api", json), ("html", Array("<b>字</b> <a href=\"https://e.example\">l</a>".utf8)),
        ] {
            for position in 0...base.count {
                var bytes = base
                bytes.insert(position % 2 == 0 ? 0xFF : 0xC3, at: position)
                let file = try Self.temporaryFile(bytes)
                defer { try? FileManager.default.removeItem(at: file) }
                let run = try Self.check(
                    ["--from", from, "--to", "ansi", "--color", "always", "--hyperlinks", "always", file.path], output: "ansi",
                    label: "\(from) 0x\(String(bytes[position], radix: 16)) at \(position)")
                // Reported either as invalid UTF-8 or as the syntax error the byte causes.
                #expect(
                    run.stderr.contains("msgfmt: warning:") || run.stderr.contains("msgfmt: error:"),
                    "\(from) at \(position): no diagnostic")
            }
        }
    }

    /// A generated export cut short at several points: the messages before the cut are
    /// still rendered, and the cut is reported with where it is.
    @Test func truncatedExports() throws {
        var messages: [String] = []
        for i in 1...3_000 {
            messages.append(
                "{\"id\":\(i),\"type\":\"message\",\"date\":\"2024-01-01T00:00:00\",\"date_unixtime\":\"\(1_704_067_200 + i)\",\"from\":\"A\",\"from_id\":\"user1\",\"text\":[\"message \(i) \",{\"type\":\"bold\",\"text\":\"bold\"}]}"
            )
        }
        let whole = Array(
            "{\"name\":\"Big\",\"type\":\"personal_chat\",\"id\":7,\"messages\":[\n\(messages.joined(separator: ",\n"))\n]}\n".utf8)
        for fraction in [1, 5, 50, 99] {
            let cut = whole.count * fraction / 100
            let file = try Self.temporaryFile(Array(whole[..<cut]), name: "result.json")
            defer { try? FileManager.default.removeItem(at: file) }
            let export = try Self.check(
                ["export", file.path, "--to", "text", "-o", "-", "--stats"], output: "text", label: "export cut at \(fraction)%")
            #expect(export.status == 1, "export cut at \(fraction)%")
            #expect(export.stderr.contains("msgfmt: error:"), "export cut at \(fraction)%: \(export.stderr.prefix(300))")
            let render = try Self.check(["--from", "tdesktop", "--stats", file.path], output: "text", label: "render cut at \(fraction)%")
            #expect(render.status == 1)
            if fraction >= 50 {
                let rendered = String(decoding: render.stdout, as: UTF8.self).components(separatedBy: "message ").count - 1
                #expect(rendered > 3_000 * (fraction - 2) / 100, "render cut at \(fraction)%: only \(rendered) messages")
            }
        }
    }
}
