import ArgumentParser
import Testing

@testable import msgfmt

/// `export` and `diff` parsed by themselves give the command the root's parse gives, and
/// every line the subcommand does not take as it is goes to the root's parse (so its help
/// and error messages are the root's).
@Suite struct QuickSubcommandTests {
    /// Lines both parses take; each must come out the same.
    static let taken: [[String]] = [
        ["export", "result.json"],
        ["export", "result.json", "-o", "site"],
        ["export", "result.json", "--output=site", "--update", "--layout-cache-size", "0", "--jobs", "2"],
        ["export", "a.json", "b.json", "--to", "markdown", "--since", "2024-01-01", "--until", "2024-02-01"],
        ["export", "-", "--to", "json", "--time-zone", "UTC", "--filter", "from:alice has:link", "--stats"],
        ["export", "result.json", "--to", "ansi", "--style", "bubbles", "--color", "always", "--width", "100"],
        ["export", "result.json", "--pages", "month", "--no-search", "--media", "copy", "--me", "user1", "-o", "s"],
        ["export", "result.json", "--to", "text", "--chat", "Team", "--chat", "42", "--deleted", "mark"],
        ["export", "result.json", "--to", "png", "-o", "pics", "--font", "DejaVu Sans", "--scale", "2"],
        ["export", "--", "-odd name.json"],
        ["diff", "old.json", "new.json"],
        ["diff", "old.json", "new.json", "--to", "html", "-o", "changes", "--chat", "Team", "--stats"],
    ]

    /// Lines the subcommand alone does not take: help, mistakes, missing inputs.
    static let deferred: [[String]] = [
        ["export"],
        ["export", "--help"],
        ["export", "-h"],
        ["export", "result.json", "--version"],
        ["export", "result.json", "--to", "pdf"],
        ["export", "result.json", "--jobs", "x"],
        ["export", "result.json", "--since", "yesterday"],
        ["export", "result.json", "--nonsense"],
        ["diff", "old.json"],
        ["diff", "--help"],
    ]

    /// Everything the command holds, as text.
    static func dumped(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    @Test(arguments: taken)
    func sameCommandAsTheRootParse(line: [String]) throws {
        let quick = try #require(Msgfmt.quickSubcommand(line))
        let root = try Msgfmt.parseAsRoot(line)
        #expect(type(of: quick) == type(of: root))
        #expect(Self.dumped(quick) == Self.dumped(root))
    }

    @Test(arguments: deferred)
    func leavesTheRestToTheRootParse(line: [String]) {
        #expect(Msgfmt.quickSubcommand(line) == nil)
    }

    @Test func otherCommandsAreNotItsBusiness() {
        #expect(Msgfmt.quickSubcommand([]) == nil)
        #expect(Msgfmt.quickSubcommand(["render", "--to", "html"]) == nil)
        #expect(Msgfmt.quickSubcommand(["inspect", "x"]) == nil)
        #expect(Msgfmt.quickSubcommand(["result.json", "export"]) == nil)
    }
}
