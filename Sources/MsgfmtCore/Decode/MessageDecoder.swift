/// Reads messages from input bytes in any `--from` format.
public enum MessageDecoder {
    /// Decodes every message of `input`, in order. Never throws: unreadable parts become
    /// `.failure` items naming where they are.
    public static func decode(_ input: InputFile, options: DecodeOptions) -> [DecodedItem] {
        var items: [DecodedItem] = []
        decode(input, options: options) { items.append($0) }
        return items
    }

    /// Decodes every message of `input` and hands each item to `each` as soon as it is
    /// read, in order: JSON Lines are decoded line by line, so memory stays flat however
    /// long the input is.
    public static func decode(_ input: InputFile, options: DecodeOptions, each: (DecodedItem) -> Void) {
        decodeLocated(input, options: options) { item, _ in each(item) }
    }

    /// `decode(_:options:each:)`, handing each item with the JSON Lines line it was read
    /// from (nil for any other input), so what is reported later about its message (its
    /// normalization) can name the line too.
    static func decodeLocated(_ input: InputFile, options: DecodeOptions, each: (DecodedItem, _ line: InputLine?) -> Void) {
        var bytes = input.bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let filter = options.filter
        let unlined: (DecodedItem) -> Void = { each($0, nil) }
        // Text and parse modes give the filter only the text; JSON and exports say more.
        let textOnly: (DecodedItem) -> Void = { each($0.kept(by: filter), nil) }
        switch options.format {
        case .auto:
            // Nothing but blanks (an empty pipe) holds no message: nothing to write.
            if bytes.allSatisfy(JSONParser.isWhitespace) { return }
            if TDesktopReader.looksLikeExport(bytes), !startsWithJSONValueLine(bytes) {
                return decodeTDesktop(bytes, filter: filter).forEach(unlined)
            }
            if looksLikeJSON(bytes) || looksLikeJSONLinesAfterAFirstLine(bytes) {
                return decodeJSON(bytes, allowTDesktop: true, filter: filter, each: each)
            }
            return decodeText(bytes, entitiesJSON: options.entitiesJSON).forEach(textOnly)
        case .botAPI: return decodeJSON(bytes, allowTDesktop: false, filter: filter, each: each)
        case .tdesktop: return decodeTDesktop(bytes, filter: filter).forEach(unlined)
        case .text: return decodeText(bytes, entitiesJSON: options.entitiesJSON).forEach(textOnly)
        case .markdownV2: return decodeParseMode(bytes, MarkdownV2Parser.parse).forEach(textOnly)
        case .html: return decodeParseMode(bytes, TelegramHTMLParser.parse).forEach(textOnly)
        case .markdown: return decodeParseMode(bytes, LegacyMarkdownParser.parse).forEach(textOnly)
        }
    }

    /// True when the input starts like a JSON object or array (not like `[text](url)`).
    static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { return false }
        if bytes[i] == 0x7B { return true }
        guard bytes[i] == 0x5B else { return false }
        i += 1
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i >= bytes.count || [0x7B, 0x5B, 0x5D, 0x22].contains(bytes[i])
    }

    /// One JSON document, or JSON Lines when the first line is a complete value.
    static func decodeJSON(_ bytes: [UInt8], allowTDesktop: Bool) -> [DecodedItem] {
        var items: [DecodedItem] = []
        decodeJSON(bytes, allowTDesktop: allowTDesktop) { item, _ in items.append(item) }
        return items
    }

    /// `decodeJSON(_:allowTDesktop:)`, handing each item to `each` as it is read, with its
    /// line when the input is JSON Lines; messages `filter` does not keep are handed out as
    /// `.filtered`.
    static func decodeJSON(
        _ bytes: [UInt8], allowTDesktop: Bool, filter: MessageFilter? = nil, each: (DecodedItem, _ line: InputLine?) -> Void
    ) {
        var index = 0
        do throws(JSONParseError) {
            let value = try JSONParser.parse(bytes)
            let items =
                allowTDesktop && isTDesktopExport(value)
                ? decodeTDesktop(bytes, filter: filter) : BotAPIDecoder.items(from: value, line: nil, nextIndex: &index, filter: filter)
            for item in items { each(item, nil) }
            return
        } catch {
            let lines = InspectInput.splitLines(bytes).filter { !isBlank($0.1) }
            if isJSONLines(lines, documentError: error) {
                for (number, slice) in lines { decodeLine(slice, number: number, index: &index, filter: filter, each: each) }
                return
            }
            // A whole value with more after it: values one after another, as `jq` writes them.
            if (try? JSONParser.parseValue(in: bytes[...], from: 0)) != nil {
                return decodeValueSequence(bytes, filter: filter, each: each)
            }
            let location = Diagnostic.Location(byteOffset: error.byteOffset, line: error.line, column: error.column)
            each(.failure(Diagnostic(.error, location, "invalid JSON: \(error.reason)")), nil)
        }
    }

    /// True for the shape of a Telegram Desktop export: a chat with `messages`, or an
    /// account export with `chats`.
    static func isTDesktopExport(_ value: JSONValue) -> Bool {
        guard value.objectValue != nil else { return false }
        return value["messages"]?.arrayValue != nil || value["chats"] != nil
    }

    /// The input text with invalid UTF-8 replaced (and reported) and one final newline
    /// (LF or CR LF, as a file saved on Windows ends) removed.
    static func inputText(_ bytes: [UInt8]) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        var bytes = bytes
        var diagnostics: [Diagnostic] = []
        if let bad = UTF8Validation.firstInvalidOffset(bytes) {
            diagnostics.append(Diagnostic(.warning, .init(byteOffset: bad), "invalid UTF-8 replaced with U+FFFD"))
            bytes = UTF8Validation.repaired(bytes)
        }
        if bytes.last == 0x0A {
            bytes.removeLast()
            if bytes.last == 0x0D { bytes.removeLast() }
        }
        return (bytes, diagnostics)
    }

    /// `--from text`: the whole input is the text; entities come from `--entities`.
    static func decodeText(_ bytes: [UInt8], entitiesJSON: String?) -> [DecodedItem] {
        let (textBytes, diagnostics) = inputText(bytes)
        var message = Message(text: String(decoding: textBytes, as: UTF8.self))
        var all = diagnostics
        if let entitiesJSON {
            let (entities, problems) = self.entities(entitiesJSON)
            message.entities = entities
            all += problems
        }
        return [.message(message, diagnostics: all)]
    }

    /// The entities of `--entities` (a Bot API entity array as JSON), with a warning for
    /// each one skipped, or an error when it is not JSON.
    static func entities(_ entitiesJSON: String) -> ([MessageEntity], [Diagnostic]) {
        do throws(JSONParseError) {
            let value = try JSONParser.parse(Array(entitiesJSON.utf8))
            // Located in the option, not in the input text: `--entities:entity 2: …`.
            var (entities, problems) = BotAPIEntityReader.read(value, at: .init())
            for i in problems.indices { problems[i].source = "--entities" }
            return (entities, problems)
        } catch {
            let location = Diagnostic.Location(line: error.line, column: error.column)
            return ([], [Diagnostic(.error, location, "--entities is not valid JSON: \(error.reason)")])
        }
    }

    /// One message in a parse mode; a syntax error fails the message.
    static func decodeParseMode(_ bytes: [UInt8], _ parse: ([UInt8]) throws(ParseModeError) -> Message) -> [DecodedItem] {
        let (textBytes, diagnostics) = inputText(bytes)
        do throws(ParseModeError) {
            return [.message(try parse(textBytes), diagnostics: diagnostics)]
        } catch {
            return [.failure(error.diagnostic)]
        }
    }
}
