import ArgumentParser
import MsgfmtCore

extension Msgfmt {
    /// Runs the command line like `ParsableCommand.main()`, except that a usage error
    /// (bad option value, failed validation) exits with status 2 as CLI.md documents,
    /// not ArgumentParser's 64.
    ///
    /// The everyday render command line, and `--version`, are read by `QuickArguments`;
    /// every other one, and every one that asks for help or holds a mistake, by
    /// ArgumentParser.
    static func main() {
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if let settings = QuickArguments.render(arguments) {
                try RenderCommand.run(settings)
                return
            }
            if let version = QuickArguments.version(arguments) {
                let sink = OutputSink(fd: 1, capacity: 64)
                sink.write(version + "\n")
                sink.flush()
                return
            }
            var command = try quickSubcommand(arguments) ?? parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                let sink = OutputSink(fd: 2, capacity: 1024)
                sink.write(fullMessage(for: error) + "\n")
                sink.flush()
                exit(withError: ExitStatus.usage)
            }
            exit(withError: error)
        }
    }
}

extension Msgfmt {
    /// The `export` or `diff` command `arguments` name, parsed by itself: from the root,
    /// ArgumentParser reflects over the root's, `render`'s and the subcommand's options
    /// (twice for the subcommand), most of a small export's run time. Nil, leaving the
    /// line to `parseAsRoot`, for any other line and for any the subcommand does not take
    /// as it is (help, mistakes), so every message is the one the root parse gives.
    static func quickSubcommand(_ arguments: [String]) -> (any ParsableCommand)? {
        let commands: [String: any ParsableCommand.Type] = ["export": ExportCommand.self, "diff": DiffCommand.self]
        guard let name = arguments.first, let command = commands[name],
            let parsed = try? command.parseAsRoot(Array(arguments.dropFirst())),
            ObjectIdentifier(type(of: parsed)) == ObjectIdentifier(command)  // not its help
        else { return nil }
        return parsed
    }
}
