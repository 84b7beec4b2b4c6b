/// The media members of an export message as the direct reader read them: each a string,
/// a plain integer or null (any other value leaves the message to the tree path).
struct ExportMediaFields: ExportMediaMembers {
    /// A member's value.
    enum Value {
        case string(String)
        case integer(Int64)
        case null
    }

    /// The members the direct reader reads as media fields; a message with any other
    /// media member (locations, polls, contacts, …) takes the tree path.
    static let names: [StaticString] = [
        "photo", "photo_file_size", "file", "file_name", "file_size", "media_type", "mime_type", "thumbnail",
        "thumbnail_file_size", "width", "height", "duration_seconds", "sticker_emoji", "performer", "title",
    ]

    /// Whether the member of `names` at each index holds an integer (else a string).
    static let holdsInteger: [Bool] = names.map { ExportMessageDecoder.holdsInteger($0.description) }

    /// Whether `value` is of the type the member of `names` at `index` holds (null fits
    /// either).
    static func fits(_ value: Value, at index: Int) -> Bool {
        switch value {
        case .null: true
        case .string: !holdsInteger[index]
        case .integer: holdsInteger[index]
        }
    }

    private var members: [(name: String, value: Value)] = []

    /// True when no media member was read.
    var isEmpty: Bool { members.isEmpty }

    /// Keeps member `name` with `value`.
    mutating func add(_ name: String, _ value: Value) { members.append((name, value)) }

    func has(_ key: String) -> Bool { members.contains { $0.name == key } }

    func string(_ key: String) -> String? {
        guard case .string(let s)? = members.first(where: { $0.name == key })?.value else { return nil }
        return s
    }

    func integer(_ key: String) -> Int64? {
        guard case .integer(let n)? = members.first(where: { $0.name == key })?.value else { return nil }
        return n
    }
}
