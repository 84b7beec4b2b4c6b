import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import msgfmt

/// The quick reader of `msgfmt diff` command lines gives exactly the settings
/// ArgumentParser gives, and leaves to ArgumentParser every line it is not sure of.
@Suite struct QuickDiffArgumentsTests {
    /// ArgumentParser's reading of `arguments` from the root, or nil when it rejects them
    /// or picks another command.
    static func parsed(_ arguments: [String]) -> DiffSettings? {
        (try? Msgfmt.parseAsRoot(arguments) as? DiffCommand)?.settings
    }

    /// Option names with values ArgumentParser accepts, and some it rejects.
    static let options: [(String, [String])] = [
        ("to", ["text", "ansi", "json", "html", "markdown", "TEXT"]),
        ("output", ["changes.txt", "-", "out/diff.json"]),
        ("o", ["changes.html", "x.txt"]),
        ("chat", ["Release crew", "42", "-100123"]),
        ("time-zone", ["UTC", "+03:00", "Asia/Tokyo", "UTC-3", "Mars/Base", "-05:00"]),
        ("me", ["user42", "42", "-1"]),
        ("jobs", ["1", "2", "0", "+3", "x", "-1"]),
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
        ("filter", ["from:alice"]),
        ("nonsense", ["1"]),
    ]
    static let flags = ["stats", "expand-quotes", "standalone", "help", "version", "update"]
    static let files = ["old.json", "new.json", "-", "a/result.json", "export", "diff", "help", "-x", "--", "ünï cødé.json"]

    /// A random diff command line over the vocabulary above (sometimes of another command).
    static func line(_ random: inout SeededGenerator) -> [String] {
        var line = [random.below(12) == 0 ? "export" : "diff"]
        QuickReaderCheck.appendRandom(to: &line, &random, items: 8, options: options, flags: flags, files: files)
        if random.below(4) != 0 { line += ["old/result.json", "new/result.json"] }
        return line
    }

    @Test func agreesWithArgumentParserOnRandomLines() {
        // The subcommand parsed by itself, as `Msgfmt.quickSubcommand` parses it, agrees too.
        let alone: ([String]) -> DiffSettings? = {
            (try? DiffCommand.parseAsRoot(Array($0.dropFirst())) as? DiffCommand)?.settings
        }
        let quick = QuickReaderCheck.agreement(
            seed: 2026_12_07_2, count: 400, line: Self.line, quick: QuickArguments.diff, references: [Self.parsed, alone])
        // Most lines have a mistake, a repeat or a third file; enough must still be read quickly.
        #expect(quick > 40, "\(quick) lines read quickly")
    }

    /// The quick reader knows every option `diff` declares, as an option or a flag alike,
    /// and no other: adding an option to one and not the other fails here.
    @Test func knowsExactlyTheOptionsDiffDeclares() throws {
        let declared = try QuickReaderCheck.expectTable(QuickArguments.diffOptions, declaredBy: "diff")
        #expect(!declared.options.isEmpty)
        #expect(declared.short.filter { $0 != "h" } == ["o"])
    }

    /// The random lines try every option the quick reader knows.
    @Test func randomLinesCoverEveryOption() {
        QuickReaderCheck.expectCovers(Self.options.map(\.0) + Self.flags, QuickArguments.diffOptions)
    }

    @Test func readsTheEverydayLines() {
        let lines: [[String]] = [
            ["diff", "old/result.json", "new/result.json"], ["diff", "a.json", "b.json", "--to", "json", "-o", "changes.json"],
            ["diff", "a.json", "b.json", "--stats", "--jobs", "2", "--color", "never"],
            ["diff", "--to=html", "a.json", "b.json", "--chat", "Release crew", "--time-zone", "Europe/Berlin"],
            ["diff", "a.json", "b.json", "--width", "100", "--max-lines", "3", "--me", "42"],
            ["diff", "--", "--old.json", "-new.json"],
        ]
        for arguments in lines {
            let fast = QuickArguments.diff(arguments)
            #expect(fast != nil, "\(arguments)")
            #expect(fast == Self.parsed(arguments), "\(arguments)")
        }
    }

    @Test func defersWhatItIsNotSureOf() {
        let lines: [[String]] = [
            ["diff"], ["diff", "a.json"], ["diff", "a.json", "b.json", "c.json"], ["diff", "--help"], ["diff", "a", "b", "-h"],
            ["export", "a", "b"], ["diff", "a.json", "-"], ["diff", "a.json", "b.json", "--jobs", "0"],
            ["diff", "a.json", "b.json", "--width", "80px"], ["diff", "a.json", "b.json", "--chat", "a", "--chat", "b"],
            ["diff", "a.json", "b.json", "-o", "x", "--output", "y"], ["diff", "a.json", "b.json", "--me", "-1"],
            ["diff", "a.json", "b.json", "--time-zone", "-05:00"], ["diff", "a.json", "b.json", "--time-zone", "UTC-3"],
            ["diff", "a.json", "b.json", "--stats=true"], ["diff", "a.json", "help"], ["diff", "a.json", "b.json", "--update"],
            ["diff", "a.json", "b.json", "--to", "markdown"],
        ]
        for arguments in lines {
            #expect(QuickArguments.diff(arguments) == nil, "\(arguments)")
        }
    }

    /// The binary writes the same differences whichever reader read its line, with the same
    /// exit status, and reports a mistake with the same usage error.
    @Test func binaryRunsBothReaders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quick-diff-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let team = PackagePaths.root.appendingPathComponent("examples/team-chat.json")
        let old = folder.appendingPathComponent("old.json").path
        var text = try String(contentsOf: team, encoding: .utf8)
        try text.write(toFile: folder.appendingPathComponent("new.json").path, atomically: true, encoding: .utf8)
        text = text.replacingOccurrences(of: "Lunch at the", with: "Dinner at the")
        try text.write(toFile: old, atomically: true, encoding: .utf8)
        let new = folder.appendingPathComponent("new.json").path
        let line = ["diff", old, new, "--to", "text", "--width", "60", "--stats"]
        #expect(QuickArguments.diff(line) != nil)
        let quick = try Binary.run(line)
        #expect(quick.status == 1)
        #expect(quick.stdout.contains("{+Lunch+} at the Café Central?"))
        // A repeated option is left to ArgumentParser, whose last value counts.
        let repeated = ["diff", old, new, "--to", "text", "--width", "50", "--width", "60", "--stats"]
        #expect(QuickArguments.diff(repeated) == nil)
        let slow = try Binary.run(repeated)
        #expect(slow.status == 1)
        #expect(slow.stdout == quick.stdout)
        #expect(slow.stderr == quick.stderr)
        let bad = try Binary.run(["diff", old, new, "--jobs", "0"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("msgfmt: error: --jobs must be at least 1, not 0.\nUsage: msgfmt diff "))
    }
}
