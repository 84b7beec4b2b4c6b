import ArgumentParser
import MsgfmtCore

/// The options that say what the input is, shared by `render` and `inspect` so the same
/// input is read the same way by both.
struct InputFormatOptionGroup: ParsableArguments {
    @Option(help: "Input format: auto, bot-api, text, markdown-v2, html, markdown or tdesktop.")
    var from: InputFormat = RenderOptions().from

    @Option(
        help: ArgumentHelp(
            "The Bot API entity array of plain text input, as JSON or @FILE: the input is read as text (--from auto or text; another --from is a usage error).",
            valueName: "json-or-@file"))
    var entities: String?

    /// The format to read with: `from`, or with `--entities` text (the entities say the
    /// input is plain text). With another `--from` they would be dropped: a usage error.
    static func format(_ from: InputFormat, entities: String?) throws -> InputFormat {
        guard entities != nil else { return from }
        guard from == .text || from == .auto else {
            throw ValidationError("--entities is for plain text input (--from text), not --from \(from.rawValue).")
        }
        return .text
    }

    /// The `--entities` value, reading `@FILE` when given so. JSON that does not parse is
    /// printed as an error of the option, with its line and column, and so is JSON that is
    /// not an array; the run exits 2.
    static func entitiesJSON(_ value: String?, printer: DiagnosticPrinter) throws -> String? {
        guard let value else { return nil }
        var json = value
        var place = "--entities"
        if value.hasPrefix("@") {
            let path = String(value.dropFirst())
            do {
                let file = try InputFile.read(path)
                json = String(decoding: file.bytes, as: UTF8.self)
                place = "--entities \(value)"
            } catch {
                throw ValidationError("--entities: \(error.message).")
            }
        }
        let parsed: JSONValue
        do throws(JSONParseError) {
            parsed = try JSONParser.parse(Array(json.utf8))
        } catch {
            printer.error("\(place):\(error.line):\(error.column): invalid JSON: \(error.reason)")
            throw ExitStatus.usage
        }
        guard parsed.arrayValue != nil else {
            printer.error("\(place): must be a JSON array of entities, not \(parsed.typeName)")
            throw ExitStatus.usage
        }
        return json
    }
}

extension InputFormat: ExpressibleByArgument {}
