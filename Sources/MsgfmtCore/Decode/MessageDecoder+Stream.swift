extension MessageDecoder {
    /// Given JSON Lines line `number` (not blank) and the count of messages and failures
    /// before it, takes the line undecoded, moving the count on as the line's items would;
    /// false leaves it to the decoder, with the count set right.
    typealias LineTaker = (_ line: ArraySlice<UInt8>, _ number: Int, _ index: inout Int) -> Bool

    /// Decodes the input of `reader` as `decode(_:options:each:)` decodes it read whole,
    /// but hands out JSON Lines as they arrive: when the first line that is not blank is a
    /// whole JSON value (and, when sniffing, no Telegram Desktop export), each line is
    /// decoded as soon as it is read. Any other input (a document over several lines, a
    /// first line that does not parse, text, parse modes, exports) is read to its end first.
    ///
    /// A lone first line is one JSON document, whose diagnostics carry no line number; so
    /// when the first line's messages have diagnostics, they wait until a second line shows
    /// the input is JSON Lines. `take`, when given, is offered every JSON Lines line after
    /// the first two, before it is decoded here.
    public static func decode(_ reader: InputReader, options: DecodeOptions, each: (DecodedItem) -> Void) throws(InputError) {
        try decode(reader, options: options, take: nil) { item, _ in each(item) }
    }

    /// `decode(_:options:each:)`, offering lines to `take` (see there) and handing each
    /// item with its JSON Lines line (nil for other input, as `decodeLocated`).
    static func decode(
        _ reader: InputReader, options: DecodeOptions, take: LineTaker?, each: (DecodedItem, _ line: InputLine?) -> Void
    ) throws(InputError) {
        var number = 0
        var first: JSONValue?
        if options.format == .botAPI || options.format == .auto {
            while let line = try reader.nextLine() {
                number += 1
                let text = number == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) ? line.dropFirst(3) : line
                if isBlank(text) { continue }
                first = jsonValueLine(text, sniffing: options.format == .auto)
                break
            }
        }
        guard let first else { return try decodeWhole(reader, options: options, each: each) }
        var index = 0
        let filter = options.filter
        let firstLine = InputLine(number, holding: first)
        let items = BotAPIDecoder.items(from: first, line: firstLine, nextIndex: &index, filter: filter)
        var unnumberedIndex = 0
        if items == BotAPIDecoder.items(from: first, line: nil, nextIndex: &unnumberedIndex, filter: filter) {
            reader.forget()
            for item in items { each(item, firstLine) }
        } else {
            var second: (line: ArraySlice<UInt8>, number: Int)?
            while second == nil, let line = try reader.nextLine() {
                number += 1
                if !isBlank(line) { second = (line, number) }
            }
            guard let second else { return try decodeWhole(reader, options: options, each: each) }
            reader.forget()
            for item in items { each(item, firstLine) }
            decodeLine(second.line, number: second.number, index: &index, filter: filter, each: each)
        }
        while let line = try reader.nextLine() {
            number += 1
            if isBlank(line) { continue }
            if let take, take(line, number, &index) { continue }
            decodeLine(line, number: number, index: &index, filter: filter, each: each)
        }
    }

    /// `line` parsed, when it is a whole JSON value; when `sniffing`, only one that starts
    /// like JSON and is no Telegram Desktop export.
    static func jsonValueLine(_ line: ArraySlice<UInt8>, sniffing: Bool) -> JSONValue? {
        if sniffing, !looksLikeJSON(Array(line)) || TDesktopReader.looksLikeExport(Array(line)) { return nil }
        guard let value = try? JSONParser.parse(line) else { return nil }
        return sniffing && isTDesktopExport(value) ? nil : value
    }

    /// True when the first line of `bytes` that is not blank is a whole JSON value and no
    /// export: the input is JSON Lines (or that one value), even if an export's member
    /// names turn up in a later line.
    static func startsWithJSONValueLine(_ bytes: [UInt8]) -> Bool {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[start..<end]
            if !isBlank(line) { return jsonValueLine(line, sniffing: true) != nil }
            start = end + 1
        }
        return false
    }

    /// Decodes the whole input of `reader`, unless its reading was stopped (there is no
    /// one left to show it to, and a cut input would only give false diagnostics).
    private static func decodeWhole(
        _ reader: InputReader, options: DecodeOptions, each: (DecodedItem, _ line: InputLine?) -> Void
    ) throws(InputError) {
        guard !reader.stopped else { return }
        let bytes = try reader.readAll()
        decodeLocated(InputFile(name: reader.name, bytes: bytes), options: options, each: each)
    }

    /// True for a line of spaces, tabs and carriage returns only.
    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Decodes line `number` of JSON Lines, handing each item to `each` with `number`;
    /// `index` counts the messages so far.
    static func decodeLine(
        _ line: ArraySlice<UInt8>, number: Int, index: inout Int, filter: MessageFilter? = nil,
        each: (DecodedItem, _ line: InputLine?) -> Void
    ) {
        // The everyday message is read without a JSON tree; the tree path decides the rest.
        // (The filter is tested by its case: `== nil` copied it into a pair to compare.)
        if case .none = filter, let message = BotAPIMessageReader.message(line) {
            each(.message(message, diagnostics: []), InputLine(number))
            index += 1
            return
        }
        decodeLineThroughTree(line, number: number, index: &index, filter: filter, each: each)
    }

    /// `decodeLine` without trying `BotAPIMessageReader` first: for a caller that tried it
    /// on these bytes already (render's workers, which read the everyday message in place).
    static func decodeLineThroughTree(
        _ line: ArraySlice<UInt8>, number: Int, index: inout Int, filter: MessageFilter? = nil,
        each: (DecodedItem, _ line: InputLine?) -> Void
    ) {
        do throws(JSONParseError) {
            let value = try JSONParser.parse(line)
            let held = InputLine(number, holding: value)
            for item in BotAPIDecoder.items(from: value, line: held, nextIndex: &index, filter: filter) { each(item, held) }
        } catch {
            let location = Diagnostic.Location(messageIndex: index, line: number, column: error.column)
            each(.failure(Diagnostic(.error, location, "invalid JSON: \(error.reason)")), InputLine(number))
            index += 1
        }
    }
}
