import Foundation
import Testing

@testable import msgfmt

/// The options a subcommand declares, as ArgumentParser dumps them for the man page
/// (`--experimental-dump-help`): what the quick command-line readers are held to.
enum DeclaredOptions {
    /// The long names of `command`'s options and of its flags, and its short names.
    static func of(_ command: String) throws -> (options: [String], flags: [String], short: [String]) {
        struct Dump: Decodable {
            struct Command: Decodable {
                var commandName: String
                var subcommands: [Command]?
                var arguments: [Argument]?
            }
            struct Argument: Decodable {
                var kind: String
                var names: [Name]?
            }
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var command: Command
        }
        var json = ""
        do {
            _ = try Msgfmt.parseAsRoot(["--experimental-dump-help"])
        } catch {
            json = Msgfmt.fullMessage(for: error)
        }
        let dump = try JSONDecoder().decode(Dump.self, from: Data(json.utf8))
        let found = try #require(dump.command.subcommands?.first { $0.commandName == command })
        var options: [String] = []
        var flags: [String] = []
        var short: [String] = []
        for argument in found.arguments ?? [] {
            for name in argument.names ?? [] {
                if name.kind == "short" {
                    short.append(name.name)
                } else if name.kind == "long" {
                    if argument.kind == "flag" { flags.append(name.name) } else { options.append(name.name) }
                }
            }
        }
        return (options, flags, short)
    }
}
