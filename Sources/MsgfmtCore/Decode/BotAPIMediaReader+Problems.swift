extension BotAPIMediaReader {
    /// What each media field read for a placeholder must hold: its kind's value (an array
    /// for `photo`, else an object) and, inside it, the members the placeholder shows.
    private enum Shape {
        case integer, number, string, array
    }

    /// The members of each media kind the placeholder reads, with what they must be.
    private static let members: [String: [(String, Shape)]] = [
        "animation": [("width", .integer), ("height", .integer), ("file_size", .integer)],
        "video": [("duration", .integer), ("file_size", .integer)],
        "video_note": [("duration", .integer), ("file_size", .integer)],
        "voice": [("duration", .integer), ("file_size", .integer)],
        "audio": [("duration", .integer), ("file_size", .integer), ("performer", .string), ("title", .string), ("file_name", .string)],
        "sticker": [("emoji", .string), ("file_size", .integer)],
        "document": [("file_name", .string), ("file_size", .integer)],
        "paid_media": [("star_count", .integer), ("paid_media", .array)],
        "venue": [("title", .string), ("address", .string)],
        "location": [("latitude", .number), ("longitude", .number)],
        "contact": [("first_name", .string), ("last_name", .string), ("phone_number", .string)],
        "poll": [("question", .string), ("options", .array), ("total_voter_count", .integer)],
        "checklist": [("title", .string), ("tasks", .array)],
        "dice": [("emoji", .string), ("value", .integer)],
        "game": [("title", .string), ("description", .string)],
        "invoice": [("title", .string), ("total_amount", .integer), ("currency", .string)],
        "giveaway": [("winner_count", .integer)],
        "giveaway_winners": [("winner_count", .integer)],
    ]

    /// Warnings for the media fields of `message` that hold values of another type than
    /// the Bot API gives them (`"duration": "7"`, `"photo": "x"`): the placeholder shows
    /// what could be read and leaves the rest out, and says so, at `location`.
    static func problems(of message: JSONValue, at location: Diagnostic.Location) -> [Diagnostic] {
        guard let object = message.objectValue else { return [] }
        var problems: [Diagnostic] = []
        func warn(_ field: String, _ expected: String, _ value: JSONValue) {
            problems.append(
                Diagnostic(.warning, location, "\"\(field)\" must be \(expected), not \(value.typeName); the placeholder leaves it out"))
        }
        for (key, value) in object where value != .null {
            if key == "photo" {
                guard let sizes = value.arrayValue else {
                    warn("photo", "an array of sizes", value)
                    continue
                }
                for size in sizes {
                    for field in ["width", "height", "file_size"] {
                        if let v = size[field], v != .null, !holds(v, .integer) { warn("photo." + field, "an integer", v) }
                    }
                }
                continue
            }
            guard let fields = members[key] else { continue }
            guard value.objectValue != nil else {
                warn(key, "an object", value)
                continue
            }
            for (field, shape) in fields {
                guard let v = value[field], v != .null, !holds(v, shape) else { continue }
                warn(key + "." + field, name(of: shape), v)
            }
        }
        return problems
    }

    /// Whether `value` is of `shape`.
    private static func holds(_ value: JSONValue, _ shape: Shape) -> Bool {
        switch shape {
        case .integer: value.int64Value != nil
        case .number: value.doubleValue != nil
        case .string: value.stringValue != nil
        case .array: value.arrayValue != nil
        }
    }

    private static func name(of shape: Shape) -> String {
        switch shape {
        case .integer: "an integer"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        }
    }
}
