import ArgumentParser
import MsgfmtCore

extension Msgfmt {
    /// Runs the command line like `ParsableCommand.main()`, except that a usage error
    /// (bad option value, failed validation) exits with status 2 as CLI.md documents,
    /// not ArgumentParser's 64.
    ///
    /// The everyday render, inspect, export and diff command lines, and `--version`, are
    /// read by `QuickArguments`; every other one, and every one that asks for help or holds
    /// a mistake, by ArgumentParser.
    static func main() {
        // The command whose usage a usage error raised while it runs is shown with.
        var running: any ParsableCommand.Type = Msgfmt.self
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if let settings = QuickArguments.render(arguments) {
                running = RenderCommand.self
                try RenderCommand.run(settings)
                return
            }
            if let settings = QuickArguments.export(arguments) {
                running = ExportCommand.self
                try ExportJob(settings: settings).run()
                return
            }
            if let settings = QuickArguments.diff(arguments) {
                running = DiffCommand.self
                try DiffJob(settings: settings).run()
                return
            }
            if let settings = QuickArguments.inspect(arguments) {
                running = InspectCommand.self
                try InspectCommand.run(settings)
                return
            }
            if let version = QuickArguments.version(arguments) {
                let sink = OutputSink(fd: 1, capacity: 64)
                sink.write(version + "\n")
                sink.flush()
                return
            }
            var command = try quickSubcommand(arguments) ?? parseAsRoot()
            running = type(of: command)
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                let sink = OutputSink(fd: 2, capacity: 1024)
                sink.write(message(for: error, running: running) + "\n")
                sink.flush()
                exit(withError: ExitStatus.usage)
            }
            exit(withError: error)
        }
    }
}

extension Msgfmt {
    /// The message of a usage error: as the root parse words it, but led by `msgfmt: error:`
    /// like every other diagnostic (CLI.md) rather than ArgumentParser's `Error:`, and with
    /// the usage line of the subcommand that was `running` when the error was raised while
    /// it ran (an option combination it checks itself), not the root's `msgfmt <subcommand>`.
    static func message(for error: any Error, running: any ParsableCommand.Type) -> String {
        var message = fullMessage(for: error)
        if message.hasPrefix("Error: ") { message = "msgfmt: error: " + message.dropFirst("Error: ".count) }
        guard running != Msgfmt.self, message.contains("Usage: msgfmt <subcommand>") else { return message }
        var usage = running.usageString()
        if !usage.hasPrefix("msgfmt ") { usage = "msgfmt " + usage }
        let name = running.configuration.commandName ?? ""
        return message.replacing("Usage: msgfmt <subcommand>", with: "Usage: " + usage)
            .replacing("See 'msgfmt --help'", with: "See 'msgfmt \(name) --help'")
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
