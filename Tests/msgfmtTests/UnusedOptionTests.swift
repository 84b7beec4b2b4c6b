import Foundation
import Testing

/// Options that do nothing for the input or output chosen are not passed over in silence:
/// `--entities` reads the input as text, and an output-only option given for another
/// output gets a one-line warning (the run still succeeds).
@Suite struct UnusedOptionTests {
    /// Input that looks like JSON, with `--entities` and no `--from`, is the text the
    /// entities are about, not a Bot API message that would drop them.
    @Test func entitiesReadTheInputAsText() throws {
        let result = try Binary.run(
            ["--entities", #"[{"type":"bold","offset":2,"length":4}]"#, "--to", "bot-api"], stdin: #"{"text":"hello"}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == #"{"text":"{\"text\":\"hello\"}","entities":[{"type":"bold","offset":2,"length":4}]}"# + "\n")
    }

    @Test func outputOptionsForAnotherOutputAreWarnedAbout() throws {
        let result = try Binary.run(
            ["--from", "text", "--to", "text", "--stack", "--standalone", "--scale", "2", "--font-size", "20"], stdin: "hi")
        #expect(result.status == 0)
        #expect(result.stdout == "hi\n")
        let fonts = "is for layouts measured with fonts (--to svg|png, --measure font or a --width in px); ignored"
        #expect(
            result.stderr.split(separator: "\n") == [
                "msgfmt: warning: --stack is for --to svg and --to png; ignored",
                "msgfmt: warning: --standalone is for --to html; ignored",
                "msgfmt: warning: --scale is for --to png; ignored",
                "msgfmt: warning: --font-size \(fonts)",
            ])
    }

    /// The same options where they count: no warning.
    @Test func outputOptionsWhereTheyCountAreQuiet() throws {
        let html = try Binary.run(["--from", "text", "--to", "html", "--standalone"], stdin: "hi")
        #expect(html.status == 0)
        #expect(html.stderr.isEmpty, "\(html.stderr)")
        let json = try Binary.run(["--from", "text", "--to", "json", "--measure", "font", "--font-size", "20"], stdin: "hi")
        #expect(json.status == 0)
        #expect(json.stderr.isEmpty, "\(json.stderr)")
    }
}
