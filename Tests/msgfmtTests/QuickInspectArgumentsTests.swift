import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import msgfmt

/// The quick reader of `msgfmt inspect` command lines gives exactly the settings
/// ArgumentParser gives, and leaves to ArgumentParser every line it is not sure of.
@Suite struct QuickInspectArgumentsTests {
    /// ArgumentParser's reading of `arguments` from the root, or nil when it rejects them
    /// or picks another command.
    static func parsed(_ arguments: [String]) -> InspectSettings? {
        (try? Msgfmt.parseAsRoot(arguments) as? InspectCommand)?.settings
    }

    /// Option names with values ArgumentParser accepts, and some it rejects.
    static let options: [(String, [String])] = [
        ("from", ["auto", "bot-api", "text", "markdown-v2", "html", "markdown", "tdesktop", "xml", "TEXT"]),
        ("entities", ["[]", "[{\"type\":\"bold\",\"offset\":0,\"length\":2}]", "@ents.json", "{"]),
        ("width-model", ["modern", "legacy", "old"]),
        ("width", ["40"]),
        ("nonsense", ["1"]),
    ]
    static let flags = ["detect", "help", "version", "stats"]
    static let files = ["message.json", "-", "a/b.txt", "render", "inspect", "help", "-x", "--", "ünï cødé.txt"]

    /// A random inspect command line over the vocabulary above (sometimes of another command).
    static func line(_ random: inout SeededGenerator) -> [String] {
        var line = [random.below(12) == 0 ? "render" : "inspect"]
        QuickReaderCheck.appendRandom(to: &line, &random, items: 6, options: options, flags: flags, files: files)
        return line
    }

    @Test func agreesWithArgumentParserOnRandomLines() {
        let quick = QuickReaderCheck.agreement(
            seed: 2026_12_07_3, count: 400, line: Self.line, quick: QuickArguments.inspect, references: [Self.parsed])
        #expect(quick > 80, "\(quick) lines read quickly")
    }

    /// The quick reader knows every option `inspect` declares, and no other: adding an
    /// option to one and not the other fails here.
    @Test func knowsExactlyTheOptionsInspectDeclares() throws {
        let declared = try QuickReaderCheck.expectTable(QuickArguments.inspectOptions, declaredBy: "inspect")
        #expect(declared.short.filter { $0 != "h" }.isEmpty)
    }

    /// The random lines try every option the quick reader knows.
    @Test func randomLinesCoverEveryOption() {
        QuickReaderCheck.expectCovers(Self.options.map(\.0), QuickArguments.inspectOptions)
    }

    @Test func defersWhatItIsNotSureOf() {
        let lines: [[String]] = [
            ["inspect", "--help"], ["inspect", "-h"], ["inspect", "x", "--from", "text", "--from", "html"], ["render", "x"],
            ["inspect", "--from", "xml"], ["inspect", "--width-model"], ["inspect", "--detect"], ["inspect", "x", "render"],
        ]
        for arguments in lines {
            #expect(QuickArguments.inspect(arguments) == nil, "\(arguments)")
        }
        #expect(QuickArguments.inspect(["inspect"]) == InspectSettings())
    }

    /// The binary prints the same report whichever reader read its line, and reports a
    /// mistake the run finds with the same usage error.
    @Test func binaryRunsBothReaders() throws {
        let welcome = PackagePaths.root.appendingPathComponent("examples/welcome.jsonl").path
        let quick = try Binary.run(["inspect", welcome, "--width-model", "legacy"])
        #expect(quick.status == 0)
        #expect(quick.stdout.contains("\"graphemes\":[{\"start\":0,\"end\":1,\"width\":1}"))
        // A repeated option is left to ArgumentParser, whose last value counts.
        let repeated = ["inspect", welcome, "--width-model", "modern", "--width-model", "legacy"]
        #expect(QuickArguments.inspect(repeated) == nil)
        let slow = try Binary.run(repeated)
        #expect(slow.status == 0)
        #expect(slow.stdout == quick.stdout)
        #expect(slow.stderr == quick.stderr)
        let line = ["inspect", welcome, "--from", "html", "--entities", "[]"]
        #expect(QuickArguments.inspect(line) != nil)
        let bad = try Binary.run(line)
        #expect(bad.status == 2)
        let refusal = "msgfmt: error: --entities is for plain text input (--from text), not --from html.\n"
        #expect(bad.stderr.hasPrefix(refusal + "Usage: msgfmt inspect "))
    }
}
