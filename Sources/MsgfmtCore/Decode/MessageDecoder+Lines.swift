extension MessageDecoder {
    /// Whether input that is no one JSON document (it failed with `documentError`) is JSON
    /// Lines, given its `lines` that are not blank: when its first line is a whole value,
    /// or when some later line is a whole object or array and the first line is what broke
    /// the document (`garbage`, `]`, `# comment`) or a broken object. So a bad first line
    /// costs only its own message, while a document broken further on (a pretty-printed
    /// object, an array cut short) is still one error.
    static func isJSONLines(_ lines: [(Int, ArraySlice<UInt8>)], documentError: JSONParseError) -> Bool {
        guard lines.count > 1 else { return false }
        if (try? JSONParser.parse(lines[0].1)) != nil { return true }
        let brokenObject = lines[0].1.first(where: { $0 > 0x20 }) == 0x7B
        guard brokenObject || documentError.line == lines[0].0 else { return false }
        return lines.dropFirst().contains { line in
            guard let value = try? JSONParser.parse(line.1) else { return false }
            return brokenObject ? value.objectValue != nil : value.objectValue != nil || value.arrayValue != nil
        }
    }

    /// For `--from auto`, input whose first line that is not blank does not start like
    /// JSON: true when every later line that is not blank is a whole JSON object or array
    /// (and there is one), so JSON Lines with a bad first line are read as JSON Lines, not
    /// as one text. Text with a JSON line or two among other lines stays text.
    static func looksLikeJSONLinesAfterAFirstLine(_ bytes: [UInt8]) -> Bool {
        var start = 0
        var seenFirst = false
        var seenValue = false
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            if isBlank(line) { continue }
            guard seenFirst else {
                seenFirst = true
                continue
            }
            let first = line.first(where: { $0 > 0x20 })
            guard first == 0x7B || first == 0x5B, let value = try? JSONParser.parse(line),
                value.objectValue != nil || value.arrayValue != nil
            else { return false }
            seenValue = true
        }
        return seenValue
    }
}
