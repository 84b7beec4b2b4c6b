extension ExportScanner {
    private static func name(_ key: [UInt8]) -> String { String(decoding: key, as: UTF8.self) }
    private static let chatFields: Set<String> = ["name", "type", "id"]

    /// Starts a value at `pos`: a structural container, or an opaque value to skip or cut out.
    mutating func beginValue(_ b: UInt8) throws(ExportReadError) {
        let isContainer = b == UInt8(ascii: "{") || b == UInt8(ascii: "[")
        let isObject = b == UInt8(ascii: "{")
        guard let top = frames.last else {
            // A byte order mark before the document (an export saved again by an editor on
            // Windows) is passed over; offsets stay the file's.
            if b == 0xEF, !sawRoot, base + pos == 0 {
                guard pos + 2 < buffer.count || eof else {
                    needMore = true
                    return
                }
                if pos + 2 < buffer.count, buffer[pos + 1] == 0xBB, buffer[pos + 2] == 0xBF {
                    pos += 3
                    return
                }
            }
            guard isObject else {
                throw .notAnExport(reason: "it does not start with a JSON object")
            }
            sawRoot = true
            frames.append(Frame(role: .root, isObject: true, expectingKey: true))
            pos += 1
            return
        }
        let key = top.isObject ? Self.name(top.key) : ""
        var role: Role?
        var capture = Capture.skip
        switch top.role {
        case .root:
            if key == "messages", b == UInt8(ascii: "[") {
                role = .messages
                startChat()
            } else if key == "personal_information", isObject {
                capture = .personalInfo
            } else if key == "chats" || key == "left_chats", isObject {
                role = .section(left: key == "left_chats")
            } else if Self.chatFields.contains(key) {
                capture = .field
            }
        case .section(let left):
            if key == "list", b == UInt8(ascii: "[") { role = .list(left: left) }
        case .list(let left):
            if isObject {
                role = .chat
                chat = ExportChatInfo(ordinal: chatOrdinal, left: left)
                chatStarted = false
            }
        case .chat:
            if key == "messages", b == UInt8(ascii: "[") {
                role = .messages
                startChat()
            } else if Self.chatFields.contains(key) {
                capture = .field
            }
        case .messages:
            capture = .message
        }
        if let role {
            if case .section = role { sawChats = true }
            frames.append(Frame(role: role, isObject: isObject, expectingKey: isObject))
            pos += 1
            return
        }
        let isString = b == UInt8(ascii: "\"")
        if capture == .message {
            messageIndent = isObject && spacesOnly ? base + pos - lastLineStart : nil
            messageLineStart = lastLineStart
        }
        opaque = Opaque(
            kind: capture, depth: isContainer ? 1 : 0, start: base + pos,
            scalar: !isContainer && !isString, stringOnly: isString, key: top.key)
        if isString { inString = true }
        pos += 1
    }

    mutating func startChat() {
        sawChats = true
        chatStarted = true
        messageIndex = 0
        pending.append(.chatStart(chat))
    }

    mutating func endChat() {
        if !chatStarted { pending.append(.chatStart(chat)) }
        pending.append(.chatEnd(chat))
        chatStarted = false
        chatOrdinal += 1
    }

    /// Ends the opaque value at absolute offset `end` and queues what it yields.
    mutating func finishOpaque(end: Int) {
        guard let o = opaque else { return }
        opaque = nil
        messageIndent = nil
        uncounted = nil
        // The value's last byte is not a blank: a value right after it on the same line does
        // not start a line (the steps inside a value do not track lines).
        spacesOnly = false
        let lower = o.start - base
        let upper = end - base
        guard o.kind != .skip, lower >= 0, upper <= buffer.count, lower <= upper else { return }
        let slice = buffer[lower..<upper]
        var options = JSONParser.Options()
        options.allowHexEscapes = true
        switch o.kind {
        case .skip:
            break
        case .message:
            pending.append(.message(RawExportMessage(bytes: Array(slice), byteOffset: o.start, index: messageIndex, chat: chat)))
            messageIndex += 1
        case .personalInfo:
            if let value = try? JSONParser.parse(slice, options: options) {
                pending.append(.personalInformation(value))
            }
        case .field:
            // A byte that is not UTF-8 (a name cut mid-character) is read as U+FFFD, which
            // shows, rather than losing the whole value.
            guard
                let value = (try? JSONParser.parse(slice, options: options))
                    ?? (try? JSONParser.parse(UTF8Validation.repaired(slice), options: options))
            else { return }
            switch Self.name(o.key) {
            case "name": chat.name = value.stringValue
            case "type": chat.type = value.stringValue
            case "id": chat.id = value.int64Value ?? value.stringValue.flatMap { Int64($0) }
            default: break
            }
        }
    }
}
