/// The type checks of the members an export message is read from that are not required:
/// a value of another type is left out (as the tree path always did) and said, rather than
/// passed over in silence. `ExportMessageReader` declines every message with such a value,
/// so these come from the tree path alone.
extension ExportMessageDecoder {
    /// What a checked member must hold.
    private enum Expected {
        /// A string, or null.
        case string
        /// An integer that fits 64 bits, or null.
        case integer
        /// An array, or null.
        case array
        /// A string (`type`: never null).
        case name
    }

    /// The members checked, by name.
    private static let expected: [String: Expected] = {
        var table: [String: Expected] = ["type": .name, "reactions": .array]
        for name in [
            "from", "from_id", "actor", "actor_id", "author", "via_bot", "forwarded_from", "photo", "file", "file_name",
            "media_type", "mime_type", "thumbnail", "sticker_emoji", "performer", "title",
        ] {
            table[name] = .string
        }
        for name in [
            "reply_to_message_id", "grouped_id", "photo_file_size", "file_size", "thumbnail_file_size", "width", "height",
            "duration_seconds",
        ] {
            table[name] = .integer
        }
        return table
    }()

    /// Whether member `name` holds an integer (sizes, dimensions, durations, ids), which the
    /// direct reader's media members follow too (`ExportMediaFields.holdsInteger`).
    static func holdsInteger(_ name: String) -> Bool {
        expected[name] == .integer
    }

    /// The members of `value` (each name's first, the one read) that hold a value of the
    /// wrong type; and its `text` when it has `text_entities`, which are shown instead.
    static func fieldProblems(_ value: JSONValue) -> [ExportFieldProblem] {
        guard case .object(let members) = value else { return [] }
        var problems: [ExportFieldProblem] = []
        let hasParts = value["text_entities"] != nil
        for (i, (name, member)) in members.enumerated() {
            let problem: ExportFieldProblem?
            if name == "text" {
                problem = hasParts ? textProblem(typeName: member.typeName, isValid: member.isTextValue) : nil
            } else if let expected = expected[name] {
                problem = self.problem(name, member, expected)
            } else {
                problem = nil
            }
            guard let problem, !members[..<i].contains(where: { $0.0 == name }) else { continue }
            problems.append(problem)
        }
        return problems
    }

    /// The problem of a `text` that `text_entities` stands in for, unless it `isValid` (a
    /// string, an array or null): an error, since what it held is not shown.
    static func textProblem(typeName: String, isValid: Bool) -> ExportFieldProblem? {
        guard !isValid else { return nil }
        return ExportFieldProblem(.error, .wrongType(field: "text", expected: "a string or an array", found: typeName))
    }

    /// Whether a member's value starting with `first` is a string, an array or null, what
    /// a `text` may be (the direct reader declines any other, `deferredTextProblem` names it).
    static func mayBeText(first: UInt8) -> Bool {
        first == UInt8(ascii: "\"") || first == UInt8(ascii: "[") || first == UInt8(ascii: "n")
    }

    /// The problem of a `text` member left out of the tree (`JSONParser.parseDeferring`)
    /// whose value starts with `first`.
    static func deferredTextProblem(first: UInt8) -> ExportFieldProblem? {
        if mayBeText(first: first) { return nil }
        switch first {
        case UInt8(ascii: "{"): return textProblem(typeName: "an object", isValid: false)
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return textProblem(typeName: "a boolean", isValid: false)
        default: return textProblem(typeName: "a number", isValid: false)
        }
    }

    private static func problem(_ name: String, _ member: JSONValue, _ expected: Expected) -> ExportFieldProblem? {
        let wanted: String
        switch (expected, member) {
        case (.name, .string), (.string, .string), (.string, .null), (.integer, .null), (.array, .array), (.array, .null):
            return nil
        case (.integer, _):
            if member.int64Value != nil { return nil }
            wanted = "an integer"
        case (.array, _):
            wanted = "an array"
        case (.string, _), (.name, _):
            wanted = "a string"
        }
        let found = member.stringValue.map { "\"\(String($0.prefix(40)))\"" } ?? member.typeName
        return ExportFieldProblem(.warning, .wrongType(field: name, expected: wanted, found: found))
    }
}

extension JSONValue {
    /// Whether this is what a message's `text` may be: a string, an array or null.
    fileprivate var isTextValue: Bool {
        switch self {
        case .string, .array, .null: true
        default: false
        }
    }
}
