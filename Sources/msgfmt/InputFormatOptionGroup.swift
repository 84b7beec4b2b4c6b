import ArgumentParser
import MsgfmtCore

/// The options that say what the input is, shared by `render` and `inspect` so the same
/// input is read the same way by both.
struct InputFormatOptionGroup: ParsableArguments {
    @Option(help: "Input format: auto, bot-api, text, markdown-v2, html, markdown or tdesktop.")
    var from: InputFormat = RenderOptions().from

    @Option(help: ArgumentHelp("With --from text: the Bot API entity array, as JSON or @FILE.", valueName: "json-or-@file"))
    var entities: String?

    /// The `--entities` value, reading `@FILE` when given so.
    static func entitiesJSON(_ value: String?) throws -> String? {
        guard let value else { return nil }
        guard value.hasPrefix("@") else { return value }
        do {
            let file = try InputFile.read(String(value.dropFirst()))
            return String(decoding: file.bytes, as: UTF8.self)
        } catch {
            throw ValidationError("--entities: \(error.message).")
        }
    }
}

extension InputFormat: ExpressibleByArgument {}
