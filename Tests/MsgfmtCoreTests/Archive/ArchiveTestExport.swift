import Foundation

@testable import MsgfmtCore

/// A Telegram Desktop export built in memory for the archive tests: chats of messages
/// (each a JSON object, members in order), written in Telegram's layout (one-space
/// indentation), compact, with every object's members in reverse order, or with every
/// non-ASCII character as a `\u` escape.
struct ArchiveTestExport {
    /// One chat: its id (nil leaves it out), name and message objects.
    struct Chat {
        var id: Int64?
        var name: String
        var messages: [JSONValue]
    }

    /// How the JSON is written: the content is the same in every layout.
    enum Layout { case telegram, compact, reversedKeys, asciiOnly }

    var chats: [Chat]
    /// Written as a whole-account export (`personal_information`, `chats.list`).
    var account = false
    var owner: Int64 = 1

    /// A single-chat export.
    init(chat: Chat) {
        chats = [chat]
    }

    /// A whole-account export.
    init(account chats: [Chat]) {
        self.chats = chats
        account = true
    }

    /// A plain message object: id, dates (the local `date` in UTC), sender and text.
    static func message(
        _ id: Int64, date: Int64, from: String = "Alice", fromID: String = "user1", text: String = "",
        extra: [(String, JSONValue)] = []
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .number(String(id))), ("type", .string("message")),
            ("date", .string(localDate(date))), ("date_unixtime", .string(String(date))),
            ("from", .string(from)), ("from_id", .string(fromID)),
            ("text", .string(text)),
        ]
        members += extra
        return .object(members)
    }

    /// `2024-01-01T10:00:00` for a Unix time, in UTC.
    static func localDate(_ unix: Int64) -> String {
        ExportClock(timeZone: "UTC")!.stamp(of: unix).replacingOccurrences(of: " ", with: "T") + ":00"
    }

    /// The export's JSON text.
    func json(_ layout: Layout = .telegram) -> String {
        let chatValues: [JSONValue] = chats.map { chat in
            var members: [(String, JSONValue)] = [("name", .string(chat.name)), ("type", .string("personal_chat"))]
            if let id = chat.id { members.append(("id", .number(String(id)))) }
            members.append(("messages", .array(chat.messages)))
            return .object(members)
        }
        let root: JSONValue =
            account
            ? .object([
                ("personal_information", .object([("user_id", .number(String(owner)))])),
                ("chats", .object([("about", .string("chats")), ("list", .array(chatValues))])),
            ])
            : chatValues[0]
        var out = ""
        Self.write(root, layout: layout, level: 0, into: &out)
        return out + "\n"
    }

    /// The JSON as bytes.
    func bytes(_ layout: Layout = .telegram) -> [UInt8] {
        Array(json(layout).utf8)
    }

    /// The index of this export, as the differ sees it.
    func index(_ layout: Layout = .telegram, report: (Diagnostic) -> Void = { _ in }) throws -> ArchiveIndex {
        let source = ExportByteSource(bytes: bytes(layout), name: "test.json")
        return try ArchiveIndexer(clock: ExportClock(timeZone: "UTC")!).index(source, report: report)
    }

    private static func write(_ value: JSONValue, layout: Layout, level: Int, into out: inout String) {
        let pretty = layout != .compact
        let newline = pretty ? "\n" + String(repeating: " ", count: level + 1) : ""
        let closing = pretty ? "\n" + String(repeating: " ", count: level) : ""
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): out += quoted(s, asciiOnly: layout == .asciiOnly)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                out += (i > 0 ? "," : "") + newline
                write(item, layout: layout, level: level + 1, into: &out)
            }
            out += closing + "]"
        case .object(var members):
            if members.isEmpty { out += "{}"; return }
            if layout == .reversedKeys { members.reverse() }
            out += "{"
            for (i, (name, member)) in members.enumerated() {
                out += (i > 0 ? "," : "") + newline + quoted(name, asciiOnly: false) + (pretty ? ": " : ":")
                write(member, layout: layout, level: level + 1, into: &out)
            }
            out += closing + "}"
        }
    }

    /// A JSON string literal; with `asciiOnly`, every non-ASCII character as `\u`
    /// escapes (UTF-16, surrogate pairs for astral characters).
    static func quoted(_ s: String, asciiOnly: Bool) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 || (asciiOnly && scalar.value > 0x7E) {
                    for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension JSONValue {
    /// A copy of this object with member `name` set (replaced, or added at the end).
    func setting(_ name: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let i = members.firstIndex(where: { $0.0 == name }) {
            members[i].1 = value
        } else {
            members.append((name, value))
        }
        return .object(members)
    }

    /// A copy of this object without member `name`.
    func removing(_ name: String) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.0 != name })
    }
}
