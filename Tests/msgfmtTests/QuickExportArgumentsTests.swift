import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import msgfmt

/// The quick reader of `msgfmt export` command lines gives exactly the settings
/// ArgumentParser gives, and leaves to ArgumentParser every line it is not sure of.
@Suite struct QuickExportArgumentsTests {
    /// ArgumentParser's reading of `arguments` from the root, or nil when it rejects them
    /// or picks another command.
    static func parsed(_ arguments: [String]) -> ExportSettings? {
        (try? Msgfmt.parseAsRoot(arguments) as? ExportCommand)?.settings
    }

    /// Option names with values ArgumentParser accepts, and some it rejects.
    static let options: [(String, [String])] = [
        ("to", ["html", "ansi", "text", "json", "markdown", "svg", "png", "pdf", "HTML"]),
        ("output", ["out", "site/", "-", "out/{chat}/{year}.md", "pictures"]),
        ("o", ["out.txt", "site", "x/{chat_id}.jsonl"]),
        ("chat", ["Release crew", "42", "-100123"]),
        ("since", ["2024-01-31", "2024-13-01", "yesterday"]),
        ("until", ["2023-12-30", "2024-02-30"]),
        ("style", ["list", "bubbles", "grid"]),
        ("time-zone", ["UTC", "+03:00", "Asia/Tokyo", "UTC-3", "Mars/Base"]),
        ("jobs", ["1", "2", "0", "+3", "x"]),
        ("progress", ["auto", "always", "never", "sometimes"]),
        ("page-size", ["1", "500", "0", "x"]),
        ("pages", ["count", "day", "month", "year", "week"]),
        ("me", ["user42", "42"]),
        ("media", ["link", "copy", "none", "move"]),
        ("image-protocol", ["auto", "kitty", "sixel", "iterm"]),
        ("deleted", ["keep", "mark", "drop", "hide"]),
        ("layout-cache-size", ["0", "64", "2000000", "x"]),
        ("filter", ["from:alice", "has:link -is:service", "from:"]),
        ("width", ["1", "40", "0", "320px", "x"]),
        ("max-lines", ["0", "2", "two"]),
        ("truncate", ["end", "middle", "both"]),
        ("ellipsis", ["…", "...", "wide 中文 ellipsis"]),
        ("overflow", ["fold", "crop", "wrap"]),
        ("wrap", ["greedy", "balanced", "none"]),
        ("align", ["left", "right", "top"]),
        ("tab-width", ["1", "8", "0"]),
        ("width-model", ["modern", "legacy", "old"]),
        ("color", ["auto", "always", "never", "yes"]),
        ("hyperlinks", ["auto", "always", "1"]),
        ("spoilers", ["hide", "reveal", "show"]),
        ("theme", ["dark", "light", "auto"]),
        ("font", ["DejaVu Sans", "Noto Sans"]),
        ("font-size", ["16", "12.5", "0"]),
        ("line-height", ["1.3125", "2", "9"]),
        ("scale", ["1", "2.5", "5"]),
        ("nonsense", ["1"]),
    ]
    static let flags = [
        "no-search", "images", "stats", "update", "expand-quotes", "standalone", "stack", "help", "version", "verbose",
    ]
    static let files = ["result.json", "-", "old/result.json", "render", "export", "help", "-x", "--", "ünï cødé.json"]

    /// A random export command line over the vocabulary above (sometimes of another command).
    static func line(_ random: inout SeededGenerator) -> [String] {
        var line = [random.below(12) == 0 ? "render" : "export"]
        QuickReaderCheck.appendRandom(to: &line, &random, items: 8, options: options, flags: flags, files: files)
        if random.below(3) != 0 { line.append("result.json") }
        return line
    }

    @Test func agreesWithArgumentParserOnRandomLines() {
        // The subcommand parsed by itself, as `Msgfmt.quickSubcommand` parses it, agrees too.
        let alone: ([String]) -> ExportSettings? = {
            (try? ExportCommand.parseAsRoot(Array($0.dropFirst())) as? ExportCommand)?.settings
        }
        let quick = QuickReaderCheck.agreement(
            seed: 2026_12_07, count: 400, line: Self.line, quick: QuickArguments.export, references: [Self.parsed, alone])
        // Most lines have a mistake or a repeat somewhere; enough must still be read quickly.
        #expect(quick > 60, "\(quick) lines read quickly")
    }

    /// The quick reader knows every option `export` declares, as an option or a flag alike,
    /// and no other: adding an option to one and not the other fails here.
    @Test func knowsExactlyTheOptionsExportDeclares() throws {
        let declared = try QuickReaderCheck.expectTable(QuickArguments.exportOptions, declaredBy: "export")
        #expect(!declared.options.isEmpty)
        #expect(declared.short.filter { $0 != "h" } == ["o"])
        #expect(QuickArguments.exportShortNames == ["-o": "output"])
    }

    /// The random lines try every option the quick reader knows.
    @Test func randomLinesCoverEveryOption() {
        QuickReaderCheck.expectCovers(Self.options.map(\.0) + Self.flags, QuickArguments.exportOptions)
    }

    @Test func readsTheEverydayLines() {
        let lines: [[String]] = [
            ["export", "result.json"], ["export", "result.json", "-o", "site"], ["export", "-", "--to", "text"],
            ["export", "a/result.json", "b/result.json", "-o", "merged"],
            ["export", "result.json", "--to", "markdown", "-o", "chat.md", "--update"],
            ["export", "result.json", "--to=ansi", "--style", "bubbles", "--color", "always", "--width", "100"],
            ["export", "result.json", "--to", "json", "--since", "2024-01-01", "--time-zone", "Europe/Berlin", "--stats"],
            ["export", "result.json", "--media", "copy", "--pages", "month", "--no-search", "--jobs", "2"],
            ["export", "--", "--strange-name.json"],
        ]
        for arguments in lines {
            let fast = QuickArguments.export(arguments)
            #expect(fast != nil, "\(arguments)")
            #expect(fast == Self.parsed(arguments), "\(arguments)")
        }
    }

    @Test func defersWhatItIsNotSureOf() {
        let lines: [[String]] = [
            ["export"], ["export", "--help"], ["export", "-h"], ["export", "result.json", "--help"], ["render", "x"],
            ["diff", "a", "b"], ["export", "result.json", "--jobs", "0"], ["export", "result.json", "-o", "-"],
            ["export", "a.json", "-"], ["export", "result.json", "--chat", "a", "--chat", "b"],
            ["export", "result.json", "-o", "x", "--output", "y"], ["export", "result.json", "-o"], ["export", "result.json", "-ox"],
            ["export", "result.json", "--time-zone", "-05:00"], ["export", "result.json", "--to", "svg", "--width", "0px"],
            ["export", "result.json", "--update", "--to", "text"], ["export", "result.json", "--page-size", "5", "--to", "text"],
            ["export", "result.json", "--stats=true"], ["export", "result.json", "help"], ["export", "result.json", "-x"],
        ]
        for arguments in lines {
            #expect(QuickArguments.export(arguments) == nil, "\(arguments)")
        }
    }

    /// The binary writes the same transcript whichever reader read its line, and reports a
    /// mistake with the same usage error.
    @Test func binaryRunsBothReaders() throws {
        let team = PackagePaths.root.appendingPathComponent("examples/team-chat.json").path
        let quick = try Binary.run(["export", team, "--to", "text", "--width", "60", "--color", "never"])
        #expect(quick.status == 0)
        #expect(quick.stdout.contains("Release crew"))
        // A repeated option is left to ArgumentParser, whose last value counts.
        let repeated = ["export", team, "--to", "text", "--width", "50", "--width", "60", "--color", "never"]
        #expect(QuickArguments.export(repeated) == nil)
        let slow = try Binary.run(repeated)
        #expect(slow.status == 0)
        #expect(slow.stdout == quick.stdout)
        #expect(slow.stderr == quick.stderr)
        let bad = try Binary.run(["export", team, "--to", "text", "--jobs", "0"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("msgfmt: error: --jobs must be at least 1, not 0.\nUsage: msgfmt export "))
    }
}
