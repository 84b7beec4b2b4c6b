extension MessageDecoder {
    /// Decodes JSON values written one after another, each over as many lines as it takes
    /// (what `jq` writes without `-c`): each value's messages are located by the line it
    /// starts on, as JSON Lines' are. A value that does not parse is reported where it
    /// breaks, and reading goes on from the next line that starts a value at its first
    /// column (`{` or `[`, as `jq` starts each), so one bad value costs only its own messages.
    static func decodeValueSequence(_ bytes: [UInt8], filter: MessageFilter?, each: (DecodedItem, _ line: InputLine?) -> Void) {
        var index = 0
        var position = 0
        var line = 1
        var counted = 0
        // The line of `offset`, counting on from the last offset asked about.
        func lineNumber(at offset: Int) -> Int {
            while counted < offset {
                if bytes[counted] == 0x0A { line += 1 }
                counted += 1
            }
            return line
        }
        while true {
            while position < bytes.count, JSONParser.isWhitespace(bytes[position]) { position += 1 }
            guard position < bytes.count else { return }
            let number = lineNumber(at: position)
            do throws(JSONParseError) {
                let (value, end) = try JSONParser.parseValue(in: bytes[...], from: position)
                let line = InputLine(number, holding: value)
                for item in BotAPIDecoder.items(from: value, line: line, nextIndex: &index, filter: filter) { each(item, line) }
                position = end
            } catch {
                let location = Diagnostic.Location(messageIndex: index, line: error.line, column: error.column)
                each(.failure(Diagnostic(.error, location, "invalid JSON: \(error.reason)")), InputLine(error.line))
                index += 1
                guard let next = nextValueStart(in: bytes, after: max(position, error.byteOffset)) else { return }
                position = next
            }
        }
    }

    /// The first line after the one holding `offset` that starts with `{` or `[`.
    private static func nextValueStart(in bytes: [UInt8], after offset: Int) -> Int? {
        var i = offset
        while i < bytes.count {
            guard let feed = bytes[i...].firstIndex(of: 0x0A) else { return nil }
            i = feed + 1
            if i < bytes.count, bytes[i] == 0x7B || bytes[i] == 0x5B { return i }
        }
        return nil
    }
}
