import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import msgfmt

/// The quick command-line reader gives exactly the settings ArgumentParser gives, and
/// leaves to ArgumentParser every line it is not sure of.
@Suite struct QuickArgumentsTests {
    /// ArgumentParser's reading of `arguments`, or nil when it rejects them or picks
    /// another command.
    static func parsed(_ arguments: [String]) -> RenderSettings? {
        (try? Msgfmt.parseAsRoot(arguments) as? RenderCommand)?.settings
    }

    /// Option names with values ArgumentParser accepts, and some it rejects.
    static let options: [(String, [String])] = [
        ("from", ["auto", "bot-api", "text", "markdown-v2", "html", "markdown", "tdesktop", "json", "HTML"]),
        ("entities", ["[]", "@ents.json", "[{\"type\":\"bold\",\"offset\":0,\"length\":1}]", "x=y"]),
        ("to", ["ansi", "text", "html", "json", "bot-api", "markdown-v2", "telegram-html", "svg", "png", "pdf"]),
        ("width", ["1", "40", "+7", "0", "-3", "x", "99999999999999999999", "320px", "0px", "5000px", "px"]),
        ("max-lines", ["0", "2", "-1", "two"]),
        ("truncate", ["end", "middle", "start", "both"]),
        ("ellipsis", ["…", "...", "=", "~", "wide 中文 ellipsis", "-"]),
        ("overflow", ["fold", "crop", "ellipsis", "visible", "wrap"]),
        ("wrap", ["greedy", "balanced", "none"]),
        ("align", ["left", "right", "center", "justify", "natural", "top"]),
        ("tab-width", ["1", "8", "0"]),
        ("width-model", ["modern", "legacy", "old"]),
        ("color", ["auto", "always", "never", "yes"]),
        ("hyperlinks", ["auto", "always", "never", "1"]),
        ("spoilers", ["hide", "reveal", "show"]),
        ("theme", ["dark", "light", "auto"]),
        ("filter", ["from:alice", "has:link -is:service", "\"a phrase\" | id:1..5", "from:", "-has:photo"]),
        ("jobs", ["1", "2", "16", "0", "+3", "x"]),
        ("measure", ["cells", "font", "points"]),
        ("font", ["DejaVu Sans", "/usr/share/fonts/x.ttf", "Noto Sans"]),
        ("font-size", ["16", "12.5", "0", "x"]),
        ("line-height", ["1.3125", "2", "9"]),
        ("scale", ["1", "2.5", "4", "5"]),
        ("output", ["out", "pictures/x.png"]),
        ("time-zone", ["UTC", "+03:00", "Asia/Tokyo", "EST5EDT,M3.2.0,M11.1.0", "Mars/Base", "+25:00"]),
        ("nonsense", ["1"]),
    ]
    static let flags = ["detect", "strict", "stats", "expand-quotes", "standalone", "stack", "help", "version", "verbose"]
    static let files = ["a.jsonl", "-", "dir/b.txt", "render", "export", "inspect", "-x", "--", "help", "ünï cødé.json"]

    /// A random command line over the vocabulary above.
    static func line(_ random: inout SeededGenerator) -> [String] {
        var line: [String] = []
        if random.below(4) == 0 { line.append(["render", "inspect", "export"][random.below(3)]) }
        QuickReaderCheck.appendRandom(to: &line, &random, items: 7, options: options, flags: flags, files: files)
        return line
    }

    @Test func agreesWithArgumentParserOnRandomLines() {
        let quick = QuickReaderCheck.agreement(
            seed: 2026_11_21, count: 600, line: Self.line, quick: QuickArguments.render, references: [Self.parsed])
        // Most lines have a mistake or a repeat somewhere; enough must still be read quickly.
        #expect(quick > 120, "\(quick) lines read quickly")
    }

    /// QuickArguments knows every option `render` declares, as an option or a flag alike,
    /// and no other: adding an option to one and not the other fails here.
    @Test func knowsExactlyTheOptionsRenderDeclares() throws {
        let declared = try QuickReaderCheck.expectTable(QuickArguments.options, declaredBy: "render")
        #expect(!declared.options.isEmpty)
        #expect(Set(declared.flags).isSuperset(of: ["help", "version"]))
    }

    /// The random lines below try every option QuickArguments knows.
    @Test func randomLinesCoverEveryOption() {
        QuickReaderCheck.expectCovers(Self.options.map(\.0) + Self.flags, QuickArguments.options)
    }

    @Test func readsTheEverydayLines() {
        let lines: [[String]] = [
            [], ["-"], ["render", "a.jsonl"], ["--width", "48", "examples/welcome.jsonl"],
            ["--from", "bot-api", "--to", "ansi", "--color", "always", "--width", "80", "one.jsonl"],
            ["--to=html", "--standalone", "--theme", "light", "x.json"], ["--", "--strange-name.json"],
            ["--from", "text", "--entities", "[]", "--detect", "--stats"],
        ]
        for arguments in lines {
            let fast = QuickArguments.render(arguments)
            #expect(fast != nil, "\(arguments)")
            #expect(fast == Self.parsed(arguments), "\(arguments)")
        }
    }

    @Test func versionIsWhatArgumentParserPrints() throws {
        do {
            _ = try Msgfmt.parseAsRoot(["--version"])
            Issue.record("--version parsed as a command")
        } catch {
            #expect(QuickArguments.version(["--version"]) == Msgfmt.fullMessage(for: error))
        }
        #expect(QuickArguments.version(["--version", "x"]) == nil)
        #expect(QuickArguments.version(["render", "--version"]) == nil)
        let run = try Binary.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == MsgfmtVersion.string + "\n")
    }

    @Test func defersWhatItIsNotSureOf() {
        let lines: [[String]] = [
            ["--help"], ["-h"], ["--version"], ["inspect"], ["export", "result.json"], ["help"],
            ["--width", "0"], ["--width", "-3"], ["--width"], ["--to", "pdf"], ["--detect=true"],
            ["--width", "40", "--width", "50"], ["a.jsonl", "render"], ["--ellipsis", "-"], ["--ellipsis="],
            ["--generate-completion-script", "bash"], ["-x"], ["--tab-width", "0"], ["--max-lines", "-1"],
        ]
        for arguments in lines {
            #expect(QuickArguments.render(arguments) == nil, "\(arguments)")
        }
    }
}
