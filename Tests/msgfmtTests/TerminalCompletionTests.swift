import Testing

/// Shell completion scripts (argument-parser's `--generate-completion-script`), which the
/// README tells users to install.
@Suite struct TerminalCompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptCoversTheStyleOptions(_ shell: String) throws {
        let r = try Binary.run(["--generate-completion-script", shell])
        #expect(r.status == 0)
        for needle in ["msgfmt", "color", "hyperlinks", "spoilers", "inspect", "render"] {
            #expect(r.stdout.contains(needle), "\(shell) script lacks \(needle)")
        }
    }
}
