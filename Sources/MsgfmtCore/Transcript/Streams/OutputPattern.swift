/// An `-o` path with placeholders, `out/{chat}/{year}-{month}.md`: the stream formats
/// write one file per chat and period it names. `{chat}` is the chat's name as a slug,
/// `{chat_id}` its id, `{year}`, `{month}` and `{day}` the local date of the messages
/// (`2024`, `01`, `05`).
public struct OutputPattern: Sendable, Hashable {
    /// One piece of the pattern.
    enum Piece: Sendable, Hashable {
        case text(String)
        case chat, chatID, year, month, day
    }

    let pieces: [Piece]

    /// The placeholders, as written.
    static let names: [(name: String, piece: Piece)] = [
        ("chat", .chat), ("chat_id", .chatID), ("year", .year), ("month", .month), ("day", .day),
    ]

    /// True when `path` has a placeholder (an opening brace) and needs parsing.
    public static func isPattern(_ path: String) -> Bool {
        path.contains("{")
    }

    /// Parses `path` for writing `format`; throws when a placeholder is unknown or unclosed,
    /// when the date placeholders skip a level (`{day}` without `{month}`, `{month}`
    /// without `{year}`), or when the format is not a stream format.
    public init(parsing path: String, format: ExportFormat) throws(OutputPatternError) {
        guard format != .html else { throw .notAStreamFormat }
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .unclosed(column: path.distance(from: path.startIndex, to: open) + 1)
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let piece = Self.names.first(where: { $0.name == name })?.piece else { throw .unknown(name) }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(piece)
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { pieces.append(.text(text)) }
        if pieces.contains(.day), !pieces.contains(.month) { throw .skipsALevel("{day}", "{month}") }
        if pieces.contains(.month), !pieces.contains(.year) { throw .skipsALevel("{month}", "{year}") }
        if pieces.last.map({ if case .text(let t) = $0 { t.hasSuffix("/") } else { false } }) ?? false {
            throw .endsInAFolder
        }
        self.pieces = pieces
    }

    /// True when the path depends on the message's date, not only on its chat.
    var dated: Bool { pieces.contains(.year) }

    /// The path of the file for a message of `chat` sent on local day `day` (days since
    /// 1970-01-01).
    func path(chat: ExportChatInfo, day: Int64) -> String {
        let (year, month, dayOfMonth) = ExportClock.civil(fromDays: day)
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let t): out += t
            case .chat: out += Self.slug(chat)
            case .chatID: out += chat.id.map(String.init) ?? "chat\(chat.ordinal + 1)"
            case .year: out += year < 0 ? "-" + Self.padded(-year, 4) : Self.padded(year, 4)
            case .month: out += Self.padded(month, 2)
            case .day: out += Self.padded(dayOfMonth, 2)
            }
        }
        return out
    }

    /// The chat's name for a file name: letters and digits (any script, lower-cased) with
    /// every other run of characters one `-` (invisible ones dropped), at most 60
    /// characters; `chat-ID` when nothing is left.
    static func slug(_ chat: ExportChatInfo) -> String {
        var out = ""
        var dash = false
        for c in (chat.name ?? "").lowercased() {
            if c.unicodeScalars.allSatisfy({ $0.properties.isDefaultIgnorableCodePoint }) { continue }
            if c.isLetter || c.isNumber {
                if dash, !out.isEmpty { out += "-" }
                dash = false
                out.append(c)
            } else {
                dash = true
            }
            if out.count >= 60 { break }
        }
        while out.count > 60 || out.hasSuffix("-") { out.removeLast() }
        if out.isEmpty { return "chat-" + (chat.id.map(String.init) ?? String(chat.ordinal + 1)) }
        return out
    }

    private static func padded(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
